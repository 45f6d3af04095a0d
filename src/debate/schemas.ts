import { z } from 'zod';
import { citationSchema } from '../citations/citation.js';

/**
 * The structured outputs of every model role, as zod schemas. They are sent to the model as the JSON
 * schema of `output_config.format` and every reply is validated against them before use.
 */

/** The moderator's framing of a debate when no positions were given. */
export const framingSchema = z.object({
  contested: z.boolean().describe('false when the change holds no decision worth debating'),
  reason: z.string().describe('why this decision is contested, or why nothing is'),
  topic: z.string().describe('the contested decision, as a short question'),
  positions: z.array(z.object({ label: z.string().describe('one sentence a maintainer could adopt as the decision') })).max(4),
  out_of_scope: z.array(z.string()),
  suggested_command: z.string().nullable().describe('a sharper command to run instead, when not contested'),
});
export type Framing = z.infer<typeof framingSchema>;

/** An advocate's opening statement. */
export const openingSchema = z.object({
  thesis: z.string(),
  arguments: z
    .array(
      z.object({
        claim: z.string(),
        reasoning: z.string(),
        citations: z.array(citationSchema),
      }),
    )
    .min(1)
    .max(6),
  known_weaknesses: z.array(z.string()),
  predicted_attacks: z.array(z.string()),
});
export type Opening = z.infer<typeof openingSchema>;

/** Position statuses a judge may give (contract section 8 adds `conceded`, which comes from cross-examination). */
export const rulingStatusSchema = z.enum(['survived', 'falsified', 'unresolved']);

/**
 * The judge's ruling for a debate over the given position ids.
 * @param ids the position ids, e.g. ['A', 'B']
 */
export function rulingSchema(ids: readonly [string, ...string[]]) {
  const id = z.enum(ids);
  return z.object({
    positions: z.array(
      z.object({
        id,
        status: rulingStatusSchema,
        rationale: z.string(),
        defeating_citations: z.array(citationSchema).describe('verified evidence against the position; required when falsified'),
      }),
    ),
    recommendation: z.enum([...ids, 'none']),
    tied_on_axis: z.string().nullable(),
    confidence: z.enum(['low', 'medium', 'high']),
    confidence_reason: z.string(),
    key_reasons: z.array(z.string()).min(1).max(5),
    trade_offs: z.array(z.string()).min(2),
    what_would_change: z.array(z.string()),
    dissent: z.string(),
    blind_spots: z.array(z.string()),
    summary: z.string(),
  });
}
export type Ruling = z.infer<ReturnType<typeof rulingSchema>>;

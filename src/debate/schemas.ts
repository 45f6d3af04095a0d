import { z } from 'zod';
import { citationSchema } from '../citations/citation.js';

/**
 * The structured outputs of every role and phase, as zod schemas.
 *
 * One schema goes to the API for every call of a debate: the envelope of {@link replySchemasFor},
 * with one nullable field per kind of turn. The API's prompt-cache key covers `output_config.format`,
 * so a schema per role would make each role write the whole evidence pack to the cache again (about
 * 1.25x its input price each time) instead of reading it (0.1x). The envelope is built once per
 * debate from its position ids, so that position ids are enums of this debate's ids and the judge's
 * ruling has one required entry per position, keyed by its id: a ruling that leaves a position out
 * or rules on one that is not in the debate cannot be written. Each call validates the reply with
 * `replyOf`, which takes the one field it asked for; a reply that left it null or broke its schema
 * gets the engine's repair retry. The framing call, made before the positions exist, sends the
 * envelope of a two-position debate, the usual framing; when the moderator frames three or four
 * positions the debate's envelope differs, and its evidence prefix is written once more.
 *
 * Counts the API cannot express (`minItems` above 1, `maxItems`) are not in the schemas: the engine
 * checks them and says what it did (at most 4 positions, at least two trade-offs, 3-5 key reasons).
 */

/** Position ids, A..D in the order given (docs/how-a-debate-runs.md). */
export const POSITION_IDS = ['A', 'B', 'C', 'D'] as const;

/** One of this debate's position ids. */
function positionIdOf(ids: readonly string[]) {
  return z.enum(ids as [string, ...string[]]);
}

/** The moderator's framing of a debate when no positions were given. */
export const framingSchema = z.object({
  contested: z.boolean().describe('false when the change holds no decision worth debating'),
  reason: z.string().describe('why this decision is contested, or why nothing is'),
  topic: z.string().describe('the contested decision, as a short question'),
  positions: z
    .array(z.object({ label: z.string().describe('one sentence a maintainer could adopt as the decision') }))
    .describe('2 to 4 positions in real tension'),
  out_of_scope: z.array(z.string()),
  suggested_command: z.string().nullable().describe('a sharper command to run instead, when not contested'),
  pr_position: z
    .enum(POSITION_IDS)
    .nullable()
    .describe(
      'the position that is the change as written (A = the first in positions), or null when none is, e.g. a design doc that proposes options',
    ),
});
/** A framing, as validated. */
export type Framing = z.infer<typeof framingSchema>;

/** An argument: a claim, the reasoning from evidence to claim, and the citations it rests on. */
export const argumentSchema = z.object({
  claim: z.string(),
  reasoning: z.string(),
  citations: z.array(citationSchema),
});
/** An argument, as validated. */
export type Argument = z.infer<typeof argumentSchema>;

/**
 * An opening argument: an {@link argumentSchema} with the advocate's confidence that it holds (seed
 * debate-research; issue #28), kept on the claim for the eval's calibration; the judge does not see it.
 */
export const openingArgumentSchema = argumentSchema.extend({
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe('your confidence that this claim holds, from 0 (a guess) to 1 (certain)'),
});

/** An advocate's opening statement (phase 1). */
export const openingSchema = z.object({
  thesis: z.string(),
  arguments: z.array(openingArgumentSchema).min(1),
  known_weaknesses: z.array(z.string()),
  predicted_attacks: z.array(z.string()),
});
/** An opening, as validated. */
export type Opening = z.infer<typeof openingSchema>;

/** The three ways to answer an attack (issue #4, cross-examination). */
export const ANSWER_KINDS = ['refute', 'concede', 'surrender'] as const;

/** An advocate's cross-examination turn (phase 2): answers to the attacks on it, own weaknesses, new attacks. */
export const crossExaminationSchemaFor = (ids: readonly string[]) =>
  z.object({
    answers: z
      .array(
        z.object({
          attack_id: z.string().describe('the id of the attack answered, e.g. "X1.B.2"'),
          answer: z
            .enum(ANSWER_KINDS)
            .describe('refute (with evidence), concede (a non-fatal point) or surrender (give up the position)'),
          text: z.string(),
          citations: z.array(citationSchema),
        }),
      )
      .describe('exactly one answer to every attack aimed at your position'),
    weaknesses: z.array(z.string()).describe('weak points of your own position you now acknowledge'),
    attacks: z
      .array(
        z.object({
          target: positionIdOf(ids).describe('the position attacked; never your own'),
          claim_id: z
            .string()
            .nullable()
            .describe(
              'the id of the claim of that position you attack, e.g. "O.B.1"; null for an attack on the position as a whole',
            ),
          claim: z.string(),
          citations: z.array(citationSchema),
        }),
      )
      .describe('new attacks on other positions, at most 2 per position'),
  });
/** A cross-examination turn, as validated. */
export type CrossExamination = z.infer<ReturnType<typeof crossExaminationSchemaFor>>;

/** A steelman (phase 4): the best case for another position. */
export const steelmanSchemaFor = (ids: readonly string[]) =>
  z.object({
    position: positionIdOf(ids).describe('the position whose best case you write'),
    thesis: z.string(),
    arguments: z.array(argumentSchema).min(1),
  });
/** A steelman, as validated. */
export type Steelman = z.infer<ReturnType<typeof steelmanSchemaFor>>;

/** The auditor's findings (phase 5) on the claims the engine listed by id. */
export const auditSchema = z.object({
  exaggerated: z
    .array(
      z.object({
        claim_id: z.string(),
        reason: z.string().describe('what the claim says that the cited lines do not support'),
      }),
    )
    .describe('claims tagged verified whose wording goes beyond what the cited lines show'),
  // Issue #29; absent in a reply means none (a model that predates the field).
  irrelevant: z
    .array(
      z.object({
        claim_id: z.string(),
        reason: z.string().describe('what the cited lines are about instead, and why they do not bear on the claim'),
      }),
    )
    .default([])
    .describe('claims tagged verified whose cited lines are real but do not support the claim at all'),
  out_of_scope: z
    .array(z.object({ claim_id: z.string(), topic: z.string().describe('the out-of-scope topic, as listed') }))
    .describe('claims that argue about an out-of-scope topic'),
  // Findings on answers, each read beside its attack (src/debate/rubric.ts AUDIT_ANSWER_RULES); absent means none.
  unresponsive: z
    .array(
      z.object({
        answer_id: z.string(),
        reason: z.string().describe('what the attack says and why the answer does not meet it'),
      }),
    )
    .default([])
    .describe('refutes tagged verified that do not meet the attack they answer'),
  stalling: z
    .array(
      z.object({ answer_id: z.string(), reason: z.string().describe('how the answer defers instead of answering') }),
    )
    .default([])
    .describe('answers without a verified citation that defer instead of answering'),
});
/** The auditor's findings, as validated. */
export type Audit = z.infer<typeof auditSchema>;

/** Position statuses a judge may give; `conceded` comes from a surrender in cross-examination, never from the judge. */
export const rulingStatusSchema = z.enum(['survived', 'falsified', 'unresolved']);

/** The judge's ruling on one position. */
const rulingEntrySchema = z.object({
  status: rulingStatusSchema,
  rationale: z.string(),
  defeating_citations: z
    .array(citationSchema)
    .describe('verified evidence against the position; required when falsified'),
});

/** The judge's ruling (phase 6): one required entry per position of this debate, keyed by its id. */
export const rulingSchemaFor = (ids: readonly string[]) => {
  const recommendation = z.enum(['none', ...ids]);
  return z.object({
    positions: z
      .object(Object.fromEntries(ids.map((id) => [id, rulingEntrySchema])) as Record<string, typeof rulingEntrySchema>)
      .describe('your ruling on each position, by its id'),
    recommendation,
    tied_on_axis: z.string().nullable().describe('when there is no clear winner: the axis the positions trade off on'),
    confidence: z.enum(['low', 'medium', 'high']),
    confidence_reason: z.string().describe('one sentence'),
    key_reasons: z.array(z.string()).describe('3 to 5'),
    trade_offs: z.array(z.string()).describe('at least two irreducible trade-offs'),
    what_would_change: z.array(z.string()),
    dissent: z.string().describe('the strongest case of the best losing position, written charitably'),
    consensus: z.array(z.string()).describe('points every position agreed on'),
    open_questions: z.array(z.string()),
    scenarios: z.array(z.object({ scenario: z.string(), recommendation, rationale: z.string() })),
    blind_spots: z.array(z.string()).describe('what no position considered'),
    summary: z.string().describe('one sentence a reviewer reads first'),
  });
};
/** A ruling, as validated (before the engine enforces the rules). */
export type Ruling = z.infer<ReturnType<typeof rulingSchemaFor>>;

/** Most excerpts a reader may give one position; the engine keeps the first ones and says how many it dropped. */
export const EXCERPTS_PER_POSITION = 3;

/**
 * A reader's reply (issue #40): the lines of its part that bear on the positions, each a citation the
 * verifier checks. Readers are not in the debate's envelope: they read their part, not the pack, so
 * their prefix is their own after the system prompt, and the debate's format stays as it was.
 */
export const readingSchemaFor = (ids: readonly string[]) =>
  z.object({
    excerpts: z
      .array(
        z.object({
          position: positionIdOf(ids).describe('the position these lines bear on'),
          note: z.string().describe('one sentence: how the lines bear on the position, for it or against it'),
          citation: citationSchema,
        }),
      )
      .describe(
        `the lines of your part that bear on the positions, most telling first; at most ${EXCERPTS_PER_POSITION} per position; none when nothing bears on them`,
      ),
  });
/** A reader's reply, as validated. */
export type Reading = z.infer<ReturnType<typeof readingSchemaFor>>;

/** A reader call's output format (one field, `reading`, as the envelope has one per kind of turn) and its validator. */
export function readingFormatFor(ids: readonly string[]): { format: z.ZodType<unknown>; reply: z.ZodType<Reading> } {
  const format = z.object({ reading: readingSchemaFor(ids) });
  return { format, reply: format.transform((r) => r.reading) };
}

/** The replies of each kind, as validated, by the envelope field that carries them. */
export interface Replies {
  framing: Framing;
  opening: Opening;
  cross_examination: CrossExamination;
  steelman: Steelman;
  audit: Audit;
  ruling: Ruling;
}

/** The envelope field a call asks for. */
export type ReplyKind = keyof Replies;

/** The output format and the reply validators of one debate. */
export interface ReplySchemas {
  /** The position ids the schemas accept. */
  ids: readonly string[];
  /** The envelope sent with every call of the debate: each kind of reply as a nullable field. */
  format: z.ZodType<unknown>;
  /** The schema of each kind of reply. */
  kinds: { [K in ReplyKind]: z.ZodType<Replies[K]> };
  /**
   * The validator of one kind of reply: the envelope must carry that field, valid; other fields are ignored.
   * @returns a zod schema whose output is the field's value
   */
  replyOf<K extends ReplyKind>(kind: K): z.ZodType<Replies[K]>;
}

/**
 * The schemas of a debate among these positions; build once per debate, so that every call sends the
 * same format object (and the same bytes).
 * @param ids the debate's position ids, in order (a prefix of {@link POSITION_IDS})
 */
export function replySchemasFor(ids: readonly string[]): ReplySchemas {
  const kinds = {
    framing: framingSchema,
    opening: openingSchema,
    cross_examination: crossExaminationSchemaFor(ids),
    steelman: steelmanSchemaFor(ids),
    audit: auditSchema,
    ruling: rulingSchemaFor(ids),
  };
  const format = z.object({
    framing: kinds.framing.nullable(),
    opening: kinds.opening.nullable(),
    cross_examination: kinds.cross_examination.nullable(),
    steelman: kinds.steelman.nullable(),
    audit: kinds.audit.nullable(),
    ruling: kinds.ruling.nullable(),
  });
  const replyOf = <K extends ReplyKind>(kind: K): z.ZodType<Replies[K]> => {
    const field = kinds[kind] as unknown as z.ZodType<Replies[K]>;
    return z.object({ [kind]: field }).transform((reply) => (reply as Record<K, Replies[K]>)[kind]);
  };
  return { ids, format, kinds, replyOf };
}

/** The GitHub answers the check runs and the gate read, as zod schemas, and a check run as the gate reads it. */
import { z } from 'zod';
import type { DecisionCheckRun } from '../gate/select-record.js';

export const checkRunSchema = z.object({
  id: z.number().int(),
  head_sha: z.string(),
  html_url: z.string().nullable(),
  details_url: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  app: z.object({ id: z.number().int() }).nullable(),
  output: z.object({ text: z.string().nullable().optional() }).optional(),
});

export const listSchema = z.object({ check_runs: z.array(checkRunSchema) });
export const commentSchema = z.object({
  body: z.string().nullable().optional(),
  user: z.object({ login: z.string() }).nullable(),
});
export const commitSchema = z.object({ sha: z.string() });
export const pullSchema = z.object({
  head: z.object({
    sha: z.string().regex(/^[0-9a-f]{40}$/),
    ref: z.string(),
    repo: z.object({ full_name: z.string() }).nullable(),
  }),
  base: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/), ref: z.string() }),
  labels: z.array(z.object({ name: z.string() })),
  user: z.object({ login: z.string() }).nullable(),
});
export const associatedSchema = z.object({
  number: z.number().int(),
  state: z.string(),
  head: z.object({ sha: z.string() }),
  base: z.object({ repo: z.object({ full_name: z.string() }).nullable() }),
});

/** A listed check run as the gate reads it. */
export function toRun(run: z.infer<typeof checkRunSchema>): DecisionCheckRun {
  return {
    id: run.id,
    headSha: run.head_sha,
    appId: run.app?.id ?? -1,
    htmlUrl: run.html_url ?? '',
    detailsUrl: run.details_url ?? null,
    text: run.output?.text ?? null,
  };
}

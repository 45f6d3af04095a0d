import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { z } from 'zod';
import { judgeRunsDisagree } from '../debate/combine-rulings.js';
import { positionKey } from '../debate/plan.js';
import { NO_DECISION_REASONS } from './no-decision-reason.js';
import { revealHiddenCharacters } from './sanitise.js';

/** The decision record `pr-debate/decision@1`: exactly these fields (docs/how-a-debate-runs.md shows one). */
export const decisionRecordSchema = z
  .object({
    schema: z.literal('pr-debate/decision@1'),
    id: z.string().regex(/^[0-9a-f]{16}$/),
    topic: z.string().min(1),
    repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
    /** The PR's number; 0 for a debate of a local range (`pr-debate run BASE..HEAD`), which has no PR and is never posted. */
    pull_request: z.number().int().nonnegative(),
    head_sha: z.string().regex(/^[0-9a-f]{40}$/),
    evidence_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    /** The content the debate was about, as structured data (src/evidence/content-digest.ts). */
    content_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    /**
     * How `content_digest` was computed (`DIGEST_VERSION`). Optional so records written before it still
     * parse: the gate reads a missing one as version 1, which it no longer knows, so such a record is stale.
     */
    digest_version: z.number().int().positive().optional(),
    /**
     * The base the debate compared against: the base branch (in `content_digest` from version 4) and its
     * commit when the debate read the PR. On the same head, the gate reads another `ref` as stale and another
     * `sha` as a reason to rebuild and compare the digest (a base branch that moved on keeps the decision
     * unless a changed file's base blob moved with it). Optional so records before version 4 parse.
     */
    base: z.object({ ref: z.string().min(1), sha: z.string().regex(/^[0-9a-f]{40}$/) }).optional(),
    date: z.iso.datetime(),
    trigger: z.enum(['label', 'comment', 'dispatch']),
    requested_by: z.string().min(1),
    preset: z.enum(['quick', 'standard', 'deep', 'custom']),
    rounds: z.number().int().min(0),
    /**
     * The changed files the debate saw (issue #14): `changed_files` is GitHub's count for the PR,
     * `listed_by_file_list` those GitHub's file list returned (at most 3,000), `completed_from_trees` those
     * found past it by comparing the git trees of the merge base and the head. Where the changed hunks were
     * (issue #40, `digest_version` 4 on): `shown` in the pack, `read` by readers (not in the pack), `unread`
     * by no model (neither; the gate passes it only by an accept or `allow-unseen`), `generated_skipped` of
     * generated, vendored and lock files no one read (not counted as unread unless `read-generated` is set).
     * Records before version 4 carry `truncated` instead: true when the evidence budget left changed hunks
     * out, which the gate never passes. Optional so records written before it was added still parse.
     */
    evidence: z
      .object({
        changed_files: z.number().int().min(0),
        listed_by_file_list: z.number().int().min(0),
        completed_from_trees: z.number().int().min(0),
        truncated: z.boolean().optional(),
        shown: z.number().int().min(0).optional(),
        read: z.number().int().min(0).optional(),
        unread: z.number().int().min(0).optional(),
        generated_skipped: z.number().int().min(0).optional(),
        /**
         * Changed files whose content the models did not see (binary, no diff or text from GitHub, not named
         * by GitHub): the gate passes no `require-*` policy while it is above 0, unless accepted or allowed by
         * config key `allow-unseen`. Optional so older records parse; the gate reads a missing one as unknown.
         */
        unseen: z.number().int().min(0).optional(),
        /**
         * The budget the pack was sized at (issue #31): `max-evidence-tokens` and the characters per token
         * for the models that read it (`packCharsPerToken`). The gate rebuilds the evidence at exactly these,
         * whatever its own job's inputs, so a debate and a gate job whose models or budget differ still
         * compare the same hunks. Optional so older records parse; the gate then sizes as they were made.
         */
        budget: z
          .object({ max_tokens: z.number().int().positive(), chars_per_token: z.number().positive().max(10) })
          .optional(),
      })
      .optional(),
    positions: z
      .array(
        z.object({
          id: z.enum(['A', 'B', 'C', 'D']),
          label: z.string().min(1),
          /** `untested`: verified support, but no counted attack reached it (src/debate/rubric.ts STATUS_RULES). */
          status: z.enum(['survived', 'untested', 'falsified', 'conceded', 'unresolved']),
          verified_citations: z.number().int().min(0),
          unverified_citations: z.number().int().min(0),
          /**
           * What became of the attacks on it (src/debate/rubric.ts), counted over the attacks that count; `uncited`:
           * the attacks that did not (not verified claims). Optional so records written before it still parse;
           * `uncited` is absent in records written before it.
           */
          attacks: z
            .object({
              refuted: z.number().int().min(0),
              conceded: z.number().int().min(0),
              unanswered: z.number().int().min(0),
              uncited: z.number().int().min(0).optional(),
            })
            .optional(),
        }),
      )
      .min(2)
      .max(4),
    /**
     * The position that is the change as written, as a moderator confirmed it by reading the diff (its
     * framing named it, it named it for unmarked positions, or it confirmed a `(this PR)` mark); null only
     * when the command said `--no-pr-position` (no position is the change as written). Left out when
     * unknown (a model said none is, or did not confirm a mark); the gate then passes only another
     * maintainer's accept. Older records without it read as unknown.
     */
    pr_position: z.enum(['A', 'B', 'C', 'D']).nullable().optional(),
    /**
     * The position a `(this PR)` mark claimed, when the moderator did not confirm it from the diff (it named
     * another, or could not tell): `pr_position` is then left out (unknown), and only another maintainer's
     * accept passes the record. Absent when the mark was confirmed or there was none.
     */
    pr_position_claimed: z.enum(['A', 'B', 'C', 'D']).optional(),
    recommendation: z.enum(['A', 'B', 'C', 'D', 'none']),
    /** Why there is no decision to merge on (src/report/no-decision-reason.ts); null when there is one. Optional so records written before it still parse. */
    no_decision_reason: z.enum(NO_DECISION_REASONS).nullable().optional(),
    tied_on_axis: z.string().nullable(),
    confidence: z.enum(['low', 'medium', 'high']),
    completion: z.enum(['success', 'degraded-success', 'aborted']),
    out_of_scope: z.array(z.string()),
    models: z.object({ advocates: z.array(z.string()), judge: z.string() }),
    usage: z.object({
      input_tokens: z.number().int().min(0),
      output_tokens: z.number().int().min(0),
      cache_creation_input_tokens: z.number().int().min(0),
      cache_read_input_tokens: z.number().int().min(0),
      cost_usd: z.number().min(0),
    }),
    accepted: z
      .object({ by: z.string().min(1), position: z.enum(['A', 'B', 'C', 'D']), reason: z.string().min(1) })
      .nullable(),
    /** A compact JWS (EdDSA) over the canonical JSON of the record without this field (src/gate/sign-record.ts). */
    signature: z
      .string()
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
      .nullable(),
  })
  .superRefine((record, context) => {
    // One meaning per version: version 4 counts the hunks (read, unread); earlier versions carry `truncated`.
    const evidence = record.evidence;
    if (evidence === undefined) {
      if ((record.digest_version ?? 1) >= COUNTED_SINCE)
        context.addIssue({
          code: 'custom',
          path: ['evidence'],
          message: `a digest_version ${COUNTED_SINCE} record counts its evidence`,
        });
      return;
    }
    const counted = [evidence.shown, evidence.read, evidence.unread, evidence.generated_skipped].every(
      (n) => n !== undefined,
    );
    if ((record.digest_version ?? 1) >= COUNTED_SINCE) {
      if (!counted || evidence.truncated !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['evidence'],
          message: `a digest_version ${COUNTED_SINCE} record counts shown, read, unread and generated_skipped hunks, and has no truncated`,
        });
    } else if (evidence.truncated === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['evidence', 'truncated'],
        message: `a record before digest_version ${COUNTED_SINCE} carries truncated`,
      });
    }
  });
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** The `digest_version` from which records count read and unread hunks instead of `truncated` (issue #40). */
export const COUNTED_SINCE = 4;

/**
 * The debate id: stable for one PR and one topic (docs/how-a-debate-runs.md). Debates whose positions were
 * inferred (a label, or a bare command) share one topic; explicit positions are compared case- and
 * whitespace-insensitively.
 * @returns 16 hex characters
 */
export function debateId(repo: string, pullNumber: number, positions: string[]): string {
  const topic = positions.length === 0 ? 'inferred' : positions.map(positionKey).join('\n');
  return createHash('sha256').update(`${repo.toLowerCase()}#${pullNumber}\n${topic}`).digest('hex').slice(0, 16);
}

/**
 * Free text in the record (topic, labels, axis, out-of-scope topics) comes from people and models:
 * hidden and bidirectional characters are shown as code points, and an HTML comment opener is broken
 * up, so no copy of the record, wherever it is pasted, reads differently or carries our marker.
 */
export function neutraliseMarkers(text: string): string {
  return revealHiddenCharacters(text).replace(/<!--/g, '<!⟨--⟩');
}

export { judgeRunsDisagree };

/** The record as YAML (the `yaml` library), for the comment's fenced block. */
export function recordToYaml(record: DecisionRecord): string {
  return stringify(record, { lineWidth: 0 });
}

/** The record as one line of JSON, for the `decision` output. */
export function recordToJson(record: DecisionRecord): string {
  return JSON.stringify(record);
}

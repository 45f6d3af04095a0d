import { parse } from 'yaml';
import { z } from 'zod';
import type { CallMeta } from '../debate/model-client.js';
import { relabelText } from '../debate/relabel-positions.js';
import type { Responder } from './rehearsal-model.js';

/**
 * The illustration (issue #42): a debate of one real case, its replies written by hand as a careful model
 * would write them, in a YAML file, played as a model through the real pipeline (the local Messages API
 * server of `npm run demo` answers every call from it, under the model id `illustration`, see
 * `stand-ins.ts`). The verifier checks its quotes and the engine holds it to the debate's rules as it
 * holds any model: a reply that breaks them is retried, corrected and said so in the comment. It routes on
 * each call's metadata (`meta.phase`, `meta.positionId`, `meta.round`, `meta.order`), never on wording.
 *
 * The file's keys, by phase: `framing`; `opening` by position; `cross-examination` by round, then by
 * position; `closing` by position; `steelman` by the position that writes it (its `position` is the one
 * it argues for); `audit`; `judge`, one ruling written in the debate's own ids. Each judge run reads the
 * positions under the ids it is shown (half of them swapped), so the ruling is given to each run in that
 * run's ids ({@link rulingAsShown}): it rules on positions, not on letters, and every run maps back to it.
 */

const byPosition = z.record(z.string().regex(/^[A-D]$/), z.record(z.string(), z.unknown()));
const reply = z.record(z.string(), z.unknown());

/** The file, as parsed: each reply is checked by the engine's own schema when its call is answered. */
export const illustrationSchema = z.strictObject({
  case: z.string().describe('the id of the real case the replies were written for (real-cases/cases.json)'),
  framing: reply,
  opening: byPosition,
  'cross-examination': z.record(z.string().regex(/^[1-5]$/), byPosition),
  closing: byPosition,
  steelman: byPosition,
  audit: reply,
  judge: reply,
});

/** An illustration, as parsed. */
export type Illustration = z.infer<typeof illustrationSchema>;

/**
 * @param text the YAML file
 * @throws Error naming the key that is missing or wrong
 */
export function parseIllustration(text: string): Illustration {
  const parsed = illustrationSchema.safeParse(parse(text));
  if (!parsed.success)
    throw new Error(
      `the illustration file is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** The reply field each phase fills (the debate's envelope, `schemas.ts`), and the reply the pre-flight wants. */
const FIELD: Partial<Record<CallMeta['phase'], string>> = {
  framing: 'framing',
  opening: 'opening',
  'cross-examination': 'cross_examination',
  closing: 'cross_examination',
  steelman: 'steelman',
  audit: 'audit',
  judge: 'ruling',
};

/**
 * A {@link Responder} that answers each call of a debate from the illustration. The pre-flight gets
 * `{"ready": true}`; a retry gets the same reply again (a retry means the file broke a rule, and the
 * comment will say so); a call the file has no reply for fails with a message that names the missing key.
 */
export function createIllustrationResponder(illustration: Illustration): Responder {
  return (_request, { call }) => {
    if (!call)
      throw new Error('the illustration answers only calls that carry their metadata (the x-pr-debate-call header)');
    if (call.phase === 'preflight') return { text: '{"ready": true}' };
    const field = FIELD[call.phase];
    const answer = field === undefined ? undefined : replyFor(illustration, call);
    if (field === undefined || answer === undefined)
      throw new Error(`the illustration of ${illustration.case} has no reply for ${describe(call)}`);
    return { text: JSON.stringify({ [field]: answer }) };
  };
}

function replyFor(illustration: Illustration, call: CallMeta): unknown {
  const position = call.positionId ?? '';
  switch (call.phase) {
    case 'framing':
      return illustration.framing;
    case 'opening':
      return illustration.opening[position];
    case 'cross-examination':
      return illustration['cross-examination'][String(call.round)]?.[position];
    case 'closing':
      return illustration.closing[position];
    case 'steelman':
      return illustration.steelman[position];
    case 'audit':
      return illustration.audit;
    case 'judge':
      return rulingAsShown(illustration.judge, call.order);
    default:
      return undefined;
  }
}

/**
 * A ruling written in the debate's ids, as a judge run shows the positions: `order` lists the debate's ids
 * in the order the run lists its shown ids (A, B, … in order), so the debate's `order[i]` is shown as the
 * i-th id. Its entries, recommendations and the ids its prose names (`position A`, `O.A.1`) are
 * relabelled, as the engine relabels the transcript the run reads; the engine maps the reply back.
 * @param order the call's `meta.order`; undefined or the debate's own order leaves the ruling as written
 */
export function rulingAsShown(
  ruling: Record<string, unknown>,
  order: readonly string[] | undefined,
): Record<string, unknown> {
  if (!order) return ruling;
  const shownIds = [...order].sort();
  const shown = (id: string) => shownIds[order.indexOf(id)] ?? id;
  const relabel = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string')
      return key === 'recommendation' ? (value === 'none' ? value : shown(value)) : relabelText(value, shown);
    if (Array.isArray(value)) return value.map((item) => relabel(item, key));
    if (value === null || typeof value !== 'object') return value;
    // Citations are lines of files, the same whoever reads them.
    if (key === 'defeating_citations') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [key === 'positions' ? shown(k) : k, relabel(v, k)]),
    );
  };
  return relabel(ruling) as Record<string, unknown>;
}

function describe(call: CallMeta): string {
  return [
    call.phase,
    call.positionId && `position ${call.positionId}`,
    call.round && `round ${call.round}`,
    call.retry && 'retry',
  ]
    .filter(Boolean)
    .join(', ');
}

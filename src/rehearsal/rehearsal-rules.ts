import type { CallMeta } from '../debate/model-client.js';

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Turns a schema-valid rehearsal reply into a well-formed turn of the debate protocol (issue #4), so
 * that a newcomer's local rehearsal shows what a good result looks like: advocates answer the attacks
 * they were asked to answer and attack another position's first claim; a steelman argues for its target; the
 * auditor flags nothing it cannot name; the judge keeps the rules the engine enforces (the position it
 * picks survives on its verified citations, 3 key reasons, scenarios that name positions of the debate, low
 * confidence for an untested recommendation). What the judge picks depends on the case ({@link judgeOnCase}),
 * so that every path of the eval's arms runs in a rehearsal; a judge run under swapped ids rules in the ids
 * it is shown. The prose and citations stay the generated ones. Routes on the call's structured metadata,
 * never on prompt wording.
 * @param text the request's prompt text, for the positions and the attack ids it lists
 * @param judge how the judge rules: `settled` (the default) or `by-case` (the eval's)
 */
export function followTheRules(
  reply: JsonValue,
  meta: CallMeta | undefined,
  text: string,
  judge: JudgeMode = 'settled',
): JsonValue {
  if (meta === undefined || !isObject(reply)) return reply;
  const ids = positionIds(text);
  const strings = (value: JsonValue | undefined): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  switch (meta.phase) {
    case 'cross-examination':
    case 'closing': {
      const turn = reply['cross_examination'];
      if (!isObject(turn)) return reply;
      const generated = Array.isArray(turn['answers']) ? turn['answers'].filter(isObject) : [];
      const citations = generated.find((a) => Array.isArray(a['citations']))?.['citations'] ?? [];
      turn['answers'] = attackIds(text).map((id, i) => ({
        ...(generated[i % Math.max(generated.length, 1)] ?? {}),
        attack_id: id,
        answer: 'refute',
        citations,
      }));
      const self = meta.positionId ?? ids[0] ?? 'A';
      const target = ids[(ids.indexOf(self) + 1) % Math.max(ids.length, 1)] ?? 'B';
      const attacks = Array.isArray(turn['attacks']) ? turn['attacks'].filter(isObject) : [];
      // The attack names the target's first opening argument (issue #28: an attack names the claim it attacks).
      turn['attacks'] =
        meta.phase === 'closing'
          ? []
          : attacks.slice(0, 1).map((attack) => ({ ...attack, target, claim_id: `O.${target}.1` }));
      return reply;
    }
    case 'steelman': {
      const turn = reply['steelman'];
      if (isObject(turn) && meta.target) turn['position'] = meta.target;
      return reply;
    }
    case 'pr-position': {
      // The rehearsal names the first position the PR, as a command marking it `(this PR)` would.
      const framing = reply['framing'];
      if (isObject(framing)) framing['pr_position'] = ids[0] ?? 'A';
      return reply;
    }
    case 'audit':
      reply['audit'] = { irrelevant: [], exaggerated: [], out_of_scope: [], unresponsive: [], stalling: [] };
      return reply;
    case 'judge': {
      const ruling = reply['ruling'];
      if (!isObject(ruling)) return reply;
      const { pick, confidence, misquotes } =
        judge === 'by-case' ? judgeOnCase(positionLabels(text), meta, text) : settledOn(positionIds(text), meta);
      // The ruling is keyed by the debate's position ids (its schema requires each one).
      const generated = isObject(ruling['positions']) ? ruling['positions'] : {};
      ruling['positions'] = Object.fromEntries(
        Object.entries(generated).map(([id, entry]) => {
          const given = isObject(entry) ? entry : {};
          if (id === pick || !misquotes)
            return [id, { ...given, status: id === pick ? 'survived' : 'unresolved', defeating_citations: [] }];
          // Falsified on the generated citations, the last one misquoted: a line the verifier will not find so.
          const cited = Array.isArray(given['defeating_citations'])
            ? given['defeating_citations'].filter(isObject)
            : [];
          const last = cited.length - 1;
          const citations = cited.map((c, i) =>
            i === last && typeof c['quote'] === 'string' ? { ...c, quote: `${c['quote']} ${MISQUOTE}` } : c,
          );
          return [id, { ...given, status: 'falsified', defeating_citations: citations }];
        }),
      );
      ruling['recommendation'] = pick;
      ruling['tied_on_axis'] = null;
      // The confidence the rubric allows: low for a recommendation the engine's facts call untested.
      ruling['confidence'] = new RegExp(`^- Position ${pick}: [^\\n]*it is untested\\.`, 'm').test(text)
        ? 'low'
        : confidence;
      const reasons = strings(ruling['key_reasons']);
      ruling['key_reasons'] = [0, 1, 2].map((i) => reasons[i] ?? `Rehearsal key reason ${i + 1}.`);
      const scenarios = Array.isArray(ruling['scenarios']) ? ruling['scenarios'].filter(isObject) : [];
      ruling['scenarios'] = scenarios.map((scenario) => ({ ...scenario, recommendation: pick }));
      return reply;
    }
    default:
      return reply;
  }
}

/** What the rehearsal's judge appends to a quote it gets wrong on purpose. */
export const MISQUOTE = '(as the rehearsal misremembers it)';

/**
 * How the rehearsal's judge rules. `settled` (a local rehearsal, the demo, the action's tests): every run
 * recommends the debate's position A, under whichever id the run shows it ({@link settledOn}), so a
 * rehearsal ends with a decision a newcomer can read. `by-case` (the eval's rehearsal): as a case's labels
 * decide ({@link judgeOnCase}), so that every path of the eval's arms runs: some cases split, some are unsure.
 */
export type JudgeMode = 'settled' | 'by-case';

/** How the rehearsal's judge rules on one case. */
export interface CaseRuling {
  /** The id of the position it recommends. */
  pick: string;
  confidence: 'low' | 'medium';
  /** Its ruling falsifies the positions it does not pick on citations one of which is misquoted. */
  misquotes: boolean;
}

/**
 * How the rehearsal's judge rules, from the case alone: a hash of its position labels, sorted, so that
 * both orders of a case share it. So a rehearsal of the eval drives each arm's path, as models would:
 * - one case in four, the judge goes by the order: it picks the position listed first, with low
 *   confidence (the two orders of a single call disagree; a debate's two judge runs split);
 * - one case in four, it is unsure: each request picks its own position, with low confidence (voters and
 *   judge runs may disagree);
 * - otherwise it settles on the same position in either order (the one whose label hashes lowest), with
 *   medium confidence;
 * - one case in three, its first ruling falsifies the positions it does not pick, one citation misquoted
 *   ({@link MISQUOTE}); a retry (told which citation failed) rules them unresolved instead.
 * @param listed the positions as the request lists them, in its order
 * @param text the request's text: what an unsure judge's pick follows
 */
export function judgeOnCase(
  listed: readonly { id: string; label: string }[],
  meta: CallMeta,
  text: string,
): CaseRuling {
  const ids = listed.length > 0 ? listed.map((p) => p.id) : ['A', 'B'];
  // FNV-1a's low bits follow the characters' parity, so the buckets read its high bits.
  const key =
    fnv1a(
      listed
        .map((p) => p.label)
        .sort()
        .join('\n'),
    ) >>> 16;
  // The id listed first, whichever debate position the run shows under it: a judge that follows the order.
  const first = ids[0]!;
  const settled = [...listed].sort((a, b) => fnv1a(a.label) - fnv1a(b.label))[0]?.id ?? ids[0]!;
  const misquotes = !meta.retry && (key >>> 2) % 3 === 0;
  if (key % 4 === 0) return { pick: first, confidence: 'low', misquotes };
  if (key % 4 === 1) return { pick: ids[(fnv1a(text) >>> 16) % ids.length]!, confidence: 'low', misquotes };
  return { pick: settled, confidence: 'medium', misquotes };
}

/**
 * The `settled` judge: the debate's position A, under the id this run shows it (`meta.order` lists the
 * debate's ids in the order the run lists the shown ones), with medium confidence; it never misquotes.
 * @param ids the shown ids, in the order the request lists them
 */
export function settledOn(ids: readonly string[], meta: CallMeta): CaseRuling {
  return { pick: ids[(meta.order ?? ids).indexOf('A')] ?? ids[0] ?? 'A', confidence: 'medium', misquotes: false };
}

/** FNV-1a, 32 bits: the rehearsal's deterministic hash of a text. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The positions the prompt lists (`- A: label` lines after a "positions" heading), in order. */
function positionLabels(text: string): { id: string; label: string }[] {
  const block = /(?:All positions in this debate|Positions[^\n]*):\n((?:- [A-D]: .*\n?)+)/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^- ([A-D]): (.*)$/gm)].flatMap((m) => (m[1] ? [{ id: m[1], label: m[2] ?? '' }] : []));
}

/** The position ids the prompt lists, in order; A and B when it lists none. */
function positionIds(text: string): string[] {
  const ids = positionLabels(text).map((p) => p.id);
  return ids.length > 0 ? ids : ['A', 'B'];
}

/** The attack ids the prompt asks the advocate to answer (`- attack_id X, ...` lines of that section). */
function attackIds(text: string): string[] {
  const section = text.split('## Attacks on your position that you must answer')[1]?.split(/\n## /)[0] ?? '';
  return [...new Set([...section.matchAll(/^- attack_id (\S+?),/gm)].flatMap((m) => (m[1] ? [m[1]] : [])))];
}

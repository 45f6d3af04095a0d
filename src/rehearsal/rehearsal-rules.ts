import type { CallMeta } from '../debate/model-client.js';
import type { JsonValue } from './rehearsal-model.js';

/**
 * Turns a schema-valid rehearsal reply into a well-formed turn of the debate protocol (issue #4), so
 * that a newcomer's local rehearsal shows what a good result looks like: advocates answer the attacks
 * they were asked to answer and attack another position's first claim; a steelman argues for its target; the
 * auditor flags nothing it cannot name; the judge keeps every rule the engine enforces (the debate's
 * position A stands on its verified citations and is recommended, the others stay unresolved, 3 key
 * reasons, scenarios that name positions of the debate) and every judge run agrees once mapped back. The prose and citations stay the
 * generated ones. Routes on the call's structured metadata, never on prompt wording.
 * @param text the request's prompt text, for the position ids and the attack ids it lists
 */
export function followTheRules(reply: JsonValue, meta: CallMeta | undefined, text: string): JsonValue {
  if (meta === undefined || !isObject(reply)) return reply;
  const ids = positionIds(text);
  const strings = (value: JsonValue | undefined): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  switch (meta.phase) {
    case 'cross-examination':
    case 'closing': {
      const turn = reply['cross_examination'];
      if (!isObject(turn)) return reply;
      const generated = Array.isArray(turn['answers']) ? turn['answers'].filter(isObject) : [];
      const citations = generated.find((a) => Array.isArray(a['citations']))?.['citations'] ?? [];
      turn['answers'] = attackIds(text).map((id, i) => ({ ...(generated[i % Math.max(generated.length, 1)] ?? {}), attack_id: id, answer: 'refute', citations }));
      const self = meta.positionId ?? ids[0] ?? 'A';
      const target = ids[(ids.indexOf(self) + 1) % Math.max(ids.length, 1)] ?? 'B';
      const attacks = Array.isArray(turn['attacks']) ? turn['attacks'].filter(isObject) : [];
      // The attack names the target's first opening argument (issue #28: an attack names the claim it attacks).
      turn['attacks'] = meta.phase === 'closing' ? [] : attacks.slice(0, 1).map((attack) => ({ ...attack, target, claim_id: `O.${target}.1` }));
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
      // The debate's position A, under the id this run shows it (a run with swapped ids shows it as another):
      // `meta.order` lists the debate's ids in the order the run lists the shown ones.
      const first = ids[(meta.order ?? ids).indexOf('A')] ?? 'A';
      // The ruling is keyed by the debate's position ids (its schema requires each one).
      const generated = isObject(ruling['positions']) ? ruling['positions'] : {};
      ruling['positions'] = Object.fromEntries(
        Object.entries(generated).map(([id, entry]) => [id, { ...(isObject(entry) ? entry : {}), status: id === first ? 'survived' : 'unresolved', defeating_citations: [] }]),
      );
      ruling['recommendation'] = first;
      ruling['tied_on_axis'] = null;
      // The confidence the rubric allows: low for a recommendation the engine's facts call untested.
      ruling['confidence'] = new RegExp(`^- Position ${first}: [^\\n]*it is untested\\.`, 'm').test(text) ? 'low' : 'medium';
      const reasons = strings(ruling['key_reasons']);
      ruling['key_reasons'] = [0, 1, 2].map((i) => reasons[i] ?? `Rehearsal key reason ${i + 1}.`);
      const scenarios = Array.isArray(ruling['scenarios']) ? ruling['scenarios'].filter(isObject) : [];
      ruling['scenarios'] = scenarios.map((scenario) => ({ ...scenario, recommendation: first }));
      return reply;
    }
    default:
      return reply;
  }
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The position ids the prompt lists (`- A: label` lines after a "positions" heading), in order. */
function positionIds(text: string): string[] {
  const block = /(?:All positions in this debate|Positions[^\n]*):\n((?:- [A-D]: .*\n?)+)/.exec(text)?.[1] ?? '';
  const ids = [...block.matchAll(/^- ([A-D]):/gm)].flatMap((m) => (m[1] ? [m[1]] : []));
  return ids.length > 0 ? ids : ['A', 'B'];
}

/** The attack ids the prompt asks the advocate to answer (`- attack_id X, ...` lines of that section). */
function attackIds(text: string): string[] {
  const section = text.split('## Attacks on your position that you must answer')[1]?.split(/\n## /)[0] ?? '';
  return [...new Set([...section.matchAll(/^- attack_id (\S+?),/gm)].flatMap((m) => (m[1] ? [m[1]] : [])))];
}

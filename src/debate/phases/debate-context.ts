import type { EvidencePack } from '../../evidence/evidence-types.js';
import type { Caller } from '../caller-types.js';
import type { DebatePlan } from '../plan.js';
import type { ReplySchemas } from '../schemas.js';
import type { Position } from '../debate-types.js';

/** Output caps in tokens per role; thinking counts against them, so they are generous. */
export const MAX_TOKENS = { moderator: 8_000, reader: 4_000, advocate: 16_000, auditor: 8_000, judge: 16_000 } as const;

/** What every phase after the framing reads; nothing in it changes during the debate. */
export interface DebateContext {
  caller: Caller;
  pack: EvidencePack;
  positions: Position[];
  /** The positions as the prompts list them, one `- A: label` line each. */
  positionList: string;
  /** The out-of-scope paragraph of the prompts (empty without out-of-scope topics). */
  scopeText: string;
  outOfScope: string[];
  /** The language rule every call is given. */
  language: string;
  plan: DebatePlan;
  /** This debate's output format and reply validators (keyed by its position ids). */
  schemas: ReplySchemas;
}

/** The positions as the prompts list them, in the given order. */
export function listPositions(positions: Position[]): string {
  return positions.map((p) => `- ${p.id}: ${p.label}`).join('\n');
}

/** The out-of-scope paragraph of the advocate and judge prompts. */
export function outOfScopeText(topics: string[]): string {
  return topics.length === 0
    ? ''
    : `\nOut of scope (do not argue about these; arguments about them are ignored): ${topics.join('; ')}\n`;
}

/** Sentences for the problems list from a reply's warnings, e.g. `The opening of position A: <warning>.` */
export function warningsOf(who: string, warnings: string[]): string[] {
  return warnings.map((w) => `${who}: ${w}.`);
}

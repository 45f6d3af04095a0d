import type { Caller } from '../call-models.js';
import { loadPrompt } from '../prompts.js';
import { POSITION_IDS, type ReplySchemas } from '../schemas.js';
import type { Position } from '../debate-types.js';
import { listPositions, MAX_TOKENS } from './debate-context.js';

/**
 * Which named position is the PR (issue #28, contract section 3): a command that names its positions
 * may mark one `(this PR)`; when it marks none, the moderator says which one is the change as written,
 * as it does when it frames the positions itself. Its "none is" is not recorded as null (below). The record's `pr_position` is what
 * the merge gate follows (contract section 9), so a debate never leaves it unsaid when a model can say it.
 *
 * One moderator call with the debate's envelope (field `framing`, the moderator's own reply) and
 * `prompts/pr-position.md`. No advocate reads `pr_position`, so the call runs beside the openings and
 * adds no wait to the debate. Its reply's positions are ignored: the maintainer's labels stand.
 */

/** What the moderator said, and what the comment's engine notes say about it. */
export interface IdentifiedPrPosition {
  /**
   * The id of the position that is the PR; undefined when the moderator could not say, or said none is
   * (the record then omits it, and the gate passes only an accept).
   */
  prPosition: (typeof POSITION_IDS)[number] | undefined;
  /** Sentences for the engine notes: what was inferred, and how to correct it. */
  notes: string[];
}

/**
 * Asks the moderator which position is the change as written.
 * @param input.command the comment command word, for the correction the note suggests
 * @returns never throws for a model failure: a failed reply (after the engine's repair), an id the debate
 *   lacks and a "none is" leave `prPosition` undefined, with a note saying why and the way out
 */
export async function identifyPrPosition(caller: Caller, input: { model: string; positions: readonly Position[]; command: string; language: string; schemas: ReplySchemas }): Promise<IdentifiedPrPosition> {
  const reply = await caller.attempt({
    role: 'moderator',
    purpose: 'pr-position',
    meta: { phase: 'pr-position' },
    model: input.model,
    field: 'framing',
    instructions: loadPrompt('pr-position', { positions: listPositions([...input.positions]), language: input.language }),
    format: input.schemas.format,
    schema: input.schemas.replyOf('framing'),
    maxTokens: MAX_TOKENS.moderator,
  });
  const correct = `If that is wrong, debate again with \`(this PR)\` after the position that is the change (\`${input.command} <position> (this PR) vs <position>\`).`;
  if (!reply.ok) {
    return { prPosition: undefined, notes: [`No position was marked \`(this PR)\`, and the moderator could not say which one is this PR (${reply.error}), so the record leaves it unknown and the merge gate passes only an accepted decision. ${correct}`] };
  }
  const named = reply.output.pr_position;
  const known = POSITION_IDS.find((id) => id === named && input.positions.some((p) => p.id === id));
  // "None is the PR" would let the gate pass any decision (contract section 9). The maintainer named these
  // positions for this PR, and the PR's own text can steer a model to that answer, so it is left unknown:
  // only an accept passes it, and a maintainer who agrees that none is the PR can accept the decision.
  if (named === null) return { prPosition: undefined, notes: [`No position was marked \`(this PR)\`, and the moderator found that none is this PR as written; as the positions were named for this PR, the record leaves it unknown and the merge gate passes only an accepted decision (\`${input.command} accept <A|B|C|D> <reason>\`). ${correct}`] };
  if (!known) return { prPosition: undefined, notes: [`No position was marked \`(this PR)\`, and the moderator named position ${named}, which this debate does not have, so the record leaves it unknown. ${correct}`] };
  return { prPosition: known, notes: [`No position was marked \`(this PR)\`; the moderator found that position ${known} is this PR as written. ${correct}`] };
}

import type { Caller } from '../caller-types.js';
import { loadPrompt } from '../prompts.js';
import { POSITION_IDS, type ReplySchemas } from '../schemas.js';
import type { Position } from '../debate-types.js';
import { listPositions, MAX_TOKENS } from './debate-context.js';

/**
 * Which named position is the PR (issues #28 and #38): the record's `pr_position` is what the merge gate
 * follows, so it is a position only when the moderator read the diff and named it. One moderator call
 * with the debate's envelope (field `framing`, the moderator's own reply) and `prompts/pr-position.md`
 * names it for positions no `(this PR)` mark was put on, and checks a mark: the call is asked blind (the
 * labels carry no mark), and the mark is confirmed only when the moderator names that same position. The
 * PR's author can write the mark, and the PR's own text can steer a model, so neither a mark the moderator
 * did not name nor its "none is" is recorded as a fact: the record leaves `pr_position` out (unknown, with
 * the mark kept as `pr_position_claimed`), and only another maintainer's accept passes it. No advocate reads
 * `pr_position`, so the call runs beside the openings and adds no wait; its reply's positions are ignored.
 */

/** What the moderator said, and what the comment's engine notes say about it. */
export interface IdentifiedPrPosition {
  /** The id of the position the moderator named as the PR (and, for a marked command, the mark's); undefined when unknown. */
  prPosition: (typeof POSITION_IDS)[number] | undefined;
  /** The `(this PR)` mark when the moderator did not confirm it (record `pr_position_claimed`). */
  claimed: string | undefined;
  /** Sentences for the engine notes: what was found, and how to proceed. */
  notes: string[];
}

/**
 * Asks the moderator which position is the change as written.
 * @param input.claim the position a `(this PR)` mark named, to be confirmed; undefined when none was marked
 * @param input.command the comment command word, for the ways out the note names
 * @returns never throws for a model failure: a failed reply (after the engine's repair), an id the debate
 *   lacks, a "none is" and a name other than the mark leave `prPosition` undefined, with a note saying why
 *   and the way out
 */
export async function identifyPrPosition(
  caller: Caller,
  input: {
    model: string;
    positions: readonly Position[];
    claim?: string | undefined;
    command: string;
    language: string;
    schemas: ReplySchemas;
  },
): Promise<IdentifiedPrPosition> {
  const reply = await caller.attempt({
    role: 'moderator',
    purpose: 'pr-position',
    meta: { phase: 'pr-position' },
    model: input.model,
    field: 'framing',
    instructions: loadPrompt('pr-position', {
      positions: listPositions([...input.positions]),
      language: input.language,
    }),
    format: input.schemas.format,
    schema: input.schemas.replyOf('framing'),
    maxTokens: MAX_TOKENS.moderator,
  });
  const named = reply.ok ? reply.output.pr_position : undefined;
  const known = POSITION_IDS.find((id) => id === named && input.positions.some((p) => p.id === id));
  const found = !reply.ok
    ? `the moderator could not say which position is this PR (${reply.error})`
    : named === null
      ? 'the moderator found that no position is this PR as written'
      : known === undefined
        ? `the moderator named position ${named}, which this debate does not have`
        : `the moderator found that position ${known} is this PR as written`;
  if (input.claim !== undefined) {
    if (known === input.claim)
      return {
        prPosition: known,
        claimed: undefined,
        notes: [`Position ${known} was marked \`(this PR)\`, and the moderator confirmed it from the diff.`],
      };
    return {
      prPosition: undefined,
      claimed: input.claim,
      notes: [
        `Position ${input.claim} was marked \`(this PR)\`, but ${found}, so the mark is not confirmed: the record keeps it as \`pr_position_claimed\` and leaves which position is this PR unknown. ${waysOut(input.command)}`,
      ],
    };
  }
  if (known === undefined)
    return {
      prPosition: undefined,
      claimed: undefined,
      notes: [
        `No position was marked \`(this PR)\`, and ${found}, so the record leaves it unknown. ${waysOut(input.command)}`,
      ],
    };
  return {
    prPosition: known,
    claimed: undefined,
    notes: [
      `No position was marked \`(this PR)\`; ${found}. If that is wrong, debate again with \`(this PR)\` after the position that is the change.`,
    ],
  };
}

/**
 * How to proceed when which position is the PR is unknown: the merge gate then passes the decision only
 * by another maintainer's accept.
 */
export function waysOut(command: string): string {
  return `The merge gate passes this decision only when a maintainer other than the PR's author accepts one (\`${command} accept A reason\`); or debate again with \`(this PR)\` after the position that is the change, or with \`--no-pr-position\` if none is (a PR that proposes options without choosing one).`;
}

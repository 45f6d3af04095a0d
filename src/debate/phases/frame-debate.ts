import type { Caller } from '../caller-types.js';
import { loadPrompt } from '../prompts.js';
import { positionKey } from '../plan.js';
import { POSITION_IDS, type Framing, type ReplySchemas } from '../schemas.js';
import { MAX_TOKENS, outOfScopeText, warningsOf } from './debate-context.js';

/**
 * Phase 0, framing (issue #4): without positions from the command, a moderator frames 2-4 positions
 * in real tension, or says the change holds nothing contested. The framing rules are applied in
 * code: labels are made distinct, one side only gets one retry to write its strongest counter-position,
 * more than four are cut to four.
 */

/**
 * The moderator's framing and what the engine made of it: positions to debate, or nothing contested
 * (the moderator said so, or found only one side even after its retry).
 */
export type FramedDebate =
  | {
      kind: 'not-contested';
      /** As the moderator gave it, `contested` false (with a reason added when it found only one side). */
      framing: Framing;
      problems: string[];
    }
  | {
      kind: 'framed';
      framing: Framing;
      /** The 2-4 distinct position labels to debate. */
      labels: string[];
      /**
       * The id (A-D, in `labels`) of the position the moderator named the change as written; null when it
       * said none is, or named one that is not debated (the debate records that as unknown, not as null).
       */
      prPosition: (typeof POSITION_IDS)[number] | null;
      /** The moderator's topic, as it wrote it (may be empty: the report then names the debate after the positions). */
      topic: string;
      /** The command's out-of-scope topics and the moderator's, trimmed, without repeats. */
      outOfScope: string[];
      /** What the engine changed (positions cut to four), for the comment. */
      notes: string[];
      /** What went wrong with the reply (a repaired one), for the comment. */
      problems: string[];
    };

/**
 * Asks the moderator.
 * @param input.command the comment command word, for the moderator's suggested command
 * @param input.outOfScope the command's out-of-scope topics, which the moderator is told and its own are added to
 * @param input.schemas the envelope to send: the debate's, guessed before the positions exist (see `runDebate`)
 * @throws Error when the moderator fails twice (reply and repair): there is nothing to debate
 */
export async function frameDebate(
  caller: Caller,
  input: { model: string; command: string; outOfScope: string[]; language: string; schemas: ReplySchemas },
): Promise<FramedDebate> {
  const spec = {
    role: 'moderator' as const,
    purpose: 'framing',
    meta: { phase: 'framing' as const },
    model: input.model,
    field: 'framing',
    instructions: loadPrompt('moderator', {
      command: input.command,
      out_of_scope: outOfScopeText(input.outOfScope),
      language: input.language,
    }),
    format: input.schemas.format,
    schema: input.schemas.replyOf('framing'),
    maxTokens: MAX_TOKENS.moderator,
  };
  const reply = await caller.attempt(spec);
  if (!reply.ok) throw new Error(`The moderator could not frame the debate: ${reply.error}`);
  const problems = warningsOf('The moderator', reply.warnings);
  let framing = reply.output;
  let labels = distinctLabels(framing);
  if (framing.contested && labels.length < 2) {
    // Issue #4: with one side only, the moderator writes its strongest counter-position; it gets one retry to do so.
    const retry = await caller.retryWith(
      spec,
      loadPrompt('repair', {
        what: 'It did not keep the framing rules.',
        issues: `- \`contested\` is true but ${labels.length === 0 ? 'no position was' : 'only one distinct position was'} given: a debate needs two. Write the strongest counter-position as the second, or set \`contested\` to false.`,
        field: 'framing',
      }),
    );
    if (retry.ok) {
      framing = retry.output;
      labels = distinctLabels(framing);
    }
    if (labels.length < 2) {
      return {
        kind: 'not-contested',
        framing: {
          ...framing,
          contested: false,
          reason: `${framing.reason} (The moderator found only one side, so there is nothing to debate.)`,
        },
        problems,
      };
    }
  }
  if (!framing.contested) return { kind: 'not-contested', framing, problems };
  const notes =
    labels.length > POSITION_IDS.length
      ? [
          `The moderator framed ${labels.length} positions; the first ${POSITION_IDS.length} are debated (at most ${POSITION_IDS.length}).`,
        ]
      : [];
  const outOfScope = [...new Set([...input.outOfScope, ...framing.out_of_scope.map((t) => t.trim()).filter(Boolean)])];
  const kept = labels.slice(0, POSITION_IDS.length);
  const prPosition = prPositionOf(framing, kept);
  if (framing.pr_position !== null && prPosition === null)
    notes.push(
      `The moderator named position ${framing.pr_position} as this PR, but that position has no label or is not debated.`,
    );
  return { kind: 'framed', framing, labels: kept, prPosition, topic: framing.topic, outOfScope, notes, problems };
}

/**
 * The moderator's `pr_position` (an id in its own list) as an id in the debated labels, which lost
 * repeats and anything past the fourth: the label it named, found again; null when it named none or
 * the label it named is not debated.
 */
function prPositionOf(framing: Framing, labels: string[]): (typeof POSITION_IDS)[number] | null {
  if (framing.pr_position === null) return null;
  const named = framing.positions[POSITION_IDS.indexOf(framing.pr_position)]?.label;
  if (named === undefined) return null;
  const at = labels.findIndex((label) => positionKey(label) === positionKey(named));
  return at < 0 ? null : POSITION_IDS[at]!;
}

/** Labels trimmed, without empty ones and without repeats (compared case- and whitespace-insensitively). */
function distinctLabels(framing: Framing): string[] {
  const seen = new Set<string>();
  return framing.positions
    .map((p) => p.label.trim())
    .filter((label) => {
      const key = positionKey(label);
      if (label === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

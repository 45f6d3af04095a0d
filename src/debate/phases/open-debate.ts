import { buildOpening, incompleteOpening } from '../build-turns.js';
import { loadPrompt } from '../prompts.js';
import type { OpeningTurn } from '../debate-types.js';
import { WORD_CAPS } from '../word-cap.js';
import { MAX_TOKENS, warningsOf, type DebateContext } from './debate-context.js';

/**
 * Phase 1, openings (issue #4): every advocate states its case, in parallel; no advocate sees
 * another's. A failed opening is `[INCOMPLETE]` and its advocate takes no further part.
 * @returns the openings in position order, and the problems (incomplete turns, warnings)
 */
export async function openDebate(ctx: DebateContext): Promise<{ openings: OpeningTurn[]; problems: string[] }> {
  const replies = await ctx.caller.attemptAll(
    ctx.positions.map((position) => ({
      role: 'advocate',
      purpose: 'opening',
      meta: { phase: 'opening', positionId: position.id },
      model: position.model,
      field: 'opening',
      instructions: loadPrompt('opening', {
        position_id: position.id,
        position_label: position.label,
        positions: ctx.positionList,
        out_of_scope: ctx.scopeText,
        word_cap: String(WORD_CAPS.opening),
        language: ctx.language,
      }),
      format: ctx.schemas.format,
      schema: ctx.schemas.replyOf('opening'),
      maxTokens: MAX_TOKENS.advocate,
    })),
  );
  const turns = ctx.positions.map((position, i) => {
    const reply = replies[i]!;
    if (!reply.ok) {
      return {
        turn: incompleteOpening(position.id, position.model, reply.error),
        problems: [`The opening of position ${position.id} is incomplete: ${reply.error}`],
      };
    }
    const turn = buildOpening(reply.output, {
      positionId: position.id,
      model: reply.model,
      repaired: reply.repaired,
      pack: ctx.pack,
    });
    return { turn, problems: warningsOf(`The opening of position ${position.id}`, reply.warnings) };
  });
  return { openings: turns.map((t) => t.turn), problems: turns.flatMap((t) => t.problems) };
}

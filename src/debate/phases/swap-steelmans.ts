import { buildSteelman, incompleteSteelman } from '../build-turns.js';
import { countedAttacks } from '../judge-facts.js';
import { loadPrompt } from '../prompts.js';
import { renderTranscript } from '../render-transcript.js';
import type { SteelmanTurn, Transcript } from '../debate-types.js';
import { WORD_CAPS } from '../word-cap.js';
import { MAX_TOKENS, warningsOf, type DebateContext } from './debate-context.js';

/**
 * Phase 4, the steelman swap (issue #4): the advocate of each position writes the best case for the
 * next one, the last for the first, in parallel. Only advocates still in the debate take part, so the
 * rotation closes over them (with B dropped: A for C, C for A).
 * @param active positions whose advocate is still in the debate
 * @returns the steelmans in position order, and the problems
 */
export async function swapSteelmans(
  ctx: DebateContext,
  transcript: Transcript,
  active: Set<string>,
): Promise<{ steelmans: SteelmanTurn[]; problems: string[] }> {
  const rendered = loadPrompt('transcript', {
    transcript: renderTranscript(ctx.positions, transcript, {
      order: ctx.positions.map((p) => p.id),
      judge: false,
      counts: countedAttacks(transcript),
    }),
  });
  const authors = ctx.positions.filter((p) => active.has(p.id));
  const targetOf = (i: number) => authors[(i + 1) % authors.length]!;
  const replies = await ctx.caller.attemptAll(
    authors.map((author, i) => {
      const target = targetOf(i);
      return {
        role: 'advocate' as const,
        purpose: `steelman of ${target.id}`,
        meta: { phase: 'steelman' as const, positionId: author.id, target: target.id },
        model: author.model,
        field: 'steelman',
        transcript: rendered,
        instructions: loadPrompt('steelman', {
          position_id: author.id,
          position_label: author.label,
          positions: ctx.positionList,
          out_of_scope: ctx.scopeText,
          target_id: target.id,
          target_label: target.label,
          word_cap: String(WORD_CAPS.steelman),
          language: ctx.language,
        }),
        format: ctx.schemas.format,
        schema: ctx.schemas.replyOf('steelman'),
        maxTokens: MAX_TOKENS.advocate,
      };
    }),
  );
  const turns = authors.map((author, i) => {
    const target = targetOf(i);
    const reply = replies[i]!;
    if (!reply.ok) {
      return {
        turn: incompleteSteelman(author.id, author.model, reply.error, target.id),
        problems: [`Position ${author.id}'s steelman of position ${target.id} is incomplete: ${reply.error}`],
      };
    }
    const turn = buildSteelman(reply.output, {
      positionId: author.id,
      model: reply.model,
      repaired: reply.repaired,
      pack: ctx.pack,
      target: target.id,
    });
    return { turn, problems: warningsOf(`Position ${author.id}'s steelman`, reply.warnings) };
  });
  return { steelmans: turns.map((t) => t.turn), problems: turns.flatMap((t) => t.problems) };
}

import { auditCitations, tagCitationForModels } from '../citations/audit-citations.js';
import { verifyCitation } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/types.js';
import { enforceRuling } from './enforce-ruling.js';
import { ModelReplyError, ZERO_USAGE, type ModelCall, type ModelClient, type ModelReply } from './model-client.js';
import { loadPrompt } from './prompts.js';
import { framingSchema, openingSchema, rulingSchema, type Framing, type Opening } from './schemas.js';
import type { AdvocateTurn, AuditedCitation, AuditedOpening, CallRecord, CitationCounts, DebateOutcome, Position } from './types.js';

/**
 * The debate engine, preset `quick`: framing (when no positions were given), openings in parallel with
 * no sight of each other, mechanical citation checks, then a neutral judge whose ruling the engine
 * enforces. Pure logic over {@link ModelClient}: no SDK, no GitHub.
 */

/** What a debate needs. */
export interface DebateRequest {
  pack: EvidencePack;
  /** 2-4 positions from the command, or [] to let the moderator infer them. */
  positions: string[];
  outOfScope: string[];
  /** The comment command word, for the moderator's suggestions. */
  command: string;
  /** Model for the moderator and every advocate. */
  model: string;
  judgeModel: string;
}

/** Output caps in tokens per role; thinking counts against them, so they are generous. */
const MAX_TOKENS = { moderator: 8_000, advocate: 16_000, judge: 16_000 } as const;

const POSITION_IDS = ['A', 'B', 'C', 'D'] as const;

/**
 * Runs the debate.
 * @returns the outcome; model failures do not throw: a failed advocate makes the run `degraded-success`,
 *   a failed judge makes it `aborted`, and both keep what was produced
 * @throws only when the moderator fails (there is nothing to debate without positions)
 */
export async function runDebate(client: ModelClient, request: DebateRequest): Promise<DebateOutcome> {
  const { pack } = request;
  const calls: CallRecord[] = [];
  const system = loadPrompt('system');
  const call = async <T>(spec: Omit<ModelCall<T>, 'system' | 'evidence'>, positionId?: string): Promise<ModelReply<T>> => {
    const started = Date.now();
    try {
      const reply = await client.complete({ ...spec, system, evidence: pack.text });
      calls.push({ role: spec.role, positionId, model: reply.model, usage: reply.usage, durationMs: Date.now() - started, ok: true });
      return reply;
    } catch (error) {
      const usage = error instanceof ModelReplyError && error.usage ? error.usage : ZERO_USAGE;
      calls.push({ role: spec.role, positionId, model: spec.model, usage, durationMs: Date.now() - started, ok: false });
      throw error;
    }
  };

  // Framing.
  let framing: Framing | undefined;
  let labels = request.positions;
  let outOfScope = request.outOfScope;
  let topic = labels.join(' vs ');
  if (labels.length === 0) {
    const reply = await call({
      role: 'moderator',
      model: request.model,
      instructions: loadPrompt('moderator', { command: request.command, out_of_scope: outOfScopeText(outOfScope) }),
      schema: framingSchema,
      maxTokens: MAX_TOKENS.moderator,
    });
    framing = reply.output;
    if (!framing.contested || framing.positions.length < 2) {
      return { kind: 'not-contested', framing, calls };
    }
    labels = framing.positions.map((p) => p.label);
    outOfScope = [...new Set([...outOfScope, ...framing.out_of_scope])];
    topic = framing.topic;
  }
  const positions: Position[] = labels.map((label, i) => ({ id: POSITION_IDS[i]!, label, model: request.model }));
  const positionList = positions.map((p) => `- ${p.id}: ${p.label}`).join('\n');
  const problems: string[] = [];

  // Openings, in parallel; no advocate sees another.
  const openings: AdvocateTurn[] = await Promise.all(
    positions.map(async (position): Promise<AdvocateTurn> => {
      try {
        const reply = await call(
          {
            role: 'advocate',
            model: position.model,
            instructions: loadPrompt('opening', {
              position_id: position.id,
              position_label: position.label,
              positions: positionList,
              out_of_scope: outOfScopeText(outOfScope),
            }),
            schema: openingSchema,
            maxTokens: MAX_TOKENS.advocate,
          },
          position.id,
        );
        return { positionId: position.id, model: reply.model, phase: 'opening', status: 'complete', opening: auditOpening(reply.output, pack), error: undefined };
      } catch (error) {
        const message = describeError(error);
        problems.push(`The advocate for position ${position.id} failed its opening: ${message}`);
        return { positionId: position.id, model: position.model, phase: 'opening', status: 'incomplete', opening: undefined, error: message };
      }
    }),
  );
  const counts = countCitations(openings);
  const completeTurns = openings.filter((t) => t.status === 'complete').length;

  const base = { kind: 'debate' as const, topic, positions, outOfScope, framing, openings, counts, judgeModel: request.judgeModel, calls };
  if (completeTurns === 0) {
    problems.push('No advocate produced an opening, so the judge was not called.');
    return { ...base, ruling: undefined, enforcement: [], completion: 'aborted', problems };
  }

  // Judge.
  try {
    const reply = await call({
      role: 'judge',
      model: request.judgeModel,
      instructions: loadPrompt('judge', {
        positions: positionList,
        out_of_scope: outOfScopeText(outOfScope),
        statements: renderStatements(positions, openings),
      }),
      schema: rulingSchema(positionIds(positions)),
      maxTokens: MAX_TOKENS.judge,
    });
    const { ruling, notes } = enforceRuling(reply.output, positions, counts, pack);
    return { ...base, ruling, enforcement: notes, completion: problems.length > 0 ? 'degraded-success' : 'success', problems };
  } catch (error) {
    problems.push(`The judge failed: ${describeError(error)}`);
    return { ...base, ruling: undefined, enforcement: [], completion: 'aborted', problems };
  }
}

/** Checks every citation of an opening against the pack. */
export function auditOpening(opening: Opening, pack: EvidencePack): AuditedOpening {
  return {
    ...opening,
    arguments: opening.arguments.map((argument) => ({
      ...argument,
      citations: argument.citations.map((c): AuditedCitation => ({ ...c, check: verifyCitation(c, pack) })),
    })),
  };
}

function positionIds(positions: Position[]): [string, ...string[]] {
  const [first, ...rest] = positions.map((p) => p.id);
  if (first === undefined) throw new Error('a debate needs at least one position');
  return [first, ...rest];
}

function countCitations(turns: AdvocateTurn[]): Map<string, CitationCounts> {
  const counts = new Map<string, CitationCounts>();
  for (const turn of turns) {
    counts.set(turn.positionId, auditCitations((turn.opening?.arguments ?? []).flatMap((a) => a.citations)));
  }
  return counts;
}

/** The openings as the judge reads them, every citation tagged with its check. */
function renderStatements(positions: Position[], turns: AdvocateTurn[]): string {
  return turns
    .map((turn) => {
      const position = positions.find((p) => p.id === turn.positionId)!;
      const head = `## Opening of position ${position.id}: ${position.label}`;
      if (!turn.opening) return `${head}\n[INCOMPLETE: this advocate's opening failed (${turn.error}); weigh nothing in its favour or against it from this turn.]`;
      const o = turn.opening;
      return [
        head,
        `Thesis: ${o.thesis}`,
        ...o.arguments.map((a, i) =>
          [
            `Argument ${i + 1}: ${a.claim}`,
            `Reasoning: ${a.reasoning}`,
            ...a.citations.map((c) => `- ${tagCitationForModels(c)}`),
          ].join('\n'),
        ),
        `Known weaknesses: ${o.known_weaknesses.join(' | ') || '(none given)'}`,
        `Predicted attacks: ${o.predicted_attacks.join(' | ') || '(none given)'}`,
      ].join('\n');
    })
    .join('\n\n');
}

function outOfScopeText(topics: string[]): string {
  return topics.length === 0 ? '' : `\nOut of scope (do not argue about these): ${topics.join('; ')}\n`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

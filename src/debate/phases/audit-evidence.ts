import { citedContext } from '../../citations/cited-context.js';
import { tagCitationForModels, tagReferenceForModels } from '../../citations/tally-citations.js';
import type { EvidencePack } from '../../evidence/evidence-types.js';
import { explainTag } from '../claim-rules.js';
import { allClaims, applyAudit, tallyClaims } from '../claims.js';
import { loadPrompt } from '../prompts.js';
import { mayStall } from '../rubric.js';
import type { Attack, AuditResult, Claim, Transcript } from '../debate-types.js';
import { listPositions, MAX_TOKENS, warningsOf, type DebateContext } from './debate-context.js';

/**
 * Phase 5, the evidence audit (issue #4): the verifier's tags (verified, unverified, no-citation) are
 * already on every claim; the auditor, a neutral role on the judge's model, adds `exaggerated` and
 * `irrelevant` (issue #29), marks claims that argue an out-of-scope topic, and reads every answer beside
 * the attack it answers (the attack, its cited lines, the answer, the answer's cited lines) to find
 * answers `unresponsive` or `stalling` (`rubric.ts` AUDIT_ANSWER_RULES); the engine's phrase list only
 * marks candidates for stalling. Under each citation of a verified claim it reads the cited lines
 * themselves, with two lines of context on each side (`cited-context.ts`), not only the model's quote.
 * If the auditor fails, the verifier's tags stand and no answer is found unresponsive or stalling.
 * @returns the transcript with the findings applied, the audit summary, and the problems
 */
export async function auditEvidence(
  ctx: DebateContext,
  transcript: Transcript,
  judgeModel: string,
): Promise<{ transcript: Transcript; audit: AuditResult; problems: string[] }> {
  const claims = allClaims(transcript);
  const result = (of: Transcript, status: AuditResult['status'], notes: string[]): AuditResult => ({
    status,
    model: judgeModel,
    ...tallyClaims(of),
    notes,
  });
  if (claims.length === 0)
    return { transcript, audit: result(transcript, 'mechanical', ['There were no claims to audit.']), problems: [] };
  const cross = [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing];
  const attacks = new Map(cross.flatMap((t) => t.attacks).map((a) => [a.id, a]));
  const answers = cross
    .flatMap((t) => t.answers)
    .flatMap((a) => (a.answer !== 'surrender' && attacks.has(a.attackId) ? [{ ...a, answer: a.answer }] : []));
  const answerIds = new Set(answers.map((a) => a.claim.id));
  const reply = await ctx.caller.attempt({
    role: 'auditor',
    purpose: 'evidence audit',
    meta: { phase: 'audit' },
    model: judgeModel,
    field: 'audit',
    instructions: loadPrompt('audit', {
      positions: listPositions(ctx.positions),
      out_of_scope: ctx.outOfScope.length > 0 ? ctx.outOfScope.map((t) => JSON.stringify(t)).join('; ') : '(none)',
      claims: claims
        .filter((c) => !answerIds.has(c.id))
        .map((c) => renderClaim(c, ctx.pack, `- ${c.id} (position ${c.positionId}, `))
        .join('\n'),
      answers:
        answers.length === 0
          ? '(none)'
          : answers.map((a) => renderAnswer(a.claim, a.answer, attacks.get(a.attackId)!, ctx.pack)).join('\n'),
      language: ctx.language,
    }),
    format: ctx.schemas.format,
    schema: ctx.schemas.replyOf('audit'),
    maxTokens: MAX_TOKENS.auditor,
  });
  if (!reply.ok) {
    const problem = `The evidence audit failed (${reply.error}); claims carry only the verifier's tags, no answer was read beside its attack, and out-of-scope claims were not filtered.`;
    return { transcript, audit: result(transcript, 'mechanical', [problem]), problems: [problem] };
  }
  const audited = applyAudit(transcript, reply.output, ctx.outOfScope);
  return {
    transcript: audited.transcript,
    audit: result(audited.transcript, 'checked', audited.notes),
    problems: warningsOf('The evidence audit', reply.warnings),
  };
}

/** A claim with its tag, reasoning, citations (the cited lines under each of a verified claim's) and prose references. */
function renderClaim(c: Claim, pack: EvidencePack, head: string, indent = ''): string {
  return [
    `${head}${c.tag}: ${explainTag(c)}): ${c.text}`,
    ...(c.reasoning ? [`${indent}  Reasoning: ${c.reasoning}`] : []),
    ...c.citations.flatMap((x) => [
      `${indent}  - ${tagCitationForModels(x)}`,
      ...(c.tag === 'verified' ? citedContext(x, pack, `${indent}    `) : []),
    ]),
    ...c.references.map((r) => `${indent}  - ${tagReferenceForModels(r)}`),
  ].join('\n');
}

/** An answer beside the attack it answers: the attack and its lines, then the answer and its lines. */
function renderAnswer(answer: Claim, kind: 'refute' | 'concede', attack: Attack, pack: EvidencePack): string {
  const verifiedLine = answer.citations.some((c) => c.check.status === 'verified');
  return [
    `- Answer ${answer.id} (${kind}, position ${answer.positionId}) to attack ${attack.id} (position ${attack.by} on position ${attack.target}):`,
    renderClaim(attack.claim, pack, `  - Attack ${attack.id} (`, '  '),
    renderClaim(answer, pack, `  - Answer ${answer.id} (`, '  '),
    ...(!verifiedLine && mayStall(answer.text) ? ['  [phrase list: possibly stalling]'] : []),
  ].join('\n');
}

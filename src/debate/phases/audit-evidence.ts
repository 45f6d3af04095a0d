import { citedContext } from '../../citations/cited-context.js';
import { tagCitationForModels, tagReferenceForModels } from '../../citations/tally-citations.js';
import { explainTag } from '../claim-rules.js';
import { allClaims, applyAudit, tallyClaims } from '../claims.js';
import { loadPrompt } from '../prompts.js';
import type { AuditResult, Transcript } from '../debate-types.js';
import { listPositions, MAX_TOKENS, warningsOf, type DebateContext } from './debate-context.js';

/**
 * Phase 5, the evidence audit (issue #4): the verifier's tags (verified, unverified, no-citation) are
 * already on every claim; the auditor, a neutral role on the judge's model, adds `exaggerated` and
 * `irrelevant` (issue #29) and marks claims that argue an out-of-scope topic. Under each citation of a
 * verified claim it reads the cited lines themselves, with two lines of context on each side
 * (`cited-context.ts`), not only the model's quote. If the auditor fails, the verifier's tags stand.
 * @returns the transcript with the findings applied, the audit summary, and the problems
 */
export async function auditEvidence(ctx: DebateContext, transcript: Transcript, judgeModel: string): Promise<{ transcript: Transcript; audit: AuditResult; problems: string[] }> {
  const claims = allClaims(transcript);
  const result = (of: Transcript, status: AuditResult['status'], notes: string[]): AuditResult => ({ status, model: judgeModel, ...tallyClaims(of), notes });
  if (claims.length === 0) return { transcript, audit: result(transcript, 'mechanical', ['There were no claims to audit.']), problems: [] };
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
        .map((c) =>
          [
            `- ${c.id} (position ${c.positionId}, ${c.tag}: ${explainTag(c)}): ${c.text}`,
            ...(c.reasoning ? [`  Reasoning: ${c.reasoning}`] : []),
            ...c.citations.flatMap((x) => [`  - ${tagCitationForModels(x)}`, ...(c.tag === 'verified' ? citedContext(x, ctx.pack, '    ') : [])]),
            ...c.references.map((r) => `  - ${tagReferenceForModels(r)}`),
          ].join('\n'),
        )
        .join('\n'),
      language: ctx.language,
    }),
    format: ctx.schemas.format,
    schema: ctx.schemas.replyOf('audit'),
    maxTokens: MAX_TOKENS.auditor,
  });
  if (!reply.ok) {
    const problem = `The evidence audit failed (${reply.error}); claims carry only the verifier's tags, and out-of-scope claims were not filtered.`;
    return { transcript, audit: result(transcript, 'mechanical', [problem]), problems: [problem] };
  }
  const audited = applyAudit(transcript, reply.output, ctx.outOfScope);
  return { transcript: audited.transcript, audit: result(audited.transcript, 'checked', audited.notes), problems: warningsOf('The evidence audit', reply.warnings) };
}

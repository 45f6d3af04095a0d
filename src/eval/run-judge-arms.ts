import { estimateTokensOn } from '../llm/pack-tokenizer.js';
import { withCitationCheck } from '../citations/verify-citations.js';
import { createCaller, type Attempt, type CallSpec } from '../debate/call-models.js';
import { expectedScript, languageRule } from '../debate/language.js';
import type { ModelClient } from '../debate/model-client.js';
import { loadPrompt } from '../debate/prompts.js';
import { replySchemasFor, type Ruling } from '../debate/schemas.js';
import { summariseUsage } from '../usage/price-usage.js';
import { emptyCitations, type ArmAnswer, type ArmInput, type Confidence } from './arm-types.js';
import { sizingPrice, splitBudget } from './split-budget.js';

/**
 * The arms without a debate (issues #13, #32): `single` (one judge call), `vote:K` (k calls, majority)
 * and `single+verify` (one call whose citations are checked in code, with one repair). Each judge call
 * reads the evidence pack alone (prompts/single-judge.md) with an output cap that keeps the arm inside
 * its budget in dollars (`split-budget.ts`). Citations are those in `defeating_citations`: evidence
 * against one position, so in support of the other. Pure over {@link ModelClient}.
 */

/** The note of an arm whose budget does not cover one call. */
export const OVER_BUDGET = 'the budget does not cover one call at the minimum output; one call was made anyway';

const other = (id: 'A' | 'B') => (id === 'A' ? 'B' : 'A');
const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };
const lowest = (a: Confidence, b: Confidence): Confidence => (RANK[a] <= RANK[b] ? a : b);

function judgeCalls(client: ModelClient, input: ArmInput) {
  const positions = `- A: ${input.labels[0]}\n- B: ${input.labels[1]}`;
  const caller = createCaller(client, { system: loadPrompt('system'), evidence: input.pack.text }, expectedScript(input.language));
  const instructions = (n: number, of: number) =>
    loadPrompt('single-judge', { positions, voter: of > 1 ? ` You are voter ${n} of ${of}; the others read the same evidence on their own, and the majority decides.` : '', language: languageRule(input.language) });
  const schemas = replySchemasFor(['A', 'B']);
  const spec = (n: number, of: number, maxTokens: number, purpose: string): CallSpec<Ruling> => ({
    role: 'judge', purpose, meta: { phase: 'judge', order: ['A', 'B'] }, model: input.models.judge, field: 'ruling',
    instructions: instructions(n, of), format: schemas.format, schema: schemas.replyOf('ruling'), maxTokens,
  });
  // The pack on the judge's own tokenizer (issue #31), which the pack's sizing rate may not be.
  const promptTokens = (of: number) => estimateTokensOn(input.models.judge, input.pack.text.length) + Math.ceil(instructions(1, of).length / 3);
  return { caller, spec, promptTokens, price: sizingPrice(input.models.judge) };
}

/** The citations of a ruling, checked against the pack, counted for the position each supports. */
function countCitations(ruling: Ruling, input: ArmInput, into: ArmAnswer['citations']): void {
  for (const [id, ruled] of Object.entries(ruling.positions)) {
    if (id !== 'A' && id !== 'B') continue;
    for (const citation of ruled.defeating_citations) {
      const side = into[other(id)];
      side.total += 1;
      if (withCitationCheck(citation, input.pack).check.status !== 'verified') side.unverified += 1;
    }
  }
}

/**
 * `single` (`voters` 1) and `vote:K`: each voter is one judge call; the majority of their
 * recommendations is the answer (a tie is none). Its confidence is the lower of the majority's median
 * confidence and the agreement (all voters: high; two thirds: medium; less: low).
 * @param budgetUsd dollars for this case in this order
 */
export async function runVotingArm(client: ModelClient, input: ArmInput, voters: number, budgetUsd: number): Promise<ArmAnswer> {
  const calls = judgeCalls(client, input);
  const split = splitBudget(budgetUsd, voters, calls.promptTokens(voters), calls.price);
  const rulings = await Promise.all(Array.from({ length: split.calls }, (_, i) => calls.caller.attempt(calls.spec(i + 1, split.calls, split.maxTokens, split.calls > 1 ? `vote ${i + 1} of ${split.calls}` : 'single judge'))));
  const votes = { A: [] as Confidence[], B: [] as Confidence[] };
  const citations = emptyCitations();
  for (const attempt of rulings) {
    if (!attempt.ok) continue;
    const choice = attempt.output.recommendation;
    if (choice === 'A' || choice === 'B') votes[choice].push(attempt.output.confidence);
    countCitations(attempt.output, input, citations);
  }
  const failed = rulings.filter((r) => !r.ok).length;
  const choice = votes.A.length > votes.B.length ? 'A' : votes.B.length > votes.A.length ? 'B' : 'none';
  const notes = [
    split.fits ? '' : OVER_BUDGET,
    split.calls < voters ? `only ${split.calls} of ${voters} voters fit the budget` : '',
    failed > 0 ? `${failed} of ${split.calls} calls gave no usable ruling` : '',
  ].filter(Boolean);
  return {
    choice,
    confidence: choice === 'none' ? (rulings.some((r) => r.ok) ? 'low' : undefined) : majorityConfidence(votes[choice], split.calls - failed),
    usage: summariseUsage(calls.caller.calls),
    citations,
    note: notes.length > 0 ? notes.join('; ') : undefined,
    failure: failed === split.calls ? firstError(rulings) : undefined,
  };
}

/**
 * The confidence of a majority.
 * @param majority the confidences of the voters in the majority
 * @param answered voters that gave a ruling
 */
export function majorityConfidence(majority: readonly Confidence[], answered: number): Confidence {
  const sorted = [...majority].sort((a, b) => RANK[a] - RANK[b]);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 'low';
  const share = answered === 0 ? 0 : majority.length / answered;
  const agreement: Confidence = share === 1 ? 'high' : share >= 2 / 3 ? 'medium' : 'low';
  return answered === 1 ? median : lowest(median, agreement);
}

/**
 * What the code finds wrong with a ruling's citations: each one that did not verify (with the
 * verifier's sentence), and each position ruled `falsified` without a verified defeating citation.
 */
export function citationProblems(ruling: Ruling, input: ArmInput): string[] {
  const problems: string[] = [];
  for (const [id, ruled] of Object.entries(ruling.positions)) {
    let verified = 0;
    for (const citation of ruled.defeating_citations) {
      const { check } = withCitationCheck(citation, input.pack);
      if (check.status === 'verified') verified += 1;
      else problems.push(`- Position ${id}: the citation of ${citation.path}:${citation.line_start}-${citation.line_end} did not verify${check.status === 'unverified' ? `: ${check.detail}` : ' (it has no quote)'}`);
    }
    if (ruled.status === 'falsified' && verified === 0) problems.push(`- Position ${id} is ruled falsified, but no defeating citation of it verified: cite the lines that defeat it, or rule it unresolved.`);
  }
  return problems;
}

/**
 * `single+verify`: one judge call; its citations are checked in code; when any fails, one repair call
 * names each failure. The ruling kept is then held to its citations: a `falsified` without a verified
 * defeating citation counts as unresolved, a recommendation of a position so falsified is none, and a
 * ruling whose citations still fail has low confidence. The two calls share the budget.
 * @param budgetUsd dollars for this case in this order
 */
export async function runVerifiedArm(client: ModelClient, input: ArmInput, budgetUsd: number): Promise<ArmAnswer> {
  const calls = judgeCalls(client, input);
  const split = splitBudget(budgetUsd, 2, calls.promptTokens(1), calls.price);
  const spec = calls.spec(1, 1, split.maxTokens, 'single judge, citations checked');
  let attempt: Attempt<Ruling> = await calls.caller.attempt(spec);
  let note: string | undefined = split.fits ? undefined : OVER_BUDGET;
  if (attempt.ok) {
    const problems = citationProblems(attempt.output, input);
    if (problems.length > 0 && split.calls === 2) {
      const repaired = await calls.caller.retryWith(spec, loadPrompt('repair', { what: 'Citations in your ruling did not check out against the evidence pack; each is checked mechanically.', issues: problems.join('\n'), field: 'ruling' }));
      note = repaired.ok ? 'repaired once for its citations' : 'the citation repair gave no usable ruling; the first ruling was kept';
      if (repaired.ok) attempt = repaired;
    } else if (problems.length > 0) {
      note = note ?? 'no repair: a second call does not fit the budget';
    }
  }
  const usage = summariseUsage(calls.caller.calls);
  if (!attempt.ok) return { choice: 'none', confidence: undefined, usage, citations: emptyCitations(), note, failure: attempt.error };
  const ruling = attempt.output;
  const citations = emptyCitations();
  countCitations(ruling, input, citations);
  const left = citationProblems(ruling, input);
  const defeated = (id: 'A' | 'B') => ruling.positions[id]?.status === 'falsified' && !left.some((p) => p.startsWith(`- Position ${id} is ruled falsified`));
  const recommended = ruling.recommendation;
  const choice = recommended === 'A' || recommended === 'B' ? (defeated(recommended) ? 'none' : recommended) : 'none';
  return { choice, confidence: left.length > 0 ? 'low' : ruling.confidence, usage, citations, note, failure: undefined };
}

function firstError(attempts: readonly { ok: boolean; error?: string }[]): string {
  return attempts.find((a) => !a.ok)?.error ?? 'no usable ruling';
}

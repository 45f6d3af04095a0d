import { withCitationCheck } from '../src/citations/verify-citations.js';
import { createCaller } from '../src/debate/call-models.js';
import type { Attempt, CallSpec } from '../src/debate/caller-types.js';
import { MAX_TOKENS } from '../src/debate/phases/debate-context.js';
import { expectedScript, languageRule } from '../src/debate/language.js';
import type { ModelClient } from '../src/debate/model-client.js';
import { loadPrompt } from '../src/debate/prompts.js';
import { replySchemasFor, type Ruling } from '../src/debate/schemas.js';
import { summariseUsage } from '../src/models/price-usage.js';
import { emptyCitations, type ArmAnswer, type ArmInput, type Confidence } from './arm-types.js';
import { MAX_VOTERS } from './arms.js';
import { callsThatFit, nextCallUsd, type SpendLimit } from './match-spend.js';

/**
 * The arms without a debate (issues #13, #32, #43): `single` (one judge call), `vote:K` (judge calls
 * added while the next fits the budget, at most K; the majority wins) and `single+verify` (one call whose
 * citations are checked in code, repaired while problems remain and the next repair fits the budget).
 * Each judge call reads the evidence pack alone (prompts/single-judge.md). The budget is in dollars as the
 * calls are billed (`match-spend.ts`). Citations are those in `defeating_citations`: evidence against one
 * position, so in support of the other. Pure over {@link ModelClient}.
 */

const other = (id: 'A' | 'B') => (id === 'A' ? 'B' : 'A');
const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };
const lowest = (a: Confidence, b: Confidence): Confidence => (RANK[a] <= RANK[b] ? a : b);

function judgeCalls(client: ModelClient, input: ArmInput) {
  const positions = `- A: ${input.labels[0]}\n- B: ${input.labels[1]}`;
  const caller = createCaller(
    client,
    { system: loadPrompt('system'), evidence: input.pack.text },
    expectedScript(input.language),
  );
  const schemas = replySchemasFor(['A', 'B']);
  // Voter n is told it is one of several, so each voter's request is its own (a model at temperature 0 would otherwise answer each alike).
  const voter = (n: number | undefined) =>
    n === undefined
      ? ''
      : ` You are voter ${n}; other voters read the same evidence on their own, and the majority decides.`;
  const spec = (n: number | undefined, purpose: string): CallSpec<Ruling> => ({
    role: 'judge',
    purpose,
    meta: { phase: 'judge', order: ['A', 'B'] },
    model: input.models.judge,
    field: 'ruling',
    instructions: loadPrompt('single-judge', { positions, voter: voter(n), language: languageRule(input.language) }),
    format: schemas.format,
    schema: schemas.replyOf('ruling'),
    maxTokens: MAX_TOKENS.judge,
  });
  const spent = () => summariseUsage(caller.calls).cost_usd;
  const next = () =>
    nextCallUsd(
      caller.calls.map((c) => c.usage),
      input.models.judge,
    );
  return { caller, spec, spent, next };
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
 * `single` (`most` 1) and `vote:K` (`most` K): the first voter alone (it writes the prompt cache), then
 * as many voters at once as are expected to fit in what is left of the budget, again until none fits or
 * `most` voted. The answer is the majority of the recommendations (`none` counts as one); a tie for the
 * most votes is an abstention. Its confidence is the lower of the majority's median confidence and the
 * agreement (all voters: high; two thirds: medium; less: low).
 * @param budgetUsd dollars for this case in this order
 */
export async function runVotingArm(
  client: ModelClient,
  input: ArmInput,
  most: number,
  budgetUsd: number,
): Promise<ArmAnswer> {
  const calls = judgeCalls(client, input);
  const purpose = (n: number) => (most > 1 ? `vote ${n}` : 'single judge');
  const rulings = [await calls.caller.attempt(calls.spec(most > 1 ? 1 : undefined, purpose(1)))];
  let limit: SpendLimit | undefined =
    calls.spent() > budgetUsd ? 'first-call-over' : most === 1 ? 'one-call' : undefined;
  while (limit === undefined) {
    const fit = callsThatFit(budgetUsd, calls.spent(), calls.next(), most - rulings.length);
    if (fit === 0) {
      limit = rulings.length === most ? 'all-voters' : undefined;
      break;
    }
    const wave = Array.from({ length: fit }, (_, i) =>
      calls.spec(rulings.length + i + 1, purpose(rulings.length + i + 1)),
    );
    rulings.push(...(await calls.caller.attemptAll(wave)));
    if (rulings.length === most) limit = 'all-voters';
  }
  const votes = new Map<'A' | 'B' | 'none', Confidence[]>();
  const citations = emptyCitations();
  for (const attempt of rulings) {
    if (!attempt.ok) continue;
    const choice = attempt.output.recommendation;
    const id = choice === 'A' || choice === 'B' ? choice : 'none';
    votes.set(id, [...(votes.get(id) ?? []), attempt.output.confidence]);
    countCitations(attempt.output, input, citations);
  }
  const answered = rulings.filter((r) => r.ok).length;
  const ranked = [...votes].sort((a, b) => b[1].length - a[1].length);
  const tied = ranked.length > 1 && ranked[0]![1].length === ranked[1]![1].length;
  const failed = rulings.length - answered;
  const notes = [
    tied ? 'the vote tied: no answer' : '',
    failed > 0 ? `${failed} of ${rulings.length} calls gave no usable ruling` : '',
  ].filter(Boolean);
  const usage = summariseUsage(calls.caller.calls);
  const made = calls.caller.calls.length;
  if (answered === 0)
    return {
      choice: 'abstain',
      confidence: undefined,
      usage,
      calls: made,
      citations,
      note: notes.join('; ') || undefined,
      limit: 'failed',
      failure: firstError(rulings),
    };
  return {
    choice: tied ? 'abstain' : ranked[0]![0],
    confidence: tied ? 'low' : majorityConfidence(ranked[0]![1], answered),
    usage,
    calls: made,
    citations,
    note: notes.length > 0 ? notes.join('; ') : undefined,
    limit,
    failure: undefined,
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
      else
        problems.push(
          `- Position ${id}: the citation of ${citation.path}:${citation.line_start}-${citation.line_end} did not verify${check.status === 'unverified' ? `: ${check.detail}` : ' (it has no quote)'}`,
        );
    }
    if (ruled.status === 'falsified' && verified === 0)
      problems.push(
        `- Position ${id} is ruled falsified, but no defeating citation of it verified: cite the lines that defeat it, or rule it unresolved.`,
      );
  }
  return problems;
}

/**
 * `single+verify`: one judge call; its citations are checked in code; while any fails and the next call
 * is expected to fit the budget, a repair call names each failure. The ruling kept is then held to its
 * citations: a `falsified` without a verified defeating citation counts as unresolved, a recommendation
 * of a position so falsified contradicts itself (an abstention), and a ruling whose citations still fail
 * has low confidence.
 * @param budgetUsd dollars for this case in this order
 */
export async function runVerifiedArm(client: ModelClient, input: ArmInput, budgetUsd: number): Promise<ArmAnswer> {
  const calls = judgeCalls(client, input);
  const spec = calls.spec(undefined, 'single judge, citations checked');
  let attempt: Attempt<Ruling> = await calls.caller.attempt(spec);
  let limit: SpendLimit | undefined = calls.spent() > budgetUsd ? 'first-call-over' : undefined;
  let repairs = 0;
  let note: string | undefined;
  while (attempt.ok) {
    const problems = citationProblems(attempt.output, input);
    if (problems.length === 0) {
      limit ??= 'nothing-to-repair';
      break;
    }
    if (limit !== undefined || calls.caller.calls.length >= MAX_VOTERS) {
      limit ??= 'most-calls';
      break;
    }
    if (callsThatFit(budgetUsd, calls.spent(), calls.next(), 1) === 0) break;
    const repaired = await calls.caller.retryWith(spec, loadPrompt('citation-repair', { issues: problems.join('\n') }));
    repairs += 1;
    if (!repaired.ok) {
      note = 'a citation repair gave no usable ruling; the ruling before it was kept';
      break;
    }
    attempt = repaired;
  }
  if (repairs > 0)
    note = [`repaired ${repairs === 1 ? 'once' : `${repairs} times`} for its citations`, note]
      .filter(Boolean)
      .join('; ');
  const usage = summariseUsage(calls.caller.calls);
  const made = calls.caller.calls.length;
  if (!attempt.ok)
    return {
      choice: 'abstain',
      confidence: undefined,
      usage,
      calls: made,
      citations: emptyCitations(),
      note,
      limit: 'failed',
      failure: attempt.error,
    };
  const ruling = attempt.output;
  const citations = emptyCitations();
  countCitations(ruling, input, citations);
  const left = citationProblems(ruling, input);
  const defeated = (id: 'A' | 'B') =>
    ruling.positions[id]?.status === 'falsified' &&
    !left.some((p) => p.startsWith(`- Position ${id} is ruled falsified`));
  const recommended = ruling.recommendation;
  const choice =
    recommended === 'A' || recommended === 'B' ? (defeated(recommended) ? 'abstain' : recommended) : 'none';
  return {
    choice,
    confidence: left.length > 0 ? 'low' : ruling.confidence,
    usage,
    calls: made,
    citations,
    note,
    limit,
    failure: undefined,
  };
}

function firstError(attempts: readonly Attempt<unknown>[]): string {
  for (const a of attempts) if (!a.ok) return a.error;
  return 'no usable ruling';
}

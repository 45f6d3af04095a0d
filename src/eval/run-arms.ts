import { withCitationCheck } from '../citations/verify-citations.js';
import { createCaller } from '../debate/call-models.js';
import { expectedScript, languageRule, type LanguageSetting } from '../debate/language.js';
import type { ModelClient } from '../debate/model-client.js';
import { MAX_TOKENS } from '../debate/phases/debate-context.js';
import type { DebatePlan } from '../debate/plan.js';
import { loadPrompt } from '../debate/prompts.js';
import { replySchemasFor, type Ruling } from '../debate/schemas.js';
import { runDebate } from '../debate/run-debate.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { summariseUsage, type RunUsage } from '../usage/price-usage.js';

/**
 * The arms of the eval (issue #13): the debate, one careful call, and k independent calls with a
 * majority vote. Each answers which of two positions is right on the same evidence pack. Pure over
 * {@link ModelClient}, like the debate engine.
 */

/** An arm, as `--arms` names it: `debate`, `single`, `vote:K`. */
export type Arm = { kind: 'debate' } | { kind: 'single' } | { kind: 'vote'; k: number };

/** The arm's name in the table. */
export function armName(arm: Arm): string {
  return arm.kind === 'vote' ? `vote:${arm.k}` : arm.kind;
}

/**
 * @param text `--arms`, e.g. `debate,single,vote:5`
 * @throws Error naming the item that is not an arm (the CLI shows it as bad usage)
 */
export function parseArms(text: string): Arm[] {
  const arms = text.split(',').map((item) => {
    const name = item.trim();
    if (name === 'debate' || name === 'single') return { kind: name } as const;
    const vote = /^vote:(\d+)$/.exec(name);
    if (vote && Number(vote[1]) >= 2 && Number(vote[1]) <= 25) return { kind: 'vote', k: Number(vote[1]) } as const;
    throw new Error(`--arms: "${name}" is not an arm; use debate, single or vote:K with K from 2 to 25`);
  });
  const names = arms.map(armName);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`--arms: ${twice} is listed twice`);
  return arms;
}

/** One arm's answer on one case in one order. Position ids are those of the order the arm saw. */
export interface ArmAnswer {
  /** The position it found right, or none. */
  choice: 'A' | 'B' | 'none';
  usage: RunUsage;
  /** Citations made in support of each position, and how many of them did not verify. */
  citations: Record<'A' | 'B', { total: number; unverified: number }>;
  /** What limited the arm, e.g. fewer voters than asked to stay in the budget. */
  note: string | undefined;
  /** Set when the arm produced no usable answer: the first problem. */
  failure: string | undefined;
}

/** What every arm of one case in one order gets. */
export interface ArmInput {
  pack: EvidencePack;
  /** Position A then B, as this order presents them. */
  labels: [string, string];
  plan: DebatePlan;
  models: { moderator: string; advocates: string[]; judge: string };
  language: LanguageSetting;
}

const other = (id: 'A' | 'B') => (id === 'A' ? 'B' : 'A');

/** The debate arm: the action's own protocol with these two positions. */
export async function runDebateArm(client: ModelClient, input: ArmInput): Promise<ArmAnswer> {
  const outcome = await runDebate(client, {
    pack: input.pack,
    positions: input.labels,
    outOfScope: [],
    command: '/debate',
    moderatorModel: input.models.moderator,
    advocateModels: input.models.advocates,
    judgeModel: input.models.judge,
    plan: input.plan,
    language: input.language,
  });
  if (outcome.kind !== 'debate') return { choice: 'none', usage: outcome.usage, citations: emptyCitations(), note: 'the moderator found nothing contested', failure: undefined };
  const count = (id: 'A' | 'B') => {
    const counts = outcome.counts.get(id);
    return { total: (counts?.verified ?? 0) + (counts?.unverified ?? 0), unverified: counts?.unverified ?? 0 };
  };
  const choice = outcome.ruling?.recommendation;
  return {
    choice: choice === 'A' || choice === 'B' ? choice : 'none',
    usage: outcome.usage,
    citations: { A: count('A'), B: count('B') },
    note: outcome.completion === 'success' ? undefined : `debate ${outcome.completion}`,
    failure: outcome.ruling ? undefined : (outcome.problems[0] ?? 'the judge gave no ruling'),
  };
}

/** Fewest output tokens a single or voting call is given; below it a ruling does not fit. */
export const MIN_CALL_OUTPUT_TOKENS = 2_000;

/**
 * Output tokens for each of `voters` calls so that their total (input and output) stays in `budget`.
 * @param promptTokens estimated input tokens of one call (the pack and the instructions)
 * @returns voters that fit (at least 1, at most `voters`) and each one's output cap (at most the judge's)
 */
export function splitBudget(budget: number, voters: number, promptTokens: number): { voters: number; maxTokens: number } {
  const fit = Math.max(1, Math.min(voters, Math.floor(budget / (promptTokens + MIN_CALL_OUTPUT_TOKENS))));
  const maxTokens = Math.min(MAX_TOKENS.judge, Math.max(MIN_CALL_OUTPUT_TOKENS, Math.floor(budget / fit) - promptTokens));
  return { voters: fit, maxTokens };
}

/**
 * The single arm (`voters` 1) and the k-vote arm: each voter is one judge call on the evidence pack
 * alone, with an output cap that keeps all of them inside `budget` tokens; the majority of the
 * voters' recommendations is the answer (a tie is none). Citations are those the voters put in
 * `defeating_citations`: evidence against one position, so in support of the other.
 */
export async function runVotingArm(client: ModelClient, input: ArmInput, voters: number, budget: number): Promise<ArmAnswer> {
  const positions = `- A: ${input.labels[0]}\n- B: ${input.labels[1]}`;
  const caller = createCaller(client, { system: loadPrompt('system'), evidence: input.pack.text }, expectedScript(input.language));
  const instructions = (n: number, of: number) =>
    loadPrompt('single-judge', { positions, voter: of > 1 ? ` You are voter ${n} of ${of}; the others read the same evidence on their own, and the majority decides.` : '', language: languageRule(input.language) });
  const promptTokens = input.pack.tokens + Math.ceil(instructions(1, voters).length / 3);
  const split = splitBudget(budget, voters, promptTokens);
  const schemas = replySchemasFor(['A', 'B']);
  const rulings = await Promise.all(
    Array.from({ length: split.voters }, (_, i) =>
      caller.attempt<Ruling>({
        role: 'judge',
        purpose: split.voters > 1 ? `vote ${i + 1} of ${split.voters}` : 'single judge',
        meta: { phase: 'judge', order: ['A', 'B'] },
        model: input.models.judge,
        field: 'ruling',
        instructions: instructions(i + 1, split.voters),
        format: schemas.format,
        schema: schemas.replyOf('ruling'),
        maxTokens: split.maxTokens,
      }),
    ),
  );
  const votes = { A: 0, B: 0 };
  const citations = emptyCitations();
  for (const attempt of rulings) {
    if (!attempt.ok) continue;
    const choice = attempt.output.recommendation;
    if (choice === 'A' || choice === 'B') votes[choice] += 1;
    for (const [id, ruled] of Object.entries(attempt.output.positions)) {
      const position = { id, ...ruled };
      if (position.id !== 'A' && position.id !== 'B') continue;
      for (const citation of position.defeating_citations) {
        const side = citations[other(position.id)];
        side.total += 1;
        if (withCitationCheck(citation, input.pack).check.status !== 'verified') side.unverified += 1;
      }
    }
  }
  const failed = rulings.filter((r) => !r.ok).length;
  const notes = [
    split.voters < voters ? `${split.voters} of ${voters} voters fit the budget of ${budget.toLocaleString('en-US')} tokens` : '',
    failed > 0 ? `${failed} of ${split.voters} calls gave no usable ruling` : '',
  ].filter(Boolean);
  return {
    choice: votes.A > votes.B ? 'A' : votes.B > votes.A ? 'B' : 'none',
    usage: summariseUsage(caller.calls),
    citations,
    note: notes.length > 0 ? notes.join('; ') : undefined,
    failure: failed === split.voters ? firstError(rulings) : undefined,
  };
}

function firstError(attempts: readonly { ok: boolean; error?: string }[]): string {
  return attempts.find((a) => !a.ok)?.error ?? 'no usable ruling';
}

function emptyCitations(): ArmAnswer['citations'] {
  return { A: { total: 0, unverified: 0 }, B: { total: 0, unverified: 0 } };
}

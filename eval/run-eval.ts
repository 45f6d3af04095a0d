import type { LanguageSetting } from '../src/debate/language.js';
import type { ModelClient } from '../src/debate/model-client.js';
import type { RunUsage } from '../src/models/price-usage.js';
import { armName, DEFAULT_DEBATE, isDebating, planOf, type Arm } from './arms.js';
import type { ArmAnswer, ArmInput } from './arm-types.js';
import type { EvalCase } from './case-schema.js';
import { runFramingArm, type FramingRun } from './run-framing-arm.js';
import { runDebateArm } from './run-debate-arm.js';
import { runVerifiedArm, runVotingArm } from './run-judge-arms.js';
import type { EvalRun } from './score-arms.js';
import { spendLimitOf } from './match-spend.js';
import type { PreparedCase } from './prepare-cases.js';

/**
 * Runs every arm on every case, each case in both position orders and `repeats` times, at equal
 * dollars: each arm's budget on a case and order is `budgetUsd`, or else what the default debate
 * (`debate`, the action's standard preset) spent there, its tokens at the price each is billed at
 * (`match-spend.ts`); the arms that add calls add them until the next would pass it, and every run
 * records its spend beside its budget. Every arm sees the same cases, packs, orders and repeats; an
 * answer one arm needs from another (escalate's checked calls and debate, a budget) is computed once and
 * shared, and each arm is charged for what it used. Pure over {@link ModelClient}.
 */

/** What an eval runs with. */
export interface EvalOptions {
  arms: Arm[];
  /** Dollars per case and order for every arm sized to a budget; undefined: what the default debate spent there. */
  budgetUsd: number | undefined;
  /** Runs of each case in each order. */
  repeats: number;
  /** Also run the framing arm on the cases that label framings. */
  framing: boolean;
  /** Input `max-rounds`, which caps every debate arm's rounds. */
  maxRounds: number | undefined;
  models: { moderator: string; advocates: string[]; judge: string };
  /** The two advocate models of the `mixed` arm (`mixedAdvocates`); undefined when it does not run. */
  mixedAdvocates: [string, string] | undefined;
  /** The rehearsal model answered every call: nothing was paid, so each run's `usage.cost_usd` is 0. */
  rehearsal: boolean;
  /** Input `language`. */
  language: string;
  /** Inputs `reader-model` and `max-reader-calls`: the debate arms read what a case's pack cannot hold, as the action does. */
  readers: { model: string; maxCalls: number };
  /** Told when each arm starts on a case, e.g. to name the phase in the progress line. */
  onArm?: (label: string) => void;
}

/** The eval's runs. */
export interface EvalRuns {
  runs: EvalRun[];
  framing: FramingRun[];
}

const ORDERS = ['AB', 'BA'] as const;
type Order = (typeof ORDERS)[number];

/**
 * @throws Error when an arm sized to a budget has none (no `budgetUsd` and no default debate arm)
 */
export async function runEval(
  client: ModelClient,
  cases: readonly PreparedCase[],
  options: EvalOptions,
): Promise<EvalRuns> {
  const reference = armName(DEFAULT_DEBATE);
  const hasReference = options.arms.some((a) => armName(a) === reference);
  if (
    options.budgetUsd === undefined &&
    !hasReference &&
    options.arms.some((a) => !isDebating(a) || a.kind === 'escalate')
  ) {
    throw new Error(
      "--budget-usd is needed when --arms has no 'debate': the default debate's spend is what the other arms get otherwise",
    );
  }
  const runs: EvalRun[] = [];
  const framing: FramingRun[] = [];
  for (const { evalCase, pack } of cases) {
    const language: LanguageSetting = {
      language: options.language,
      commandText: undefined,
      prText: `${evalCase.title}\n\n${evalCase.body}`,
    };
    for (let repeat = 0; repeat < options.repeats; repeat += 1) {
      const inputOf = (order: Order, advocates = options.models.advocates): ArmInput => ({
        pack,
        labels:
          order === 'AB'
            ? [evalCase.positions[0], evalCase.positions[1]]
            : [evalCase.positions[1], evalCase.positions[0]],
        topic: evalCase.question,
        models: { ...options.models, advocates },
        language,
        ...(pack.coverage.parts.length > 0
          ? {
              readers: {
                model: options.readers.model,
                calls: options.readers.maxCalls,
                bound: 'max-reader-calls' as const,
              },
            }
          : {}),
      });
      const memo = new Map<string, Promise<ArmAnswer>>();
      const budget = async (order: Order) => options.budgetUsd ?? (await answer(DEFAULT_DEBATE, order)).usage.cost_usd;
      const answer = (arm: Arm, order: Order): Promise<ArmAnswer> => {
        const key = `${armName(arm)} ${order}`;
        let found = memo.get(key);
        if (!found) {
          options.onArm?.(`${evalCase.id}${options.repeats > 1 ? ` #${repeat + 1}` : ''} ${order} ${armName(arm)}`);
          found = runArm(arm, order);
          memo.set(key, found);
        }
        return found;
      };
      const runArm = async (arm: Arm, order: Order): Promise<ArmAnswer> => {
        const input = inputOf(order);
        if (arm.kind === 'debate') {
          const readers =
            arm.readerModel !== undefined && input.readers
              ? { ...input.readers, model: arm.readerModel }
              : input.readers;
          return runDebateArm(
            client,
            { ...input, ...(readers ? { readers } : {}) },
            planOf(arm.variant, options.maxRounds, arm.judgeRuns),
          );
        }
        if (arm.kind === 'mixed')
          return runDebateArm(
            client,
            inputOf(order, options.mixedAdvocates ?? options.models.advocates),
            planOf('standard', options.maxRounds),
          );
        if (arm.kind === 'single') return runVotingArm(client, input, 1, await budget(order));
        if (arm.kind === 'vote') return runVotingArm(client, input, arm.k, await budget(order));
        if (arm.kind === 'single+verify') return runVerifiedArm(client, input, await budget(order));
        return escalate(order);
      };
      // The checked call in both orders; the debate, in this order, only when they disagree or either is unsure.
      const escalate = async (order: Order): Promise<ArmAnswer> => {
        const verify: Arm = { kind: 'single+verify' };
        const checked = { AB: await answer(verify, 'AB'), BA: await answer(verify, 'BA') };
        const label = (o: Order) => labelOf(checked[o], inputOf(o).labels);
        const why = [checked.AB, checked.BA].some((c) => c.choice === 'abstain')
          ? 'a checked call gave no answer'
          : label('AB') !== label('BA')
            ? 'the two orders disagreed'
            : [checked.AB, checked.BA].some((c) => c.confidence !== 'medium' && c.confidence !== 'high')
              ? 'a checked call was unsure'
              : undefined;
        const halves = halfUsage(checked.AB.usage, checked.BA.usage);
        const calls = (checked.AB.calls + checked.BA.calls) / 2;
        if (why === undefined)
          return {
            ...checked[order],
            usage: halves,
            calls,
            note: 'settled by single+verify in both orders',
            limit: 'settled-early',
          };
        const debated = await answer(DEFAULT_DEBATE, order);
        return {
          ...debated,
          usage: addUsage(halves, debated.usage),
          calls: calls + debated.calls,
          note: `escalated to the debate: ${why}`,
          limit: 'escalated',
        };
      };
      for (const order of ORDERS) {
        for (const arm of options.arms) {
          const given = await answer(arm, order);
          const budgetUsd =
            armName(arm) === reference
              ? options.budgetUsd
              : options.budgetUsd !== undefined || hasReference
                ? await budget(order)
                : undefined;
          runs.push(
            toRun(evalCase, armName(arm), repeat, order, given, inputOf(order).labels, budgetUsd, options.rehearsal),
          );
        }
      }
      if (options.framing && evalCase.framing) {
        options.onArm?.(`${evalCase.id} framing`);
        framing.push(
          await runFramingArm(client, {
            caseId: evalCase.id,
            repeat,
            pack,
            acceptable: evalCase.framing.positions,
            model: options.models.moderator,
            language,
          }),
        );
      }
    }
  }
  return { runs, framing };
}

function labelOf(answer: ArmAnswer, labels: [string, string]): string | undefined {
  return answer.choice === 'A' || answer.choice === 'B' ? labels[answer.choice === 'A' ? 0 : 1] : undefined;
}

/** A run in the case's terms. A rehearsal's spend is what its tokens come to at the models' prices; it paid nothing. */
function toRun(
  evalCase: EvalCase,
  arm: string,
  repeat: number,
  order: Order,
  answer: ArmAnswer,
  labels: [string, string],
  budgetUsd: number | undefined,
  rehearsal: boolean,
): EvalRun {
  const chosen = labelOf(answer, labels);
  const abstained = answer.choice === 'abstain' && answer.failure === undefined;
  const rightLabel = evalCase.right === 'none' ? undefined : evalCase.positions[evalCase.right === 'A' ? 0 : 1];
  const rightId = labels[0] === rightLabel ? 'A' : 'B';
  const spendUsd = answer.usage.cost_usd;
  return {
    caseId: evalCase.id,
    arm,
    repeat,
    order,
    chosen,
    abstained,
    right: evalCase.right === 'none' ? 'none' : rightLabel!,
    correct: answer.failure === undefined && !abstained && chosen === rightLabel,
    confidence: answer.confidence,
    usage: rehearsal ? { ...answer.usage, cost_usd: 0 } : answer.usage,
    spendUsd,
    calls: answer.calls,
    budgetUsd,
    spendLimit:
      budgetUsd === undefined
        ? undefined
        : spendLimitOf(spendUsd, budgetUsd, answer.failure === undefined ? answer.limit : 'failed'),
    // With neither position right, every citation is on a wrong side.
    citationsRight: rightLabel === undefined ? { total: 0, unverified: 0 } : answer.citations[rightId],
    citationsWrong:
      rightLabel === undefined
        ? sumCitations(answer.citations.A, answer.citations.B)
        : answer.citations[rightId === 'A' ? 'B' : 'A'],
    note: answer.note,
    failure: answer.failure,
    ...(answer.arguments === undefined ? {} : { arguments: answer.arguments }),
  };
}

function sumCitations(a: { total: number; unverified: number }, b: { total: number; unverified: number }) {
  return { total: a.total + b.total, unverified: a.unverified + b.unverified };
}

/** Half of two runs' usage: the share of escalate's checked calls in both orders charged to one order. */
function halfUsage(a: RunUsage, b: RunUsage): RunUsage {
  const half = (x: number, y: number) => (x + y) / 2;
  return {
    input_tokens: half(a.input_tokens, b.input_tokens),
    output_tokens: half(a.output_tokens, b.output_tokens),
    cache_creation_input_tokens: half(a.cache_creation_input_tokens, b.cache_creation_input_tokens),
    cache_read_input_tokens: half(a.cache_read_input_tokens, b.cache_read_input_tokens),
    cost_usd: half(a.cost_usd, b.cost_usd),
    unpricedCalls: half(a.unpricedCalls, b.unpricedCalls),
  };
}

function addUsage(a: RunUsage, b: RunUsage): RunUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
    cost_usd: a.cost_usd + b.cost_usd,
    unpricedCalls: a.unpricedCalls + b.unpricedCalls,
  };
}

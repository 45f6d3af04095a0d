import { planDebate, type DebatePlan, type JudgeRunCount } from '../src/debate/plan.js';
import { parseModelId } from '../src/models/model-id.js';

/**
 * The arms of the eval (issues #13, #32, #43), as `--arms` names them: the debate at each depth, with
 * the pragmatist, with its advocates on two model families, and the standard debate with 4 judge runs
 * (`judge-runs:4`: two in each order, so the judge's flips can be counted), or with its readers on another
 * model (`reader-model:<model>`: a cheaper reader, on the cases whose pack cannot hold every changed
 * hunk); one judge call; one judge call
 * whose citations are checked in code (repaired while the budget allows); a majority vote of judge calls
 * added while the budget allows; and the selective debate (the checked call in both orders, the debate only
 * where they disagree or are unsure). Pure.
 */

/**
 * A debate arm's plan: `standard` is the action's default preset; `no-steelman` is standard without the
 * steelman swap; `pragmatist` is standard with the third advocate `deep` adds to a two-position debate.
 */
export type DebateVariant = 'standard' | 'quick' | 'deep' | 'no-steelman' | 'pragmatist';

/** An arm. */
export type Arm =
  /**
   * `judgeRuns`: input `judge-runs` (absent: 2). `readerModel`: the model of the reader calls that read
   * what the case's pack cannot hold (absent: input `reader-model`); a case whose changed hunks fit has none.
   */
  | { kind: 'debate'; variant: DebateVariant; judgeRuns?: JudgeRunCount; readerModel?: string }
  /** The standard debate with its two advocates on two model families (`mixedAdvocates`). */
  | { kind: 'mixed' }
  | { kind: 'single' }
  | { kind: 'single+verify' }
  /** Judge calls added while the next fits the budget, at most `k`; the majority wins. */
  | { kind: 'vote'; k: number }
  | { kind: 'escalate' };

/** The arm every other is compared with: the debate as the action runs it by default. */
export const DEFAULT_DEBATE: Arm = { kind: 'debate', variant: 'standard' };

/** Most calls an arm adds to reach its budget (voters, repairs): also the most `vote:K` may ask for. */
export const MAX_VOTERS = 25;

/** Arms `--arms` runs when it is not given: `vote:25` adds voters until the budget stops it. */
export const DEFAULT_ARMS = `debate,debate:quick,single,single+verify,vote:${MAX_VOTERS},escalate`;

/** The arm's name, as `--arms` takes it and the report shows it. */
export function armName(arm: Arm): string {
  if (arm.kind === 'debate' && arm.readerModel !== undefined) return `reader-model:${arm.readerModel}`;
  if (arm.kind === 'debate' && arm.judgeRuns === 4)
    return arm.variant === 'standard' ? 'judge-runs:4' : `debate:${arm.variant}+judge-runs:4`;
  if (arm.kind === 'debate')
    return arm.variant === 'standard'
      ? 'debate'
      : arm.variant === 'pragmatist'
        ? 'debate+pragmatist'
        : `debate:${arm.variant}`;
  return arm.kind === 'vote' ? `vote:${arm.k}` : arm.kind;
}

/** Whether the arm holds a debate: its plan fixes its calls, so it is not sized to a budget. */
export function isDebating(arm: Arm): boolean {
  return arm.kind === 'debate' || arm.kind === 'mixed' || arm.kind === 'escalate';
}

const NAMES =
  'debate, debate:quick, debate:deep, debate:no-steelman, debate+pragmatist, mixed, judge-runs:4, reader-model:<model>, single, single+verify, vote:K';

/**
 * @param text `--arms`, e.g. `debate,debate:quick,single+verify,vote:3,vote:25`
 * @returns the arms in the order given
 * @throws Error naming an item that is not an arm, or an arm listed twice (the CLI shows it as bad usage)
 */
export function parseArms(text: string): Arm[] {
  const arms = text.split(',').map((item): Arm => {
    const name = item.trim();
    if (name === 'debate') return { kind: 'debate', variant: 'standard' };
    if (name === 'debate+pragmatist') return { kind: 'debate', variant: 'pragmatist' };
    if (name === 'judge-runs:4') return { kind: 'debate', variant: 'standard', judgeRuns: 4 };
    const reader = /^reader-model:(\S+)$/.exec(name);
    if (reader) return { kind: 'debate', variant: 'standard', readerModel: reader[1]! };
    const debate = /^debate:(quick|deep|no-steelman)$/.exec(name);
    if (debate) return { kind: 'debate', variant: debate[1] as DebateVariant };
    if (name === 'mixed' || name === 'single' || name === 'single+verify' || name === 'escalate') return { kind: name };
    const vote = /^vote:(\d+)$/.exec(name);
    if (vote && Number(vote[1]) >= 2 && Number(vote[1]) <= MAX_VOTERS) return { kind: 'vote', k: Number(vote[1]) };
    throw new Error(`--arms: "${name}" is not an arm; use ${NAMES} (K from 2 to ${MAX_VOTERS}) or escalate`);
  });
  const names = arms.map(armName);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`--arms: ${twice} is listed twice`);
  return arms;
}

/**
 * The debate plan of a debate arm: the preset's phases (plan.ts), under input `max-rounds`. Only
 * `debate+pragmatist` has the pragmatist: `deep` runs without the one it adds to a two-position debate,
 * so that its depth alone is compared. A recommendation of the pragmatist's middle position is scored as
 * neither position as written.
 * @param maxRounds input `max-rounds`, or undefined
 * @param judgeRuns input `judge-runs`, or undefined for its default
 */
export function planOf(variant: DebateVariant, maxRounds: number | undefined, judgeRuns?: JudgeRunCount): DebatePlan {
  const preset = variant === 'no-steelman' || variant === 'pragmatist' ? 'standard' : variant;
  const plan = {
    ...planDebate({ preset, maxRounds, command: {}, ...(judgeRuns === undefined ? {} : { judgeRuns }) }),
    pragmatist: variant === 'pragmatist',
  };
  return variant === 'no-steelman' ? { ...plan, steelman: false } : plan;
}

/** A model family as `mixed` tells them apart: Claude (on any of its providers), or a model behind an OpenAI-compatible endpoint. */
export type ModelFamily = 'claude' | 'openai';

/** The family of a model id. */
export function familyOf(model: string): ModelFamily {
  return parseModelId(model).provider === 'openai' ? 'openai' : 'claude';
}

/** The model `mixed` pairs with the other family's, when `advocate-models` names none: each at $2 / $10 per million input / output tokens. */
export const MIXED_PARTNERS: Record<ModelFamily, string> = {
  claude: 'claude-sonnet-5-5',
  openai: 'openai:gpt-6.2-sol',
};

/**
 * The two advocate models of `mixed`: the first advocate model, and the first model of `advocate-models`
 * from the other family, else that family's {@link MIXED_PARTNERS} model when its provider is configured.
 * @param advocates input `advocate-models` (or `[model]`)
 * @param configured the families whose provider the run can call (a key or endpoint is set; every family in a rehearsal)
 * @throws Error when only one family can be called: `mixed` is refused before the first call, not run on one family
 */
export function mixedAdvocates(advocates: readonly string[], configured: readonly ModelFamily[]): [string, string] {
  const first = advocates[0]!;
  const family = familyOf(first);
  const other: ModelFamily = family === 'claude' ? 'openai' : 'claude';
  const named = advocates.find((m) => familyOf(m) === other);
  if (named) return [first, named];
  if (configured.includes(other)) return [first, MIXED_PARTNERS[other]];
  const how =
    other === 'openai' ? 'set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)' : 'set ANTHROPIC_API_KEY';
  throw new Error(
    `--arms mixed puts the advocates on two model families, but only ${family === 'claude' ? 'Claude' : 'the OpenAI-compatible endpoint'} is configured: ${how} to pair ${first} with ${MIXED_PARTNERS[other]}, or name the pair with --input advocate-models=${first},${MIXED_PARTNERS[other]}`,
  );
}

import { planDebate, type DebatePlan, type JudgeRunCount } from '../debate/plan.js';

/**
 * The arms of the eval (issues #13, #32), as `--arms` names them: the debate at each depth, the standard
 * debate with 4 judge runs (`judge-runs:4`: two in each order, so the judge's flips can be counted), one
 * judge call, one judge call whose citations are checked in code (with one repair), k independent calls
 * with a majority vote, and the selective debate (the checked call in both orders, the debate only
 * where they disagree or are unsure). Pure.
 */

/** A debate arm's depth: `standard` is the action's default preset; `no-steelman` is standard without the steelman swap. */
export type DebateVariant = 'standard' | 'quick' | 'deep' | 'no-steelman';

/** An arm. */
export type Arm =
  /** `judgeRuns`: input `judge-runs` (absent: 2). */
  | { kind: 'debate'; variant: DebateVariant; judgeRuns?: JudgeRunCount }
  | { kind: 'single' }
  | { kind: 'single+verify' }
  | { kind: 'vote'; k: number }
  | { kind: 'escalate' };

/** The arm every other is compared with: the debate as the action runs it by default. */
export const DEFAULT_DEBATE: Arm = { kind: 'debate', variant: 'standard' };

/** Arms `--arms` runs when it is not given. */
export const DEFAULT_ARMS = 'debate,debate:quick,single,single+verify,vote:5,escalate';

/** Most voters of a `vote:K` arm. */
export const MAX_VOTERS = 25;

/** The arm's name, as `--arms` takes it and the report shows it. */
export function armName(arm: Arm): string {
  if (arm.kind === 'debate' && arm.judgeRuns === 4) return arm.variant === 'standard' ? 'judge-runs:4' : `debate:${arm.variant}+judge-runs:4`;
  if (arm.kind === 'debate') return arm.variant === 'standard' ? 'debate' : `debate:${arm.variant}`;
  return arm.kind === 'vote' ? `vote:${arm.k}` : arm.kind;
}

/** Whether the arm holds a debate (it is not matched to the budget; the others are). */
export function isDebating(arm: Arm): boolean {
  return arm.kind === 'debate' || arm.kind === 'escalate';
}

/**
 * @param text `--arms`, e.g. `debate,debate:quick,single+verify,vote:3,vote:5`
 * @returns the arms in the order given
 * @throws Error naming an item that is not an arm, or an arm listed twice (the CLI shows it as bad usage)
 */
export function parseArms(text: string): Arm[] {
  const arms = text.split(',').map((item): Arm => {
    const name = item.trim();
    if (name === 'debate') return { kind: 'debate', variant: 'standard' };
    if (name === 'judge-runs:4') return { kind: 'debate', variant: 'standard', judgeRuns: 4 };
    const debate = /^debate:(quick|deep|no-steelman)$/.exec(name);
    if (debate) return { kind: 'debate', variant: debate[1] as DebateVariant };
    if (name === 'single' || name === 'single+verify' || name === 'escalate') return { kind: name };
    const vote = /^vote:(\d+)$/.exec(name);
    if (vote && Number(vote[1]) >= 2 && Number(vote[1]) <= MAX_VOTERS) return { kind: 'vote', k: Number(vote[1]) };
    throw new Error(`--arms: "${name}" is not an arm; use debate, debate:quick, debate:deep, debate:no-steelman, judge-runs:4, single, single+verify, vote:K (K from 2 to ${MAX_VOTERS}) or escalate`);
  });
  const names = arms.map(armName);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`--arms: ${twice} is listed twice`);
  return arms;
}

/**
 * The debate plan of a debate arm: the preset's phases (plan.ts), under input `max-rounds`. Without the
 * pragmatist that `deep` adds to a two-position debate: a case is labelled on its two positions (or
 * `none`), and a recommendation of a third, middle position could be scored as neither.
 * @param maxRounds input `max-rounds`, or undefined
 * @param judgeRuns input `judge-runs`, or undefined for its default
 */
export function planOf(variant: DebateVariant, maxRounds: number | undefined, judgeRuns?: JudgeRunCount): DebatePlan {
  const preset = variant === 'no-steelman' ? 'standard' : variant;
  const plan = { ...planDebate({ preset, maxRounds, command: {}, ...(judgeRuns === undefined ? {} : { judgeRuns }) }), pragmatist: false };
  return variant === 'no-steelman' ? { ...plan, steelman: false } : plan;
}

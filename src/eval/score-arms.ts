import type { RunUsage } from '../usage/price-usage.js';

/**
 * The eval's statistics (issue #13), per arm: accuracy with a bootstrap interval, order consistency,
 * tokens and dollars, and the unverified-citation rate on the side of the right position and of the
 * wrong one. Pure.
 */

/** One arm's run on one case in one order, in the case's own terms. */
export interface EvalRun {
  caseId: string;
  arm: string;
  /** `AB`: the case's positions as written; `BA`: swapped. */
  order: 'AB' | 'BA';
  /** The position the arm found right, by its label in the case, or undefined for none. */
  chosen: string | undefined;
  correct: boolean;
  usage: RunUsage;
  /** Citations made for the position that is right, and for the other one. */
  right: { total: number; unverified: number };
  wrong: { total: number; unverified: number };
  note: string | undefined;
  /** The problem when the arm produced no usable answer (it counts as wrong). */
  failure: string | undefined;
}

/** An arm's figures. */
export interface ArmScore {
  arm: string;
  runs: number;
  cases: number;
  /** Share of runs that chose the right position. */
  accuracy: number;
  /** 95% percentile bootstrap interval of the accuracy, resampling cases (both orders of a case stay together). */
  interval: [number, number];
  /** Cases whose two orders chose the same position (none counts as a choice), of the cases run in both. */
  consistent: number;
  consistentOf: number;
  /** Tokens processed per run (input, output, cache writes and reads) and in all. */
  tokensPerRun: number;
  tokens: number;
  costUsd: number;
  /** Unverified share of the citations for the right position and for the wrong one; undefined without any. */
  unverifiedRight: { rate: number | undefined; of: number };
  unverifiedWrong: { rate: number | undefined; of: number };
  notes: string[];
  /** Runs without a usable answer (counted as wrong), and the first of their problems. */
  failed: number;
  firstFailure: string | undefined;
}

/** Resamples of {@link scoreArms}' bootstrap. */
export const BOOTSTRAP_RESAMPLES = 2_000;

/**
 * mulberry32: a small seeded generator, so the interval is the same on every run with the same seed.
 * @returns a function of uniform numbers in [0, 1)
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Percentile bootstrap interval of a mean.
 * @param values one value per unit resampled (here: a case's accuracy over its orders)
 * @returns [2.5th, 97.5th] percentiles of the resampled means; [0, 0] for no values
 */
export function bootstrapInterval(values: readonly number[], seed: number, resamples = BOOTSTRAP_RESAMPLES): [number, number] {
  if (values.length === 0) return [0, 0];
  const random = seeded(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (let i = 0; i < values.length; i += 1) sum += values[Math.floor(random() * values.length)]!;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const at = (q: number) => means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))]!;
  return [at(0.025), at(0.975)];
}

const tokensOf = (u: RunUsage) => u.input_tokens + u.output_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;

/**
 * @param runs every run of every arm
 * @param arms the arms in the order to report them
 * @param seed the bootstrap's seed (`--seed`)
 */
export function scoreArms(runs: readonly EvalRun[], arms: readonly string[], seed: number): ArmScore[] {
  return arms.map((arm) => {
    const mine = runs.filter((r) => r.arm === arm);
    const byCase = new Map<string, EvalRun[]>();
    for (const run of mine) byCase.set(run.caseId, [...(byCase.get(run.caseId) ?? []), run]);
    const perCase = [...byCase.values()].map((rs) => rs.filter((r) => r.correct).length / rs.length);
    const paired = [...byCase.values()].filter((rs) => rs.some((r) => r.order === 'AB') && rs.some((r) => r.order === 'BA'));
    const consistent = paired.filter((rs) => rs.find((r) => r.order === 'AB')!.chosen === rs.find((r) => r.order === 'BA')!.chosen).length;
    const rate = (side: 'right' | 'wrong') => {
      const of = mine.reduce((n, r) => n + r[side].total, 0);
      return { rate: of === 0 ? undefined : mine.reduce((n, r) => n + r[side].unverified, 0) / of, of };
    };
    const tokens = mine.reduce((n, r) => n + tokensOf(r.usage), 0);
    return {
      arm,
      runs: mine.length,
      cases: byCase.size,
      accuracy: mine.length === 0 ? 0 : mine.filter((r) => r.correct).length / mine.length,
      interval: bootstrapInterval(perCase, seed),
      consistent,
      consistentOf: paired.length,
      tokensPerRun: mine.length === 0 ? 0 : Math.round(tokens / mine.length),
      tokens,
      costUsd: Math.round(mine.reduce((n, r) => n + r.usage.cost_usd, 0) * 10_000) / 10_000,
      unverifiedRight: rate('right'),
      unverifiedWrong: rate('wrong'),
      notes: [...new Set(mine.map((r) => r.note).filter((n): n is string => n !== undefined))],
      failed: mine.filter((r) => r.failure !== undefined).length,
      firstFailure: mine.find((r) => r.failure !== undefined)?.failure,
    };
  });
}

/**
 * The table the CLI prints: one row per arm, then the notes. Pure.
 * @param header lines above the table (what ran, and on which model)
 */
export function renderEvalTable(scores: readonly ArmScore[], header: readonly string[]): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const side = (s: { rate: number | undefined; of: number }) => (s.rate === undefined ? 'no citations' : `${pct(s.rate)} of ${s.of}`);
  const rows = [
    ['arm', 'accuracy', '95% interval', 'same in both orders', 'tokens per run', 'cost', 'unverified: right side', 'unverified: wrong side', 'failed'],
    ...scores.map((s) => [
      s.arm,
      `${pct(s.accuracy)} (${s.runs} runs)`,
      `${pct(s.interval[0])}-${pct(s.interval[1])}`,
      `${s.consistent} of ${s.consistentOf}`,
      s.tokensPerRun.toLocaleString('en-US'),
      `$${s.costUsd.toFixed(4)}`,
      side(s.unverifiedRight),
      side(s.unverifiedWrong),
      String(s.failed),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const notes = scores.flatMap((s) => [...s.notes.map((n) => `- ${s.arm}: ${n}`), ...(s.firstFailure ? [`- ${s.arm}: ${s.failed} run(s) failed, counted as wrong; the first: ${s.firstFailure}`] : [])]);
  return [...header, '', line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line), ...(notes.length > 0 ? ['', ...notes] : [])].join('\n');
}

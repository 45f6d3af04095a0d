/**
 * Which phases a debate runs: the preset table of issue #4 and the caps of contract sections 3 and 5.
 *
 * | preset     | phases                                                        |
 * |------------|---------------------------------------------------------------|
 * | `quick`    | openings, judge                                               |
 * | `standard` | openings, 1 cross-examination round, steelman swap, judge     |
 * | `deep`     | openings, 2 cross-examination rounds, steelman swap, judge    |
 * | `--rounds=N` / `max-rounds` | N cross-examination rounds (0 = quick)       |
 *
 * Every preset also has the evidence audit before the judge. Pure.
 */

/** Presets a user can name (input `preset`). */
export const PRESETS = ['quick', 'standard', 'deep'] as const;
/** A preset name. */
export type PresetName = (typeof PRESETS)[number];

/** Cross-examination rounds of each preset. */
export const PRESET_ROUNDS: Record<PresetName, number> = { quick: 0, standard: 1, deep: 2 };

/** Most cross-examination rounds a debate may hold (contract sections 3 and 5: N = 0..5). */
export const MAX_ROUNDS = 5;

/** What a debate will run. */
export interface DebatePlan {
  /** Decision record `preset`: the preset whose phases these are, or `custom` for 3-5 rounds. */
  preset: PresetName | 'custom';
  /** Cross-examination rounds to hold at most (convergence may stop earlier). */
  rounds: number;
  /** The steelman swap runs after any cross-examination (not in `quick`). */
  steelman: boolean;
  /** One sentence when a cap changed what was asked for, for the log and the comment. */
  note: string | undefined;
}

/**
 * Plans a debate.
 * @param input.preset input `preset`
 * @param input.maxRounds input `max-rounds`: a hard cap on rounds, also over `--rounds=N`
 * @param input.command the command's `--quick` / `--deep` / `--rounds=N`, which override the input preset
 * @throws RangeError when a round count is outside 0..5 (the parsers refuse those first)
 */
export function planDebate(input: { preset: PresetName; maxRounds: number | undefined; command: { preset?: 'quick' | 'deep'; rounds?: number } }): DebatePlan {
  const asked = input.command.rounds ?? PRESET_ROUNDS[input.command.preset ?? input.preset];
  for (const n of [asked, input.maxRounds]) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0 || n > MAX_ROUNDS)) throw new RangeError(`rounds must be 0..${MAX_ROUNDS}, got ${n}`);
  }
  const rounds = input.maxRounds === undefined ? asked : Math.min(asked, input.maxRounds);
  const note = rounds < asked ? `${asked} cross-examination rounds were asked for; input max-rounds caps them at ${rounds}.` : undefined;
  return { preset: presetOf(rounds), rounds, steelman: rounds > 0, note };
}

/** The preset whose phases hold `rounds` cross-examination rounds. */
export function presetOf(rounds: number): PresetName | 'custom' {
  const named = PRESETS.find((p) => PRESET_ROUNDS[p] === rounds);
  return named ?? 'custom';
}

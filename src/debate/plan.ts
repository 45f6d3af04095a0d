/**
 * Which phases a debate runs: the preset table of issue #4 and the caps of the command (`--rounds`) and of input `max-rounds`.
 *
 * | preset     | phases                                                        |
 * |------------|---------------------------------------------------------------|
 * | `quick`    | openings, judge                                               |
 * | `standard` | openings, 1 cross-examination round, steelman swap, judge     |
 * | `deep`     | openings, 2 cross-examination rounds, steelman swap, judge; a two-position debate gains the pragmatist |
 * | `--rounds=N` / `max-rounds` | N cross-examination rounds (0 = quick)       |
 *
 * Every preset also has the evidence audit before the judge, who rules `judge-runs` times (2 or 4),
 * half of the runs with the positions under swapped ids and in swapped order. Pure.
 */

/** Presets a user can name (input `preset`). */
export const PRESETS = ['quick', 'standard', 'deep'] as const;
/** A preset name. */
export type PresetName = (typeof PRESETS)[number];

/** Cross-examination rounds of each preset. */
export const PRESET_ROUNDS: Record<PresetName, number> = { quick: 0, standard: 1, deep: 2 };

/** Most cross-examination rounds a debate may hold (docs/how-a-debate-runs.md, docs/config.md: N = 0..5). */
export const MAX_ROUNDS = 5;

/** Input `judge-runs`: how many times the judge rules, alternating the debate's ids and order and the swapped ones. */
export const JUDGE_RUNS = [2, 4] as const;
/** A number of judge runs. */
export type JudgeRunCount = (typeof JUDGE_RUNS)[number];

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
  /**
   * Whether a two-position debate gains the pragmatist ({@link pragmatistLabel}); undefined: the
   * preset's default, on in `deep` only (the reference protocol's third advocate, issue #28).
   */
  pragmatist?: boolean;
  /** Input `judge-runs`: how many times the judge rules (2 or 4); undefined: 2. */
  judgeRuns?: JudgeRunCount;
}

/**
 * What a plan without cross-examination promises: no position is attacked, so none can survive, only
 * stay untested, and an untested recommendation has low confidence at most (`rubric.ts` STATUS_RULES).
 */
export const UNTESTED_PLAN_NOTE =
  'no position is attacked, so the verdict will be untested: confidence low at most, which gate-policy require-confident does not pass';

/** True when a debate of `count` positions under `plan` gains the pragmatist as a third position. */
export function addsPragmatist(plan: DebatePlan, count: number): boolean {
  return count === 2 && (plan.pragmatist ?? plan.preset === 'deep');
}

/**
 * The pragmatist's position (the reference protocol's third advocate): the middle ground the evidence
 * supports between the two positions given, pinned like any other position.
 * @param labels the debate's two position labels, A then B
 */
export function pragmatistLabel(labels: readonly [string, string] | readonly string[]): string {
  return `Middle ground (the pragmatist): only what the evidence supports of "${labels[0]}" and of "${labels[1]}", and no more`;
}

/**
 * Plans a debate.
 * @param input.preset input `preset`
 * @param input.maxRounds input `max-rounds`: a hard cap on rounds, also over `--rounds=N`
 * @param input.command the command's `--quick` / `--deep` / `--rounds=N`, which override the input preset
 * @throws RangeError when a round count is outside 0..5 (the parsers refuse those first)
 */
export function planDebate(input: {
  preset: PresetName;
  maxRounds: number | undefined;
  command: { preset?: 'quick' | 'deep'; rounds?: number };
  judgeRuns?: JudgeRunCount;
}): DebatePlan {
  const asked = input.command.rounds ?? PRESET_ROUNDS[input.command.preset ?? input.preset];
  for (const n of [asked, input.maxRounds]) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0 || n > MAX_ROUNDS))
      throw new RangeError(`rounds must be 0..${MAX_ROUNDS}, got ${n}`);
  }
  const rounds = input.maxRounds === undefined ? asked : Math.min(asked, input.maxRounds);
  const note =
    rounds < asked
      ? `${asked} cross-examination rounds were asked for; input max-rounds caps them at ${rounds}.`
      : undefined;
  return {
    preset: presetOf(rounds),
    rounds,
    steelman: rounds > 0,
    note,
    ...(input.judgeRuns === undefined || input.judgeRuns === 2 ? {} : { judgeRuns: input.judgeRuns }),
  };
}

/** The preset whose phases hold `rounds` cross-examination rounds. */
export function presetOf(rounds: number): PresetName | 'custom' {
  const named = PRESETS.find((p) => PRESET_ROUNDS[p] === rounds);
  return named ?? 'custom';
}

/**
 * The advocate model of each position: input `advocate-models` cycled over the positions, or
 * `fallback` (input `model`) when the list is empty.
 * @param count how many positions
 */
export function advocateModelsFor(advocateModels: readonly string[], count: number, fallback: string): string[] {
  return Array.from({ length: count }, (_, i) => advocateModels[i % advocateModels.length] ?? fallback);
}

/**
 * The models that receive the evidence pack in a debate of `count` positions, as its decision record
 * will name them (`models: { advocates, judge }`): each position's advocate and the judge (who also
 * audits). Before the moderator has framed the positions (`count` 0) the count is not known, so every
 * advocate model a debate of up to four positions could use.
 * @param count the positions given, or 0 when the moderator will frame them
 */
export function packReadersFor(
  settings: { advocateModels: readonly string[]; model: string; judgeModel: string },
  count: number,
): { advocates: string[]; judge: string } {
  return {
    advocates: advocateModelsFor(settings.advocateModels, count > 0 ? count : MAX_POSITIONS, settings.model),
    judge: settings.judgeModel,
  };
}

/** The most positions a debate has (A-D, docs/how-a-debate-runs.md). */
export const MAX_POSITIONS = 4;

/** A phase of a planned debate, as the progress checklist shows it. */
export interface PlannedPhase {
  /** `framing`, `reading`, `openings`, `round-1`..`round-5`, `closing`, `steelman`, `audit`, `judge`. */
  id: string;
  label: string;
}

/**
 * The phases a plan runs, in order, for the progress checklist (issue #5). Rounds and the phases after
 * them may end up skipped when the debate converges early; the engine reports what it ran.
 * @param needsFraming true when no positions were given and the moderator frames them
 */
export function plannedPhases(plan: DebatePlan, needsFraming: boolean): PlannedPhase[] {
  const phases: PlannedPhase[] = [];
  if (needsFraming) phases.push({ id: 'framing', label: 'Framing the positions (moderator)' });
  phases.push({ id: 'openings', label: 'Openings' });
  for (let round = 1; round <= plan.rounds; round += 1)
    phases.push({ id: `round-${round}`, label: `Cross-examination ${round} of ${plan.rounds}` });
  if (plan.rounds > 0) phases.push({ id: 'closing', label: 'Closing answers' });
  if (plan.steelman && plan.rounds > 0) phases.push({ id: 'steelman', label: 'Steelman swap' });
  phases.push(
    { id: 'audit', label: 'Evidence audit' },
    { id: 'judge', label: `Judge (${plan.judgeRuns ?? 2} runs, half with the positions under swapped ids and order)` },
  );
  return phases;
}

/** The readers' phase (issue #40): before the openings, once the evidence says how many parts there are to read. */
export function readingPhase(readers: number): PlannedPhase {
  return {
    id: 'reading',
    label: `Readers (${readers} part${readers === 1 ? '' : 's'} of the changes the evidence pack could not hold)`,
  };
}

/**
 * What a run knows, before the debate, of which named position is the PR as written (record
 * `pr_position`). A position is recorded as the PR only when a moderator read the diff and said so:
 * - `ask`: no `(this PR)` mark; the moderator names it (`identify-pr-position.ts`);
 * - `claim`: a `(this PR)` mark on `id`, a claim the moderator checks in that same call;
 * - `none`: `--no-pr-position`: no position is the change as written (null; no call);
 * - `named`: a confirmed plan framed at this very head: its moderator named `id` from the diff, or (null)
 *   found none, which is recorded as unknown (no call).
 * With positions framed in the debate itself, the framing names it; only `none` overrides it.
 */
export type PrPositionInput =
  { kind: 'ask' } | { kind: 'claim'; id: string } | { kind: 'none' } | { kind: 'named'; id: string | null };

/**
 * Whether a debate calls the moderator (issue #28): to frame the positions when the command gave none,
 * or to name (or confirm a `(this PR)` mark on) which of the given ones is the PR.
 * @param positions how many positions the command gave (0: the moderator frames them)
 */
export function callsModerator(positions: number, prPosition: PrPositionInput): boolean {
  return positions === 0 || prPosition.kind === 'ask' || prPosition.kind === 'claim';
}

/**
 * Model calls a plan makes when every turn succeeds first time and no round is skipped: the upper
 * bound shown before the debate starts (retries add to it, convergence takes from it).
 * @param count how many positions were given (2-4; 4 when the moderator has not framed them yet); the pragmatist is added here
 * @param moderatorCall whether the moderator is called ({@link callsModerator})
 */
export function plannedCalls(plan: DebatePlan, count: number, moderatorCall: boolean): number {
  const positions = addsPragmatist(plan, count) ? 3 : count;
  const perRound = plan.rounds * positions;
  const closing = plan.rounds > 0 ? positions : 0;
  const steelman = plan.steelman && plan.rounds > 0 ? positions : 0;
  return (moderatorCall ? 1 : 0) + positions + perRound + closing + steelman + 1 + (plan.judgeRuns ?? 2);
}

/**
 * Input `max-reader-calls`' default: readers for up to 8 parts of at most 32,000 tokens
 * (`READER_PART_TOKENS`), about two and a half default packs of changes past the pack itself; and a wave
 * whose worst case the spending cap holds at once within the default `max-cost-usd` of $5 (a reader call
 * on the default model, Claude Sonnet 5.5, reserves about $0.32: its part's bytes at the cache-write price
 * and its `max_tokens` at the output price, so $2.59 for eight), so the readers go out together and the
 * debate after them keeps its budget. The estimate counts a full part at about $0.12.
 */
export const DEFAULT_MAX_READER_CALLS = 8;

/** The reader calls for `parts` parts of overflow under input `max-reader-calls`: one a part, at most the bound. */
export function plannedReaders(parts: number, maxReaderCalls: number): number {
  return Math.max(0, Math.min(parts, maxReaderCalls));
}

/**
 * Upper bound on the one-token prompt-cache warm-ups a plan makes (`warm-prompt-cache.ts`): at most one
 * per fan-out of calls that share a prefix, that is per advocate phase (openings, each round, closing
 * answers, steelman swap) and advocate model that speaks for two or more positions, and one before the
 * judge's runs. A group may go out behind a leading call instead, with no warm-up.
 * @param advocateModels the model of each position, in order (input `advocate-models`, cycled)
 */
export function plannedWarmUps(plan: DebatePlan, advocateModels: readonly string[]): number {
  const speakers = new Map<string, number>();
  for (const model of advocateModels) speakers.set(model, (speakers.get(model) ?? 0) + 1);
  const sharedModels = [...speakers.values()].filter((n) => n >= 2).length;
  const advocatePhases = 1 + plan.rounds + (plan.rounds > 0 ? 1 : 0) + (plan.steelman && plan.rounds > 0 ? 1 : 0);
  return advocatePhases * sharedModels + 1;
}

/**
 * How position labels are compared wherever two must not be the same (the debate id, the moderator's
 * distinct labels, a command's repeated positions): case and runs of whitespace aside.
 */
export function positionKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim();
}

import { TARGET_DIFFERENCE, type PairedDifference, type PairedReading } from './compare-arms.js';
import type { EvalResults } from './eval-results.js';
import { SPEND_LIMITS, SPEND_TOLERANCE, type SpendLimit } from './match-spend.js';
import type { ArmScore } from './score-arms.js';
import { dollars, percent, percentWithInterval, points, table } from './format-report.js';

/**
 * The report's two comparisons with the default debate (issue #43): what each arm spent against its
 * budget (equal dollars, or the named reason why not), and the paired test by case with the smallest
 * difference the case count could detect. Pure.
 */

/** What the report says for each reading of a paired comparison. */
export const READINGS: Record<PairedReading, (arm: string, versus: string) => string> = {
  'no-case-differs': () => 'no case told them apart',
  'not-enough-cases': () => 'not enough cases to tell',
  'arm-better': (arm) => `${arm} more accurate`,
  'versus-better': (_arm, versus) => `${versus} more accurate`,
  'no-difference-shown': () => 'no difference shown',
};

/** The columns of the spend table, in order. */
export const SPEND_COLUMNS = [
  'arm',
  'spend per run',
  'share of its budget (95%)',
  'range',
  'calls per run',
  `runs within ±${Math.round(SPEND_TOLERANCE * 100)}%`,
  'why not, for the others',
] as const;

/** The columns of the paired table, in order. */
export const PAIRED_COLUMNS = [
  'arm',
  'cases',
  'accuracy difference (95%)',
  'cases ahead: arm / debate',
  'p (exact, by case)',
  'smallest detectable',
  'what it says',
  `cases for ${Math.round(TARGET_DIFFERENCE * 100)} points`,
] as const;

function spendRow(s: ArmScore): string[] {
  const share = s.spendShare;
  const why = (Object.entries(s.limits) as [SpendLimit, number][])
    .map(([limit, n]) => `${SPEND_LIMITS[limit]} (${n})`)
    .join('; ');
  return [
    s.arm,
    dollars(s.spendPerRun.value),
    share.value === undefined ? '-' : percentWithInterval(share),
    share.min === undefined ? '-' : `${percent(share.min)}-${percent(share.max)}`,
    s.callsPerRun.toFixed(1),
    s.sized === 0 ? '-' : `${s.matched} of ${s.sized}`,
    why || '-',
  ];
}

/** The section on equal dollars: one row per arm with a budget. */
export function renderSpend(results: EvalResults, heading: (title: string) => string): string[] {
  const { settings } = results;
  const sized = results.scores.filter((s) => s.sized > 0);
  if (sized.length === 0) return [];
  const against =
    settings.budgetUsd === undefined
      ? `what \`${settings.versus}\` spent on the same case, order and repeat`
      : `${dollars(settings.budgetUsd)} per case and order (\`--budget-usd\`)`;
  return [
    '',
    heading(`Spend against the budget (equal dollars: within ±${Math.round(SPEND_TOLERANCE * 100)}%)`),
    '',
    `Each arm's budget is ${against}: tokens priced as billed (input, output, cache writes, cache reads). Arms that add calls (voters, repairs) add them until the next would pass it; a run more than ${Math.round(SPEND_TOLERANCE * 100)}% off its budget is counted under what kept it off.`,
    ...(settings.rehearsal
      ? [
          'Rehearsal: the spend is what the rehearsal\u2019s tokens come to at list prices; nothing was paid, and its token counts are not a model\u2019s.',
        ]
      : []),
    '',
    ...table([SPEND_COLUMNS, ...sized.map(spendRow)]),
  ];
}

function pairedRow(p: PairedDifference): string[] {
  return [
    p.arm,
    String(p.cases),
    points(p.difference),
    `${p.casesArmAhead} / ${p.casesVersusAhead}`,
    p.pValue < 0.001 ? '<0.001' : p.pValue.toFixed(3),
    p.minimumDetectable === undefined ? '-' : `${Math.round(p.minimumDetectable * 100)} pp`,
    READINGS[p.reading](p.arm, p.versus),
    p.casesForTarget === undefined ? '-' : String(p.casesForTarget),
  ];
}

/** The section on accuracy: each arm against the default debate, by case. */
export function renderPaired(results: EvalResults, heading: (title: string) => string): string[] {
  const { settings, paired } = results;
  if (paired.length === 0) return [];
  const cases = paired[0]!.cases;
  const detectable = paired.flatMap((p) =>
    p.minimumDetectable === undefined ? [] : [Math.round(p.minimumDetectable * 100)],
  );
  const needed = paired.flatMap((p) => (p.casesForTarget === undefined ? [] : [p.casesForTarget]));
  const span = (xs: number[], unit: string) =>
    Math.min(...xs) === Math.max(...xs) ? `${Math.min(...xs)}${unit}` : `${Math.min(...xs)}-${Math.max(...xs)}${unit}`;
  const out = [
    '',
    heading(`Against \`${settings.versus}\` (paired, by case)`),
    '',
    `Tests by case: each case's runs (both orders${settings.repeats > 1 ? `, all ${settings.repeats} repeats` : ''}) are averaged into its accuracy first, so every figure here counts ${cases} cases, whatever the repeats. The interval is a paired bootstrap over cases; p is the exact paired permutation (sign-flip) test on the per-case differences, which is the exact McNemar test when a case has one pair. The smallest detectable difference is the one a paired test on ${cases} cases detects with 80% power at the 5% level, at the discordance observed (the mean square of the per-case differences), by the normal approximation for paired proportions (Connor 1987).`,
    '',
    ...table([PAIRED_COLUMNS, ...paired.map(pairedRow)]),
  ];
  if (detectable.length > 0) {
    out.push(
      '',
      `With ${cases} cases this run can tell apart only differences of about ${span(detectable, ' points')} or more; a smaller observed difference reads "not enough cases to tell". To detect a ${Math.round(TARGET_DIFFERENCE * 100)}-point difference at the discordance seen here takes about ${span(needed, ' cases')}.`,
    );
  }
  return out;
}

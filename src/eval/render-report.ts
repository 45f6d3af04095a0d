import { ARGUMENT_BANDS, CONFIDENCES, type ArmScore } from './score-arms.js';
import type { EvalResults } from './eval-results.js';
import type { Estimate } from './statistics.js';

/**
 * `report.md` (issue #32), rendered from `results.json` alone: the arms' table, the paired differences
 * from the default debate, calibration, the framing arm, and what limited each arm. Pure.
 */

/** A share as a whole percentage, e.g. `62%`; `-` when nothing was measured. */
export function percent(x: number | undefined): string {
  return x === undefined ? '-' : `${Math.round(x * 100)}%`;
}

/** A share with its interval: `62% (48-75%)`. */
export function percentWithInterval(e: Estimate): string {
  return e.value === undefined ? '-' : `${percent(e.value)} (${Math.round(e.low! * 100)}-${percent(e.high)})`;
}

/** Dollars to 4 decimals: `$0.1234`. */
export function dollars(x: number | undefined): string {
  return x === undefined ? '-' : `$${x.toFixed(4)}`;
}

/** A signed difference in percentage points: `+12 pp (-5 to +30)`. */
export function points(e: Estimate): string {
  // Rounded by magnitude, so that -12.5 pp reads -13 as +12.5 reads +13.
  const pp = (x: number) => {
    const size = Math.round(Math.abs(x) * 100);
    return `${x < 0 && size > 0 ? '-' : '+'}${size}`;
  };
  return e.value === undefined ? '-' : `${pp(e.value)} pp (${pp(e.low!)} to ${pp(e.high!)})`;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** A Markdown table; cells must not hold `|`. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const [head, ...body] = rows;
  return [`| ${head!.join(' | ')} |`, `|${head!.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)];
}

/** The columns of the arms' table, in order; the test that recomputes the report reads them by these names. */
export const ARM_COLUMNS = ['arm', 'runs', 'accuracy (95%)', 'when answered', 'abstained', 'wrong, medium/high confidence', 'flip rate', 'cost per run (95%)', 'tokens per run: input / output / cache write / cache read', 'failed'] as const;

function armRow(s: ArmScore): string[] {
  const t = s.tokensPerRun;
  return [
    s.arm,
    String(s.runs),
    percentWithInterval(s.accuracy),
    `${percent(s.answeredAccuracy.value)} of ${s.answeredAccuracy.of}`,
    percent(s.abstention.value),
    percent(s.wrongConfident.value),
    `${percent(s.flip.value)} of ${s.flip.of}`,
    `${dollars(s.costPerRun.value)} (${dollars(s.costPerRun.low)}-${dollars(s.costPerRun.high)})`,
    `${thousands(t.input)} / ${thousands(t.output)} / ${thousands(t.cacheWrite)} / ${thousands(t.cacheRead)}`,
    String(s.failed),
  ];
}

/** The whole report. */
export function renderReport(results: EvalResults): string {
  const { settings } = results;
  const out: string[] = [
    '# pr-debate eval',
    '',
    `${settings.cases.length} cases from \`${settings.casesDir}\`, each in both position orders, ${settings.repeats} time${settings.repeats === 1 ? '' : 's'}; ${results.runs.length} runs in ${Math.round(results.durationSeconds)} s.`,
    `Models: moderator ${settings.models.moderator}, advocates ${settings.models.advocates.join(', ')}, judge ${settings.models.judge}. Dollars at list prices (cache reads priced as cache reads).`,
    settings.budgetUsd === undefined
      ? `Equal dollars: each non-debate arm was sized, per case and order, to what \`${settings.versus}\` cost there.`
      : `Equal dollars: each non-debate arm was sized to ${dollars(settings.budgetUsd)} per case and order (\`--budget-usd\`).`,
    `Intervals: 95% bootstrap over cases (seed ${settings.seed}). A run is one case in one order; accuracy counts \`none\` as right only where neither position is.`,
    'The arms run one after another on the same evidence pack, so an arm may read the prompt cache an earlier arm wrote; such reads are priced as cache reads, which makes that arm cheaper than it would be alone.',
    '',
    '## Arms',
    '',
    ...table([ARM_COLUMNS, ...results.scores.map(armRow)]),
  ];
  if (results.paired.length > 0) {
    out.push('', `## Against \`${settings.versus}\` (paired: same cases, orders and repeats)`, '');
    out.push(...table([['arm', 'pairs', 'accuracy difference (95%)', `only the arm right`, `only ${settings.versus} right`, 'exact McNemar p'], ...results.paired.map((p) => [p.arm, String(p.pairs), points(p.difference), String(p.onlyArm), String(p.onlyVersus), p.pValue.toFixed(3)])]));
  }
  out.push('', '## Calibration (accuracy by the confidence given)', '');
  out.push(...table([['arm', ...CONFIDENCES], ...results.scores.map((s) => [s.arm, ...CONFIDENCES.map((level) => (s.calibration[level].runs === 0 ? '-' : `${percentWithInterval(s.calibration[level].accuracy)} of ${s.calibration[level].runs}`))])]));
  const debating = results.scores.filter((s) => s.argumentCalibration.some((b) => b.arguments > 0));
  if (debating.length > 0) {
    out.push('', '## Advocate calibration (opening arguments that held, by the advocate\'s own confidence)', '', 'An argument holds when it is verified and every attack on it was refuted.', '');
    out.push(...table([['arm', ...ARGUMENT_BANDS.map((b) => b.label)], ...debating.map((s) => [s.arm, ...s.argumentCalibration.map((b) => (b.held === undefined ? '-' : `${Math.round(b.held * 100)}% of ${b.arguments}`))])]));
  }
  if (results.framing) {
    const f = results.framing;
    out.push('', '## Framing', '', `The moderator framed the positions itself on ${f.cases} labelled case${f.cases === 1 ? '' : 's'} (${f.runs} runs): they matched the labelled framings in ${percentWithInterval(f.hitRate)}, at ${dollars(f.costPerRun.value)} per run${f.failed > 0 ? `; ${f.failed} failed` : ''}.`);
  }
  const notes = results.scores.flatMap((s) => [
    ...s.notes.map((n) => `- ${s.arm}: ${n}`),
    ...(s.budgetPerRun === undefined ? [] : [`- ${s.arm}: sized to ${dollars(s.budgetPerRun)} per run on average`]),
    ...(s.firstFailure ? [`- ${s.arm}: ${s.failed} run(s) failed, counted as wrong; the first: ${s.firstFailure.replace(/\s+/g, ' ')}`] : []),
  ]);
  if (notes.length > 0) out.push('', '## Notes', '', ...notes);
  return `${out.join('\n')}\n`;
}

import type { EvalResults } from './eval-results.js';
import { dollars, percent, percentWithInterval, table, thousands } from './format-report.js';
import { renderPaired, renderSpend } from './render-comparison.js';
import { ARGUMENT_BANDS, CONFIDENCES, type ArmScore } from './score-arms.js';

/**
 * `report.md` (issues #32, #43), rendered from `results.json` alone: the arms' table, what each arm spent
 * against its budget, the paired differences from the default debate by case, calibration, the framing
 * arm, and what limited each arm. A rehearsal's report says so in its title, in every section heading and
 * in every cost it shows ($0: nothing was paid). Pure.
 */

/** What a rehearsal's report says first. */
export const REHEARSAL_BANNER =
  '**Rehearsal** (`--rehearsal`): every reply was written by pr-debate\u2019s rehearsal model; no model was called and nothing was paid ($0). No figure below says anything about a model or about whether debating pays: the runs show that every arm\u2019s path works.';

/** The columns of the arms' table, in order; the test that recomputes the report reads them by these names. */
export const ARM_COLUMNS = [
  'arm',
  'runs',
  'accuracy (95%)',
  'when answered',
  'abstained',
  'wrong, medium/high confidence',
  'confident-wrong (high)',
  'flip rate',
  'cost per run (95%)',
  'tokens per run: input / output / cache write / cache read',
  'failed',
] as const;

/** A cost the report shows: $0 in a rehearsal, which paid nothing. */
function paid(
  results: EvalResults,
  e: { value: number | undefined; low: number | undefined; high: number | undefined },
): string {
  return results.settings.rehearsal ? '$0 (rehearsal)' : `${dollars(e.value)} (${dollars(e.low)}-${dollars(e.high)})`;
}

function armRow(results: EvalResults, s: ArmScore): string[] {
  const t = s.tokensPerRun;
  return [
    s.arm,
    String(s.runs),
    percentWithInterval(s.accuracy),
    `${percent(s.answeredAccuracy.value)} of ${s.answeredAccuracy.of}`,
    percent(s.abstention.value),
    percent(s.wrongConfident.value),
    percent(s.confidentWrong.value),
    `${percent(s.flip.value)} of ${s.flip.of}`,
    paid(results, s.costPerRun),
    `${thousands(t.input)} / ${thousands(t.output)} / ${thousands(t.cacheWrite)} / ${thousands(t.cacheRead)}`,
    String(s.failed),
  ];
}

/** The whole report. */
export function renderReport(results: EvalResults): string {
  const { settings } = results;
  const heading = (title: string) => `## ${title}${settings.rehearsal ? ' (rehearsal)' : ''}`;
  const out: string[] = [
    `# pr-debate eval${settings.rehearsal ? ' (rehearsal)' : ''}`,
    '',
    ...(settings.rehearsal ? [REHEARSAL_BANNER, ''] : []),
    `${settings.cases.length} cases from \`${settings.casesDir}\`, each in both position orders, ${settings.repeats} time${settings.repeats === 1 ? '' : 's'}; ${results.runs.length} runs in ${Math.round(results.durationSeconds)} s.`,
    `Models: moderator ${settings.models.moderator}, advocates ${settings.models.advocates.join(', ')}, judge ${settings.models.judge}${settings.mixedAdvocates ? `; \`mixed\`: advocates ${settings.mixedAdvocates.join(' and ')}` : ''}. ${settings.rehearsal ? 'Nothing was paid.' : 'Dollars at list prices (cache reads priced as cache reads).'}`,
    `Intervals: 95% bootstrap over cases (seed ${settings.seed}). A run is one case in one order. Accuracy counts a ruling that neither position is right as right only where neither is; an abstention (the judge runs split, a vote tied) is never right.`,
    'The arms run one after another on the same evidence pack, so an arm may read the prompt cache an earlier arm wrote; such reads are priced as cache reads, which makes that arm cheaper than it would be alone.',
    '',
    heading('Arms'),
    '',
    ...table([ARM_COLUMNS, ...results.scores.map((s) => armRow(results, s))]),
    ...renderSpend(results, heading),
    ...renderPaired(results, heading),
  ];
  out.push('', heading('Calibration (accuracy by the confidence given)'), '');
  out.push(
    ...table([
      ['arm', ...CONFIDENCES],
      ...results.scores.map((s) => [
        s.arm,
        ...CONFIDENCES.map((level) =>
          s.calibration[level].runs === 0
            ? '-'
            : `${percentWithInterval(s.calibration[level].accuracy)} of ${s.calibration[level].runs}`,
        ),
      ]),
    ]),
  );
  const debating = results.scores.filter(
    (s) => s.argumentCalibration.some((b) => b.arguments > 0) || s.untestedArguments.arguments > 0,
  );
  if (debating.length > 0) {
    out.push(
      '',
      heading("Advocate calibration (attacked opening arguments that held, by the advocate's own confidence)"),
      '',
      'An argument holds when it is verified and every attack on it was refuted. An argument no attack named was never tested: it is counted apart, never as held.',
      '',
    );
    const untested = (s: ArmScore) =>
      s.untestedArguments.arguments === 0
        ? '0'
        : `${s.untestedArguments.arguments} (mean confidence ${s.untestedArguments.meanConfidence!.toFixed(2)})`;
    out.push(
      ...table([
        ['arm', ...ARGUMENT_BANDS.map((b) => b.label), 'untested (never attacked)'],
        ...debating.map((s) => [
          s.arm,
          ...s.argumentCalibration.map((b) =>
            b.held === undefined ? '-' : `${Math.round(b.held * 100)}% of ${b.arguments}`,
          ),
          untested(s),
        ]),
      ]),
    );
  }
  if (results.framing) {
    const f = results.framing;
    const cost = settings.rehearsal ? '$0 (rehearsal)' : dollars(f.costPerRun.value);
    out.push(
      '',
      heading('Framing'),
      '',
      `The moderator framed the positions itself on ${f.cases} labelled case${f.cases === 1 ? '' : 's'} (${f.runs} run${f.runs === 1 ? '' : 's'}): they matched the labelled framings in ${percentWithInterval(f.hitRate)}, at ${cost} per run${f.failed > 0 ? `; ${f.failed} failed` : ''}.`,
    );
  }
  const notes = results.scores.flatMap((s) => [
    ...s.notes.map((n) => `- ${s.arm}: ${n.text} (${n.runs} run${n.runs === 1 ? '' : 's'})`),
    ...(s.firstFailure
      ? [`- ${s.arm}: ${s.failed} run(s) failed, counted as wrong; the first: ${s.firstFailure.replace(/\s+/g, ' ')}`]
      : []),
  ]);
  if (notes.length > 0) out.push('', heading('Notes'), '', ...notes);
  return `${out.join('\n')}\n`;
}

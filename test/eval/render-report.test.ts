import { describe, expect, it } from 'vitest';
import { buildResults, type EvalSettings } from '../../eval/eval-results.js';
import { percentWithInterval, points } from '../../eval/format-report.js';
import { PAIRED_COLUMNS, SPEND_COLUMNS } from '../../eval/render-comparison.js';
import { renderPlot, tickStep } from '../../eval/render-plot.js';
import { ARM_COLUMNS, REHEARSAL_BANNER, renderReport } from '../../eval/render-report.js';
import type { EvalRun } from '../../eval/score-arms.js';

const settings: EvalSettings = {
  casesDir: 'cases',
  cases: [],
  arms: ['debate', 'single', 'vote:25'],
  versus: 'debate',
  budgetUsd: undefined,
  rehearsal: false,
  repeats: 1,
  seed: 1,
  models: { moderator: 'm', advocates: ['m'], judge: 'm' },
  mixedAdvocates: undefined,
  prices: { m: null },
};
const run = (
  caseId: string,
  arm: string,
  order: 'AB' | 'BA',
  correct: boolean,
  cost: number,
  extra: Partial<EvalRun> = {},
): EvalRun => ({
  caseId,
  arm,
  repeat: 0,
  order,
  chosen: correct ? 'keep' : 'drop',
  abstained: false,
  right: 'keep',
  correct,
  confidence: 'high',
  usage: {
    input_tokens: 100,
    output_tokens: 10,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cost_usd: cost,
    unpricedCalls: 0,
  },
  spendUsd: cost,
  calls: 1,
  budgetUsd: arm === 'debate' ? undefined : 0.3,
  spendLimit: arm === 'single' ? 'one-call' : undefined,
  citationsRight: { total: 0, unverified: 0 },
  citationsWrong: { total: 0, unverified: 0 },
  note: undefined,
  failure: undefined,
  ...extra,
});

/** The rows of one of the report's tables, by its header, each row's cells by column name. */
function rows(report: string, columns: readonly string[]): Record<string, string>[] {
  const lines = report.split('\n');
  const start = lines.indexOf(`| ${columns.join(' | ')} |`);
  expect(start, columns[1]).toBeGreaterThan(0);
  const found: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(2, -2).split(' | ');
    found.push(Object.fromEntries(columns.map((c, i) => [c, cells[i]!])));
  }
  return found;
}

describe('eval report and plot', () => {
  const runs = ['a', 'b', 'c', 'd'].flatMap((id, i) => [
    run(id, 'debate', 'AB', true, 0.3),
    run(id, 'debate', 'BA', true, 0.3),
    run(id, 'single', 'AB', i < 2, 0.03),
    run(id, 'single', 'BA', i < 1, 0.03),
    run(id, 'vote:25', 'AB', true, 0.29, { calls: 12 }),
    run(id, 'vote:25', 'BA', true, 0.31, { calls: 13 }),
  ]);
  const results = buildResults(settings, runs, [], 12);

  it("renders each arm's row, its spend against its budget, and its paired difference from the default debate by case", () => {
    const report = renderReport(results);
    expect(report).toContain(`| ${ARM_COLUMNS.join(' | ')} |`);
    expect(report).toContain(
      '| debate | 8 | 100% (100-100%) | 100% of 8 | 0% | 0% | 0% | 0% of 4 | $0.3000 ($0.3000-$0.3000) | 100 / 10 / 0 / 0 | 0 |',
    );
    expect(report).toMatch(
      /\| single \| 8 \| 38% \(\d+-\d+%\) \| 38% of 8 \| 0% \| 63% \| 63% \| 25% of 4 \| \$0\.0300/,
    );
    const spend = rows(report, SPEND_COLUMNS);
    expect(spend.map((r) => r.arm)).toEqual(['single', 'vote:25']);
    expect(spend[0]).toMatchObject({
      'share of its budget (95%)': '10% (10-10%)',
      range: '10%-10%',
      'runs within ±10%': '0 of 8',
      'why not, for the others': 'one call: it cannot spend more (8)',
    });
    expect(spend[1]).toMatchObject({
      'share of its budget (95%)': '100% (100-100%)',
      range: '97%-103%',
      'calls per run': '12.5',
      'runs within ±10%': '8 of 8',
      'why not, for the others': '-',
    });
    const paired = rows(report, PAIRED_COLUMNS);
    // single: 3 cases behind the debate (-2, -1, -1 right runs): 2 of the 2^3 sign assignments reach |4|, p = 0.25.
    expect(paired[0]).toMatchObject({
      arm: 'single',
      cases: '4',
      'cases ahead: arm / debate': '0 / 3',
      'p (exact, by case)': '0.250',
      'what it says': 'not enough cases to tell',
    });
    expect(paired[0]!['accuracy difference (95%)']).toMatch(/^-63 pp/);
    expect(paired[1]).toMatchObject({
      arm: 'vote:25',
      'p (exact, by case)': '1.000',
      'smallest detectable': '-',
      'what it says': 'no case told them apart',
      'cases for 10 points': '-',
    });
    expect(report).toContain('every figure here counts 4 cases, whatever the repeats');
    // A p below a thousandth reads as such, not as 0.000.
    const many = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'].flatMap((id) => [
      run(id, 'debate', 'AB', true, 0.3),
      run(id, 'debate', 'BA', true, 0.3),
      run(id, 'single', 'AB', false, 0.03),
      run(id, 'single', 'BA', false, 0.03),
    ]);
    const far = rows(
      renderReport(buildResults({ ...settings, arms: ['debate', 'single'] }, many, [], 1)),
      PAIRED_COLUMNS,
    )[0]!;
    expect(far).toMatchObject({ 'p (exact, by case)': '<0.001', 'what it says': 'debate more accurate' });
    expect(report).not.toContain('rehearsal');
  });

  it('says rehearsal in the title, every heading and every cost, and that nothing was paid', () => {
    const report = renderReport(
      buildResults(
        { ...settings, rehearsal: true },
        runs.map((r) => ({ ...r, usage: { ...r.usage, cost_usd: 0 } })),
        [],
        12,
      ),
    );
    expect(report.split('\n')[0]).toBe('# pr-debate eval (rehearsal)');
    expect(report).toContain(REHEARSAL_BANNER);
    for (const heading of report.split('\n').filter((l) => l.startsWith('## ')))
      expect(heading).toMatch(/ \(rehearsal\)$/);
    for (const row of rows(report, ARM_COLUMNS)) expect(row['cost per run (95%)']).toBe('$0 (rehearsal)');
    // The shares are still those of the tokens at list price, which size the arms.
    expect(rows(report, SPEND_COLUMNS)[1]!['runs within ±10%']).toBe('8 of 8');
    expect(report).toContain('nothing was paid');
    expect(renderPlot(results.scores, 't', true)).toContain('nothing was paid');
  });

  it('formats shares, intervals and differences', () => {
    expect(percentWithInterval({ value: 0.625, low: 0.375, high: 0.875 })).toBe('63% (38-88%)');
    expect(percentWithInterval({ value: undefined, low: undefined, high: undefined })).toBe('-');
    expect(points({ value: -0.125, low: -0.5, high: 0.25 })).toBe('-13 pp (-50 to +25)');
  });

  it('plots each arm at its spend and accuracy, on round ticks', () => {
    const svg = renderPlot(results.scores, 'a <title> & more');
    expect(svg).toContain('<title>a &lt;title&gt; &amp; more</title>');
    const point = (arm: string) => {
      const match = new RegExp(`<g data-arm="${arm}">[\\s\\S]*?<circle cx="([\\d.]+)" cy="([\\d.]+)"`).exec(svg);
      return { x: Number(match![1]), y: Number(match![2]) };
    };
    // Debate: dearer (further right) and more accurate (higher, so a smaller y) than single.
    expect(point('debate').x).toBeGreaterThan(point('single').x);
    expect(point('debate').y).toBeLessThan(point('single').y);
    // 100% accuracy sits on the top edge of the plot (y = 40), $0 on the left edge (x = 70).
    expect(point('debate').y).toBeCloseTo(40, 5);
    expect(tickStep(0.3)).toBe(0.1);
    expect(tickStep(0.07)).toBe(0.02);
    expect(tickStep(0)).toBe(1);
  });
});

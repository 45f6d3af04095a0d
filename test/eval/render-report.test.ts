import { describe, expect, it } from 'vitest';
import { buildResults, type EvalSettings } from '../../src/eval/eval-results.js';
import { renderPlot, tickStep } from '../../src/eval/render-plot.js';
import { ARM_COLUMNS, percentWithInterval, points, renderReport } from '../../src/eval/render-report.js';
import type { EvalRun } from '../../src/eval/score-arms.js';

const settings: EvalSettings = {
  casesDir: 'cases', cases: [], arms: ['debate', 'single'], versus: 'debate', budgetUsd: undefined, repeats: 1, seed: 1,
  models: { moderator: 'm', advocates: ['m'], judge: 'm' }, prices: { m: null },
};
const run = (caseId: string, arm: string, order: 'AB' | 'BA', correct: boolean, cost: number): EvalRun => ({
  caseId, arm, repeat: 0, order, chosen: correct ? 'keep' : 'drop', right: 'keep', correct, confidence: 'high',
  usage: { input_tokens: 100, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cost_usd: cost, unpricedCalls: 0 },
  budgetUsd: arm === 'debate' ? undefined : 0.3, citationsRight: { total: 0, unverified: 0 }, citationsWrong: { total: 0, unverified: 0 }, note: undefined, failure: undefined,
});

describe('eval report and plot', () => {
  const runs = ['a', 'b', 'c', 'd'].flatMap((id, i) => [run(id, 'debate', 'AB', true, 0.3), run(id, 'debate', 'BA', true, 0.3), run(id, 'single', 'AB', i < 2, 0.03), run(id, 'single', 'BA', i < 1, 0.03)]);
  const results = buildResults(settings, runs, [], 12);

  it('renders each arm\'s row and its paired difference from the default debate', () => {
    const report = renderReport(results);
    expect(report).toContain(`| ${ARM_COLUMNS.join(' | ')} |`);
    expect(report).toContain('| debate | 8 | 100% (100-100%) | 100% of 8 | 0% | 0% | 0% of 4 | $0.3000 ($0.3000-$0.3000) | 100 / 10 / 0 / 0 | 0 |');
    expect(report).toMatch(/\| single \| 8 \| 38% \(\d+-\d+%\) \| 38% of 8 \| 0% \| 63% \| 25% of 4 \| \$0\.0300/);
    // Only the debate was right on 5 pairs: p = 2/32.
    expect(report).toMatch(/\| single \| 8 \| -63 pp \(-\d+ to -\d+\) \| 0 \| 5 \| 0\.063 \|/);
    expect(report).toContain('- single: sized to $0.3000 per run on average');
  });

  it('formats shares, intervals and differences', () => {
    expect(percentWithInterval({ value: 0.625, low: 0.375, high: 0.875 })).toBe('63% (38-88%)');
    expect(percentWithInterval({ value: undefined, low: undefined, high: undefined })).toBe('-');
    expect(points({ value: -0.125, low: -0.5, high: 0.25 })).toBe('-13 pp (-50 to +25)');
  });

  it('plots each arm at its cost and accuracy, on round ticks', () => {
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

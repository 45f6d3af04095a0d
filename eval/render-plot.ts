import type { ArmScore } from './score-arms.js';

/**
 * `accuracy-cost.svg` (issues #32, #43): each arm's accuracy against its spend per run (its tokens at
 * list prices: what a real run paid), with both 95% intervals as error bars, written as SVG text (no
 * browser, no library). A rehearsal's plot says on its axis that nothing was paid. Pure.
 */

const WIDTH = 720;
const HEIGHT = 440;
const MARGIN = { left: 70, right: 30, top: 40, bottom: 60 };

/** Escapes text for an SVG text node or attribute. */
function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** A round step for about `count` ticks over [0, max]. */
export function tickStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
}

/**
 * @param scores the arms, as in `results.json`
 * @param title the plot's title
 * @param rehearsal the rehearsal produced the runs: the axis says its spend was not paid
 * @returns the SVG document
 */
export function renderPlot(scores: readonly ArmScore[], title: string, rehearsal = false): string {
  const shown = scores.filter((s) => s.accuracy.value !== undefined && s.spendPerRun.value !== undefined);
  const maxCost = Math.max(1e-4, ...shown.map((s) => s.spendPerRun.high ?? 0));
  const step = tickStep(maxCost);
  const xMax = Math.ceil(maxCost / step) * step;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (usd: number) => MARGIN.left + (usd / xMax) * plotW;
  const y = (share: number) => MARGIN.top + (1 - share) * plotH;
  const f = (n: number) => n.toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= 1.0001; tick += 0.2) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${f(y(tick))}" y2="${f(y(tick))}" stroke="#e5e5e5"/>`,
      `<text x="${MARGIN.left - 8}" y="${f(y(tick) + 4)}" text-anchor="end">${Math.round(tick * 100)}%</text>`,
    );
  }
  for (let i = 0; i * step <= xMax + step / 1e6; i += 1) {
    const usd = i * step;
    parts.push(
      `<line x1="${f(x(usd))}" x2="${f(x(usd))}" y1="${MARGIN.top}" y2="${MARGIN.top + plotH}" stroke="#f0f0f0"/>`,
      `<text x="${f(x(usd))}" y="${MARGIN.top + plotH + 18}" text-anchor="middle">$${Number(usd.toPrecision(6))}</text>`,
    );
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#555555"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 16}" text-anchor="middle">${rehearsal ? 'rehearsal: its tokens per run at list prices, USD (nothing was paid)' : 'cost per run (one case in one order), USD at list prices'}</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">accuracy</text>`,
  );
  for (const s of shown) {
    const cx = x(s.spendPerRun.value!);
    const cy = y(s.accuracy.value!);
    const colour =
      s.arm.startsWith('debate') || s.arm === 'mixed' ? '#1f6feb' : s.arm === 'escalate' ? '#8250df' : '#cf222e';
    parts.push(
      `<g data-arm="${escapeXml(s.arm)}">`,
      `<line x1="${f(x(s.spendPerRun.low!))}" x2="${f(x(s.spendPerRun.high!))}" y1="${f(cy)}" y2="${f(cy)}" stroke="${colour}"/>`,
      `<line x1="${f(cx)}" x2="${f(cx)}" y1="${f(y(s.accuracy.low!))}" y2="${f(y(s.accuracy.high!))}" stroke="${colour}"/>`,
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="4" fill="${colour}"/>`,
      `<text x="${f(cx + 7)}" y="${f(cy - 6)}" fill="${colour}">${escapeXml(s.arm)}</text>`,
      '</g>',
    );
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

import type { Estimate } from './statistics.js';

/** How the eval's report writes its figures: shares, intervals, dollars, differences, tables. Pure. */

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

/** A whole number with thousands separators. */
export const thousands = (n: number) => n.toLocaleString('en-US');

/** A Markdown table; cells must not hold `|`. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const [head, ...body] = rows;
  return [
    `| ${head!.join(' | ')} |`,
    `|${head!.map(() => '---').join('|')}|`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ];
}

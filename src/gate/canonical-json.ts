/**
 * The canonical JSON of a decision record (docs/how-a-debate-runs.md): object keys sorted by UTF-16 code
 * units at every depth, no whitespace, array order kept. Signatures are made and checked over exactly
 * these bytes, so any edit to any field, or a reordering that a plain `JSON.stringify` would hide,
 * changes them. Pure.
 */

/**
 * @param value a JSON value (no `undefined`, functions or non-finite numbers)
 * @returns the canonical text
 * @throws Error for a value JSON cannot hold (a non-finite number, `undefined`)
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`canonical JSON cannot hold the number ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonical JSON cannot hold a ${typeof value}`);
}

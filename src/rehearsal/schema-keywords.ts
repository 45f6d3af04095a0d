/**
 * What the rehearsal reads of a JSON schema: its keywords, including those the SDK folded into a
 * description, and the words it labels generated text with. Pure.
 */

/** A JSON schema node, as the structured-output request carries it. */
export type Schema = Record<string, unknown>;

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the constraints the SDK's `transformJSONSchema` moved into a description, e.g.
 * `"…\n\n{minItems: 2, maxItems: 5}"` (keys bare, values JSON). Returns {} if there are none.
 */
export function descriptionConstraints(description: unknown): Record<string, unknown> {
  if (typeof description !== 'string') return {};
  const paragraph = description.slice(description.lastIndexOf('\n\n') + 1).trim();
  if (!paragraph.startsWith('{') || !paragraph.endsWith('}')) return {};
  const inner = paragraph.slice(1, -1);
  const result: Record<string, unknown> = {};
  let pos = 0;
  while (pos < inner.length) {
    const colon = inner.indexOf(': ', pos);
    if (colon < 0) return {};
    const key = inner.slice(pos, colon);
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return {};
    // Scan one JSON value: up to the next top-level ", " or the end.
    let depth = 0;
    let inString = false;
    let end = colon + 2;
    for (; end < inner.length; end++) {
      const ch = inner[end];
      if (inString) {
        if (ch === '\\') end++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '[' || ch === '{') depth++;
      else if (ch === ']' || ch === '}') depth--;
      else if (ch === ',' && depth === 0 && inner[end + 1] === ' ') break;
    }
    try {
      result[key] = JSON.parse(inner.slice(colon + 2, end));
    } catch {
      return {};
    }
    pos = end + 2;
  }
  return result;
}

export function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A schema's own keywords merged with those the SDK folded into its description. */
export function constraintsOf(schema: Schema): Record<string, unknown> {
  return { ...descriptionConstraints(schema['description']), ...schema };
}

export function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return typeof type === 'string' ? [type] : [];
}

export function humanize(key: string): string {
  return (
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_\-.]+/g, ' ')
      .trim()
      .toLowerCase() || 'field'
  );
}

/** Caps `text` at `max` characters, cutting at the last word boundary when there is one. */
export function capAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd();
}

/** The singular of a schema key, for item labels: `weaknesses` → `weakness`, `consensus` stays, `reasons` → `reason`. */
export function singular(key: string): string {
  if (key.length <= 3 || !key.endsWith('s') || /(ss|us|is)$/.test(key)) return key;
  if (/(ses|xes|ches|shes)$/.test(key)) return key.slice(0, -2);
  if (/ies$/.test(key)) return `${key.slice(0, -3)}y`;
  return key.slice(0, -1);
}

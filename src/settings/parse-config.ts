import { parseDocument } from 'yaml';
import { CONFIG_ONLY_KEYS, configSchema, isConfigurable, knownConfigKeys, typedConfigSchema } from './config-schema.js';
import { editDistance } from './closest-option.js';

/**
 * Reads the text of a repository config file into input values (docs/config.md). Pure.
 */

/** A config file that cannot be used: the message names the file, the key and the fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What a config file sets. */
export interface ParsedConfig {
  /** Input name -> value, as the input's parser reads it (the text an `INPUT_*` variable would hold). */
  values: Map<string, string>;
  /** Topics added to every debate's out-of-scope list (key `out-of-scope`). */
  outOfScope: string[];
  /** The config file's own keys that no input sets: `allow-unseen` (globs), `author-may-decide` and `read-generated`. */
  gate: { allowUnseen: string[]; authorMayDecide: boolean; readGenerated: boolean };
  /** The config file's own keys the file writes (`allow-unseen`, `author-may-decide`, `read-generated`), with their values as read, for the log and `config check`. */
  gateKeys: { key: string; value: unknown }[];
  /** The keys no setting reads (each also in `warnings`), with the known key nearest to each, for runs that refuse them. */
  unknown: { key: string; nearest: string | undefined }[];
  /** Keys that were ignored, each named, with why. */
  warnings: string[];
}

/**
 * @param text the file's content (YAML 1.2; an empty file sets nothing)
 * @param where how to name the file in messages, e.g. `.github/pr-debate.yml on main`
 * @param inputNames the inputs the action reads
 * @throws ConfigError for YAML that does not parse (duplicate keys included), a top level that is not a
 *   mapping, a key one or two edits from a known one as kebab-case (a typo), or a key whose value is not what it takes
 */
export function parseConfig(text: string, where: string, inputNames: readonly string[]): ParsedConfig {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true, strict: true });
  const yamlError = document.errors[0];
  // With prettyErrors, the first line of the yaml library's message ends "at line L, column C:".
  if (yamlError) {
    const line = lineToFix(text, yamlError);
    const said = (yamlError.message.split('\n')[0] ?? '').replace(/:$/, '').replace(/ at line \d+, column \d+$/, '');
    throw new ConfigError(
      `${where} is not valid YAML at line ${line}: ${said}; fix that line (one \`key: value\` per line, spaces not tabs; schema/pr-debate.schema.json lists the keys)`,
    );
  }
  const raw: unknown = document.toJS() ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError(
      `${where}: expected a mapping of settings, one \`key: value\` per line (such as \`preset: quick\`), got ${Array.isArray(raw) ? 'a list' : JSON.stringify(raw)}`,
    );

  const warnings: string[] = [];
  const unknown: ParsedConfig['unknown'] = [];
  const known = knownConfigKeys(inputNames);
  const present = Object.keys(raw);
  for (const key of present.filter((k) => !known.has(k))) {
    unknown.push({ key, nearest: nearestKey(key, (raw as Record<string, unknown>)[key], known) });
    // A key one or two edits from a known one is a typo of it: ignored, its setting would silently take
    // the default (a `gate-polcy: require-accepted` would leave the gate on require-decision).
    // Compared as kebab-case, so `GatePolicy:`, `gate_policy:` and `GATE-POLICY:` are typos of `gate-policy:` too;
    // an input the file may not set (`mode`, `github-token`) is not a typo: it is named as such below.
    const typo = inputNames.includes(key) ? undefined : closest(kebabCase(key), known);
    if (typo)
      throw new ConfigError(
        `${where}: unknown key '${key}'; did you mean '${typo}'? Rename it: an unknown key is ignored, and '${typo}' would take its default`,
      );
    warnings.push(
      isConfigurable(key)
        ? `${where}: unknown key '${key}' is ignored`
        : `${where}: key '${key}' is ignored: ${/(token|key)$/.test(key) ? 'a secret never belongs in a committed file; pass it as a workflow input from a secret' : 'it is set in the workflow, as an input of the step'}`,
    );
  }
  const parsed = configSchema(inputNames).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.map(String).join('.');
    const got = issue.path.reduce<unknown>(
      (value, step) => (value as Record<PropertyKey, unknown> | undefined)?.[step],
      raw,
    );
    throw new ConfigError(
      `${where}: key '${key}': ${issue.message}, got ${JSON.stringify(got)}; see schema/pr-debate.schema.json`,
    );
  }
  // The same object through the typed part alone, for typed access to the config file's own keys.
  const config = typedConfigSchema.parse(raw);

  const values = new Map<string, string>();
  const setBy = new Map<string, string>();
  const set = (input: string, value: unknown, key: string) => {
    if (value === undefined) return;
    const earlier = setBy.get(input);
    if (earlier !== undefined)
      throw new ConfigError(`${where}: '${earlier}' and '${key}' both set input '${input}'; keep one`);
    setBy.set(input, key);
    values.set(input, asInput(value));
  };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (known.has(key) && !(CONFIG_ONLY_KEYS as readonly string[]).includes(key)) set(key, value, key);
  }
  set('model', config.models?.default, 'models.default');
  set('advocate-models', config.models?.advocates, 'models.advocates');
  set('judge-model', config.models?.judge, 'models.judge');
  const rfcPaths = config['rfc-paths'];
  // The input takes one path or glob; several become one brace glob, which minimatch expands.
  if (rfcPaths) set('rfc-path', rfcPaths.length === 1 ? rfcPaths[0] : `{${rfcPaths.join(',')}}`, 'rfc-paths');
  const gateKeys = (['allow-unseen', 'author-may-decide', 'read-generated'] as const)
    .filter((key) => config[key] !== undefined)
    .map((key) => ({ key, value: config[key] }));
  return {
    values,
    outOfScope: config['out-of-scope'] ?? [],
    gate: {
      allowUnseen: config['allow-unseen'] ?? [],
      authorMayDecide: config['author-may-decide'] ?? false,
      readGenerated: config['read-generated'] ?? false,
    },
    gateKeys,
    warnings,
    unknown,
  };
}

/** A config value as the input's text: lists comma-separated, numbers and booleans as YAML writes them. */
function asInput(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** `GatePolicy`, `gate_policy`, `GATE-POLICY` as `gate-policy`. */
function kebabCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/**
 * The known key an unknown one most likely meant: for a mapping that holds known keys (`gate:` with
 * `decision-public-key:` under it), the first of those; else the known key fewest edits away (as kebab-case).
 */
function nearestKey(key: string, value: unknown, known: Set<string>): string | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const inner = Object.keys(value).find((k) => known.has(k));
    if (inner !== undefined) return inner;
  }
  // A known key that holds the unknown one (`public-key:` for `decision-public-key:`) before one fewer edits away.
  const wanted = kebabCase(key);
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const score = editDistance(wanted, name) - (name.includes(wanted) || wanted.includes(name) ? 1000 : 0);
    if (!best || score < best.score) best = { name, score };
  }
  return best?.name;
}

/** The known key one or two edits from `key` (a typo such as `preset:` as `presets:`), or undefined. */
function closest(key: string, known: Set<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(key, name);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * The line a person fixes for a YAML error, 1-based. The yaml library places some errors elsewhere: an
 * unclosed `[` or `"` where the file ends (the line after the last), a key indented under a `key: value`
 * line (`BLOCK_AS_IMPLICIT_KEY`) at that value, on the line above. Those are moved to the line that
 * opened the bracket or quote (the last line with text) and to the indented line; any other error stays where the library puts it.
 */
function lineToFix(
  text: string,
  error: {
    code: string;
    pos: [number, number];
    linePos?: [{ line: number }] | [{ line: number }, { line: number }] | undefined;
  },
): number {
  const line = error.linePos?.[0].line ?? text.slice(0, error.pos[0]).split('\n').length;
  const lastWithText = text.trimEnd().split('\n').length;
  if (error.pos[0] >= text.trimEnd().length) return lastWithText;
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY') return Math.min(line + 1, lastWithText);
  return line;
}

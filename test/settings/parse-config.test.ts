import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configJsonSchema, isConfigurable } from '../../src/settings/config-schema.js';
import { ConfigError, parseConfig } from '../../src/settings/parse-config.js';
import { INPUT_NAMES } from '../../src/settings/input-schemas.js';
import { ROOT } from '../support/run-action.js';

const where = '.github/pr-debate.yml on main';
const parse = (text: string) => parseConfig(text, where, INPUT_NAMES);

describe('parseConfig', () => {
  it('turns keys into the input values they stand for', () => {
    const config =
      parse(`# yaml-language-server: $schema=https://raw.githubusercontent.com/pr-debate/pr-debate/v0/schema/pr-debate.schema.json
preset: quick
models:
  default: claude-sonnet-5-5
  advocates: [claude-opus-5, claude-haiku-5]
  judge: claude-opus-5
language: German
max-evidence-tokens: 40000
deadline-minutes: 7.5
rfc-paths: [docs/rfcs/**/*.md, design/*.md]
out-of-scope: [naming, "the CI matrix"]
`);
    expect(Object.fromEntries(config.values)).toEqual({
      preset: 'quick',
      model: 'claude-sonnet-5-5',
      'advocate-models': 'claude-opus-5, claude-haiku-5',
      'judge-model': 'claude-opus-5',
      language: 'German',
      'max-evidence-tokens': '40000',
      'deadline-minutes': '7.5',
      'rfc-path': '{docs/rfcs/**/*.md,design/*.md}',
    });
    expect(config.outOfScope).toEqual(['naming', 'the CI matrix']);
    expect(config.warnings).toEqual([]);
  });

  it('an empty file, or one of comments only, sets nothing', () => {
    expect(parse('').values.size).toBe(0);
    expect(parse('# nothing yet\n').values.size).toBe(0);
  });

  it('warns about unknown keys by name and uses the rest', () => {
    const config = parse('language: de\ncolour: blue\n');
    expect(config.warnings).toEqual([`${where}: unknown key 'colour' is ignored`]);
    expect(Object.fromEntries(config.values)).toEqual({ language: 'de' });
  });

  it('refuses a key one or two edits from a known one, naming the key it meant: ignored, its setting would silently take the default', () => {
    expect(() => parse('presets: deep\nlanguage: de\n')).toThrow(
      `${where}: unknown key 'presets'; did you mean 'preset'? Rename it`,
    );
    expect(() => parse('gate-polcy: require-accepted\n')).toThrow(
      `unknown key 'gate-polcy'; did you mean 'gate-policy'?`,
    );
    // Another spelling of a known key is a typo of it too (found by attacking the gate: `GatePolicy:` was only warned about).
    for (const key of ['GatePolicy', 'gate_policy', 'GATE-POLICY', 'decisionPublicKey', 'maxCostUsd'])
      expect(() => parse(`${key}: x\n`)).toThrow(/did you mean '(gate-policy|decision-public-key|max-cost-usd)'\?/);
    // A key that ends like a secret but is one edit from a known key is that key mistyped, not a secret.
    expect(() => parse('max-evidence-token: 4000\n')).toThrow(`did you mean 'max-evidence-tokens'?`);
  });

  it('never takes a secret or a per-step switch from the file', () => {
    const config = parse('github-token: ghp_abc\nanthropic-api-key: sk-ant-x\nmode: gate\nconfig-file: other.yml\n');
    expect(config.values.size).toBe(0);
    expect(config.warnings.join('\n')).toContain(
      "key 'anthropic-api-key' is ignored: a secret never belongs in a committed file",
    );
    expect(config.warnings.join('\n')).toContain(
      "key 'mode' is ignored: it is set in the workflow, as an input of the step",
    );
    expect(isConfigurable('decision-public-key')).toBe(true);
    expect(isConfigurable('decision-signing-key')).toBe(false);
  });

  it('names the key, the value and what it takes when a value is wrong', () => {
    expect(() => parse('preset: turbo\n')).toThrow(ConfigError);
    expect(() => parse('preset: turbo\n')).toThrow(`${where}: key 'preset'`);
    expect(() => parse('preset: turbo\n')).toThrow('"turbo"');
    expect(() => parse('max-rounds: 9\n')).toThrow("key 'max-rounds'");
    expect(() => parse('judge-runs: 3\n')).toThrow("key 'judge-runs'");
    expect(parse('judge-runs: 4\n').values.get('judge-runs')).toBe('4');
    expect(() => parse('models:\n  judge: x\n  referee: y\n')).toThrow("key 'models'");
    expect(() => parse('rfc-paths: []\n')).toThrow("key 'rfc-paths'");
  });

  it('refuses YAML that is not a mapping, does not parse, or repeats a key', () => {
    expect(() => parse('- preset\n')).toThrow('expected a mapping');
    expect(() => parse('preset: [quick\n')).toThrow('is not valid YAML');
    expect(() => parse('preset: quick\npreset: deep\n')).toThrow('is not valid YAML');
  });

  it('refuses two keys that set the same input', () => {
    expect(() => parse('judge-model: a\nmodels:\n  judge: b\n')).toThrow(
      "'judge-model' and 'models.judge' both set input 'judge-model'",
    );
    expect(() => parse('rfc-path: a.md\nrfc-paths: [b.md]\n')).toThrow("both set input 'rfc-path'");
  });

  it('schema/pr-debate.schema.json is the schema this code validates with (run `npm run schema` after adding an input)', async () => {
    const committed: unknown = JSON.parse(await readFile(path.join(ROOT, 'schema', 'pr-debate.schema.json'), 'utf8'));
    expect(committed).toEqual(configJsonSchema(INPUT_NAMES));
    const schema = committed as { properties: Record<string, unknown>; additionalProperties: unknown };
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['preset', 'models', 'rfc-paths', 'out-of-scope', 'gate-policy', 'max-cost-usd']),
    );
    expect(Object.keys(schema.properties)).not.toContain('github-token');
  });
});

import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSettings } from '../../src/settings/load-settings.js';
import { inputVariable, readActionMetadata, readActionYaml, ROOT, runnerInputs } from '../support/action-metadata.js';

/** `action.yml` as the runner loads it: strict YAML, GitHub's metadata rules, and the inputs the code reads. */
describe('action.yml', () => {
  const strict = { strict: true, uniqueKeys: true } as const;

  it('parses as strict YAML and matches GitHub action metadata, with runs.main on disk and node24', () => {
    const metadata = readActionMetadata();
    expect(metadata.runs.using).toBe('node24');
    expect(existsSync(path.join(ROOT, metadata.runs.main)), metadata.runs.main).toBe(true);
    // YAML 1.1 (the runner's YamlDotNet reads it so) agrees with 1.2 on every value.
    expect(parse(readActionYaml(), { ...strict, version: '1.1' })).toEqual(parse(readActionYaml(), strict));
  });

  it('is checked by a parser that rejects the unquoted ": " that once broke line 10', () => {
    const broken = 'inputs:\n  github-token:\n    description: It needs `pull-requests: write` and `contents: read`.\n';
    expect(() => parse(broken, strict)).toThrow(/Nested mappings are not allowed in compact mappings/);
  });

  it('does not require anthropic-api-key: help, refusals and skipped events run without it', () => {
    expect(readActionMetadata().inputs['anthropic-api-key']?.required).not.toBe(true);
  });

  it('declares exactly the inputs the action reads, with the defaults the code applies', async () => {
    const metadata = readActionMetadata();
    const read: string[] = [];
    const env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: 'octo/widgets',
    };
    const fromCode = await parseSettings((name) => (read.push(name), name === 'github-token' ? 't' : undefined), env);
    expect(read.sort()).toEqual(Object.keys(metadata.inputs).sort());
    // The runner passes action.yml's defaults; the code's own defaults must be the same values.
    const defaults = runnerInputs(metadata, { 'github-token': 't' });
    const fromRunner = await parseSettings((name) => defaults[inputVariable(name)] || undefined, env);
    expect(fromRunner).toEqual(fromCode);
  });

  it('forms INPUT_* names as the runner does, which is what core.getInput reads', () => {
    expect(inputVariable('github-token')).toBe('INPUT_GITHUB-TOKEN');
    expect(inputVariable('max rounds')).toBe('INPUT_MAX_ROUNDS');
    for (const name of [...Object.keys(readActionMetadata().inputs), 'an input with spaces']) {
      const variable = inputVariable(name);
      const saved = process.env[variable];
      process.env[variable] = `value of ${name}`;
      try {
        expect(core.getInput(name)).toBe(`value of ${name}`);
      } finally {
        if (saved === undefined) delete process.env[variable];
        else process.env[variable] = saved;
      }
    }
    expect(() => runnerInputs(readActionMetadata(), { 'max-round': '2' })).toThrow(/Unexpected input 'max-round'/);
  });
});

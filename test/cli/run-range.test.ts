import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { ROOT } from '../support/run-action.js';

/**
 * The README's try-it command on this repository's own history (issue #40), in process: `pr-debate run
 * --rehearsal` on a fixed range of this clone (4dd28a7~5..4dd28a7, 50 changed files, whose overflow is
 * generated `dist/` chunks), and on a range with no changes. Nothing is read from or posted to GitHub.
 */
async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { GITHUB_API_URL: 'http://127.0.0.1:9' },
    onInterrupt: () => () => {},
    userAgent: 'pr-debate-test',
    cwd: ROOT,
  };
  const code = await runCli(args, io, '0.0.0-test');
  return { code, stdout, stderr };
}

describe('pr-debate run --rehearsal on this repository', () => {
  it('debates 4dd28a7~5..4dd28a7 to a decision: nothing unread, the generated dist/ chunks read by no one and not unseen', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'pr-debate-range-')), 'comment.md');
    const { code, stdout, stderr } = await run(['run', '--rehearsal', '--json', '--out', out, '4dd28a7~5..4dd28a7']);
    expect(code, stderr).toBe(0);
    const record = decisionRecordSchema.parse(JSON.parse(stdout));
    // A rehearsal says it is one (issue #42): the record's models, its cost, the comment's first line and footer, the last line.
    expect(record.models).toEqual({ advocates: ['rehearsal', 'rehearsal'], judge: 'rehearsal' });
    expect(record.usage.cost_usd).toBe(0);
    const comment = readFileSync(out, 'utf8').split('\n');
    expect(comment[1]).toMatch(/^## \S+ pr-debate rehearsal: /);
    expect(comment[3]).toBe('> [!IMPORTANT]');
    expect(comment[4]).toContain('a rehearsal: pr-debate’s rehearsal model wrote every reply');
    expect(comment.find((line) => line.startsWith('<sub>'))).toMatch(
      /^<sub>pr-debate · a rehearsal: .* advocates rehearsal · judge rehearsal · .* cost \$0\.0000 · /,
    );
    expect(comment.join('\n')).not.toContain('claude-');
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/^pr-debate rehearsal: .*; \d+ rehearsal calls, /);
    expect(record).toMatchObject({ completion: 'success', no_decision_reason: null, digest_version: 4 });
    expect(record.evidence).toMatchObject({ changed_files: 50, read: 0, unread: 0, unseen: 0 });
    expect(record.evidence!.generated_skipped).toBeGreaterThan(0);
    expect(stderr).not.toMatch(/truncated/);
  }, 300_000);

  it('without a key and without --rehearsal, names --rehearsal before any model call', async () => {
    const { code, stderr } = await run(['run', '4dd28a7~1..4dd28a7']);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(
      'pr-debate: ANTHROPIC_API_KEY must hold an Anthropic API key to run a debate with an anthropic: model (export ANTHROPIC_API_KEY=...; or try it without a key with --rehearsal, which calls and pays nothing; or pick another provider with --model)',
    );
  }, 120_000);

  it('refuses a range with no changes before any model call, in one sentence', async () => {
    const { code, stdout, stderr } = await run(['run', '--rehearsal', 'HEAD..HEAD']);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(1, 4)).toEqual([
      '## pr-debate: nothing to debate',
      '',
      'Nothing to debate: no file differs between the base and the head of this change.',
    ]);
    expect(stderr).toMatch(
      /^pr-debate: nothing to debate \(status skipped\); 0 rehearsal calls, 0 tokens; local range HEAD\.\.HEAD, nothing posted$/m,
    );
  }, 120_000);
});

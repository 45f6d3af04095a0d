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
    const { code, stdout, stderr } = await run(['run', '--rehearsal', '--json', '4dd28a7~5..4dd28a7']);
    expect(code, stderr).toBe(0);
    const record = decisionRecordSchema.parse(JSON.parse(stdout));
    expect(record).toMatchObject({ completion: 'success', no_decision_reason: null, digest_version: 4 });
    expect(record.evidence).toMatchObject({ changed_files: 50, read: 0, unread: 0, unseen: 0 });
    expect(record.evidence!.generated_skipped).toBeGreaterThan(0);
    expect(stderr).not.toMatch(/truncated/);
  }, 300_000);

  it('refuses a range with no changes before any model call, in one sentence', async () => {
    const { code, stdout, stderr } = await run(['run', '--rehearsal', 'HEAD..HEAD']);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(1, 4)).toEqual(['## pr-debate: nothing to debate', '', 'Nothing to debate: no file differs between the base and the head of this change.']);
    expect(stderr).toMatch(/^pr-debate: nothing to debate \(status skipped\); 0 rehearsal calls, 0 tokens; local range HEAD\.\.HEAD, nothing posted$/m);
  }, 120_000);
});

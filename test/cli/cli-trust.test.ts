import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { CliIo } from '../../src/cli/cli-io.js';

/**
 * Issue #38, fault 9: the command line cannot post a rehearsal as a decision, and `config check` shows
 * every key a run reads, the gate's own included. The CLI in process, as `dist/cli.js` runs it.
 */
describe('the command line on trust (issue #38)', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-cli-trust-'))));
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const cli = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      env: {},
      onInterrupt: () => () => {},
      userAgent: 'test',
      cwd: dir,
    };
    const exitCode = await runCli(args, io, '0.0.0-test');
    return { exitCode, stdout, stderr };
  };

  it('`run --rehearsal --post` is bad usage, refused with one line that says why, before anything is read or posted', async () => {
    const run = await cli(['run', 'octo/widgets#12', '--rehearsal', '--post', '--api-url', 'http://127.0.0.1:9']);
    expect(run.exitCode).toBe(2);
    const [why, usage] = run.stderr.trimEnd().split('\n');
    expect(why).toBe(
      'pr-debate: --post with --rehearsal: a rehearsal is the rehearsal model, not a debate, so its comment and record are never posted as a decision; drop --post to see it, or --rehearsal to debate',
    );
    expect(usage).toMatch(/^Usage: pr-debate run /);
    expect(run.stdout).toBe('');
  });

  it('`config check` lists every key it read, the gate’s own keys included, and says that a key the gate does not know passes nothing', async () => {
    await writeFile(
      path.join(dir, 'gate.yml'),
      'gate-policy: require-confident\nauthor-may-decide: true\nallow-unseen: ["lib/*.wasm"]\n',
    );
    const read = await cli(['config', 'check', 'gate.yml']);
    expect(read.exitCode, read.stderr).toBe(0);
    expect(read.stdout).toContain('gate-policy: "require-confident" from gate.yml on this folder');
    expect(read.stdout).toContain('author-may-decide: true from gate.yml on this folder');
    expect(read.stdout).toContain('allow-unseen: ["lib/*.wasm"] from gate.yml on this folder');
    await writeFile(path.join(dir, 'nested.yml'), 'gate:\n  decision-public-key: x\n');
    const nested = await cli(['config', 'check', 'nested.yml']);
    expect(nested.stdout).toContain(
      "but no decision passes the merge gate with it: nested.yml on this folder: unknown key 'gate' (the nearest known key is 'decision-public-key')",
    );
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startAnthropicServer } from '../support/anthropic-server.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { ROOT } from '../support/run-action.js';

/** `npm run demo` as a newcomer runs it: what it prints must hold no key and show a good debate. */
const CASE = 'commander-excess-arguments';

async function demo(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ANTHROPIC_')));
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', CASE], { cwd: ROOT, env: { ...base, ...env }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
}

describe('npm run demo', () => {
  it('rehearses locally: says so in the header and the footer, spends nothing, and the judge keeps the rules', async () => {
    const { stdout } = await demo({});
    expect(stdout).toMatch(/^Model: LOCAL REHEARSAL \(pr-debate-local-rehearsal\)\./m);
    const comment = stdout.split('--- the PR comment ---')[1]!.split('--- figures ---')[0]!;
    expect(comment).toMatch(/<sub>pr-debate · .*advocates pr-debate-local-rehearsal · judge pr-debate-local-rehearsal/);
    expect(comment).not.toMatch(/cost \$0\.[0-9]*[1-9]/);
    expect(stdout).toContain('no model was called, nothing was spent');
    // A well-formed debate: a verdict, and no ruling the engine had to reject or correct.
    expect(comment).toMatch(/^\*\*Verdict:\*\* position A\. /m);
    expect(comment).not.toContain('Rulings the engine corrected');
    expect(comment).not.toContain('broke the rules');
    expect(stdout).toMatch(/^status success, recommendation A, confidence medium, exit code 0$/m);
  }, 150_000);

  it('prints no key and no ::add-mask:: line, also with a real key set', async () => {
    const key = 'sk-ant-api03-demoTestKeyThatMustNeverBePrinted0123456789';
    const server = await startAnthropicServer({ apiKey: key, responder: createRehearsalResponder({ seed: 1 }) });
    try {
      const { stdout, stderr } = await demo({ ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: server.url });
      expect(server.requests.length).toBeGreaterThan(0); // the "real" path ran
      for (const text of [stdout, stderr]) {
        expect(text).not.toContain(key);
        expect(text).not.toMatch(/^::add-mask::/m);
        expect(text).not.toContain('ghs_localScenarioToken');
      }
    } finally {
      await server.close();
    }
  }, 150_000);
});

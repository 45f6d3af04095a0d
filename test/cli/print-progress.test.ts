import { describe, expect, it } from 'vitest';
import { createProgress, formatStatus } from '../../src/cli/print-progress.js';
import { scriptedModels } from '../support/scripted-models.js';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text), text: () => writes.join('') };
}

describe('CLI progress', () => {
  it('formats elapsed time, calls, tokens and cost', () => {
    expect(formatStatus('opening', 1234, 5678, { calls: 2, tokens: 12345, costUsd: 0.01234 })).toBe(
      'opening                1.2 s  | total 5.7 s, 2 model calls, 12,345 tokens, $0.0123',
    );
  });

  it('writes one plain line per phase when stderr is not a terminal', async () => {
    let t = 0;
    const out = stream(false);
    const progress = createProgress(out, { verbose: false, now: () => t });
    const models = progress.track(scriptedModels(() => ({})));
    await progress.log.group('Evidence', async () => void (t += 1500));
    await progress.log.group('Debate', async () => {
      for (const phase of ['opening', 'opening', 'judge'] as const) {
        t += 1000;
        await models
          .complete({
            role: 'advocate',
            model: 'claude-sonnet-5-5',
            system: '',
            evidence: '',
            instructions: '',
            format: {} as never,
            schema: { parse: (x: unknown) => x } as never,
            maxTokens: 10,
            meta: { phase, retry: false },
          })
          .catch(() => undefined);
      }
    });
    progress.log.info('hidden unless verbose');
    progress.log.warning('the RFC was not found');
    progress.end();
    const lines = out.text().split('\n');
    expect(lines[0]).toMatch(/^Evidence +1\.5 s/);
    expect(lines[1]).toMatch(/^opening +2\.0 s {2}\| total 4\.5 s, 2 model calls/);
    expect(lines[2]).toBe('warning: the RFC was not found');
    expect(lines[3]).toMatch(/^judge +0\.0 s {2}\| total 4\.5 s, 3 model calls/);
    expect(out.text()).not.toContain('hidden unless verbose');
    expect(out.text()).not.toContain('Debate');
    expect(out.text()).not.toContain('\r');
  });

  it('rewrites one live line in place on a terminal and leaves it standing at the end of each phase', () => {
    let t = 0;
    const out = stream(true);
    const progress = createProgress(out, { verbose: true, now: () => t });
    progress.phase('Evidence');
    t = 700;
    progress.log.info('a log line');
    progress.phase('opening');
    progress.end();
    expect(out.writes[0]).toMatch(/^\r\x1b\[2KEvidence +0\.0 s/);
    expect(out.text()).toContain('\r\x1b[2Ka log line\n');
    expect(out.text()).toMatch(/\r\x1b\[2KEvidence +0\.7 s {2}\| total 0\.7 s, 0 model calls, 0 tokens, \$0\n/);
    expect(out.text().endsWith('\n')).toBe(true);
    expect(progress.totals()).toEqual({ calls: 0, tokens: 0, costUsd: undefined });
  });
});

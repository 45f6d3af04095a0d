import { describe, expect, it } from 'vitest';
import { startModels, type Cancellation } from '../../src/llm/start-models.js';
import { RunStopped } from '../../src/llm/stop-signal.js';

const settings = {
  anthropicApiKey: 'k',
  openaiApiKey: undefined,
  baseUrl: 'http://127.0.0.1:9',
  model: 'claude-sonnet-5-5',
  maxCostUsd: 1,
};

/** A cancellation the test fires by hand, as Ctrl-C or the runner would. */
function manual() {
  let fire: ((reason: RunStopped) => boolean) | undefined;
  let listening = false;
  const cancellation: Cancellation = (stop) => {
    fire = stop;
    listening = true;
    return () => {
      listening = false;
    };
  };
  return { cancellation, fire: (reason: RunStopped) => fire?.(reason), listening: () => listening };
}

describe('startModels', () => {
  it('stops the run at the deadline, with a reason that names deadline-minutes', async () => {
    const run = startModels({ ...settings, deadlineMinutes: 0.0005 }, { env: {}, cancellations: [] });
    await new Promise((resolve) => run.stop.addEventListener('abort', resolve, { once: true }));
    expect(run.stop.reason).toBeInstanceOf(RunStopped);
    expect(run.stop.reason).toHaveProperty(
      'summary',
      'The run deadline (deadline-minutes: 0.0005) was reached before the debate finished; model calls still in flight were stopped.',
    );
    run.dispose();
  });

  it('stops on a cancellation, keeps the first reason, and stops listening once disposed', () => {
    const ctrlC = manual();
    const run = startModels({ ...settings, deadlineMinutes: 20 }, { env: {}, cancellations: [ctrlC.cancellation] });
    expect(run.stop.aborted).toBe(false);
    expect(ctrlC.listening()).toBe(true);
    expect(ctrlC.fire(new RunStopped('ctrl-c', 'stopped with Ctrl-C', 'Stopped.'))).toBe(true);
    expect(ctrlC.fire(new RunStopped('ctrl-c', 'again', 'Again.'))).toBe(false);
    expect(run.stop.reason).toMatchObject({ message: 'stopped with Ctrl-C' });
    run.dispose();
    expect(ctrlC.listening()).toBe(false);
  });
});

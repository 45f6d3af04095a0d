import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubClients, type GitHubClients } from '../../src/github/create-octokit.js';
import { createRestClients } from '../../src/github/create-rest-octokit.js';
import { onWriteLane, type WriteClock } from '../../src/github/write-clock.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';

/**
 * The write clock (issue #34) on the real clients, as the throttling plugin spaces their writes: it
 * counts what is handed over and not answered, knows when the last write went out, and says when a
 * write handed over would go out at once. The spacing is 300 ms here (notifications 900 ms) to keep the
 * test short; production uses the plugin's 1 s and 3 s.
 */
const SPACING = 300;
const repo = { owner: 'o', repo: 'r' };

describe('the write clock', () => {
  let github: GitHubServer;
  beforeAll(async () => {
    github = await startGitHubServer({ repositories: [{ owner: 'o', name: 'r', pulls: [{ ...emptyPullRequest(), number: 1 }] }], token: 'bot' });
  });
  afterAll(async () => github?.close());
  const received = (since: number) => github.state.requests.slice(since);

  for (const [name, make] of [
    ['the action', () => createGitHubClients('bot', github.url, () => undefined, { writeSpacingMs: SPACING, id: `clock-${Math.random()}` })],
    ['the CLI', () => createRestClients('bot', github.url, () => undefined, 'test', { writeSpacingMs: SPACING })],
  ] as const) {
    it(`${name}: counts a write from hand-over to answer, records when it went out, and is free a spacing later`, async () => {
      const { writes, writeClock } = make() as GitHubClients & { writeClock: WriteClock };
      expect(writeClock.spacingMs).toBe(SPACING);
      expect(await writeClock.whenFree(new AbortController().signal)).toBe(true);
      const before = github.state.requests.length;
      const posted = writes.rest.issues.createComment({ ...repo, issue_number: 1, body: 'one' });
      await new Promise(setImmediate);
      expect(writeClock.pending()).toBe(1);
      await posted;
      expect(writeClock.pending()).toBe(0);
      const wentOut = writeClock.lastWriteAt()!;
      expect(Math.abs(wentOut - received(before)[0]!.receivedAt)).toBeLessThan(50);
      // A read is not on the write lane: it neither counts nor moves the clock.
      const read = writes.rest.issues.listComments({ ...repo, issue_number: 1 });
      expect(writeClock.pending()).toBe(0);
      await read;
      expect(writeClock.lastWriteAt()).toBe(wentOut);
      // Free only once the spacing since that write has passed; a write handed over then goes out at once.
      expect(await writeClock.whenFree(new AbortController().signal)).toBe(true);
      const freeAt = Date.now();
      expect(freeAt - wentOut).toBeGreaterThanOrEqual(SPACING - 2);
      const mark = github.state.requests.length;
      await writes.rest.reactions.createForIssueComment({ ...repo, comment_id: (await posted).data.id, content: 'eyes' });
      expect(received(mark)[0]!.receivedAt - freeAt).toBeLessThan(100);
    });
  }

  it('keeps GraphQL queries on the write lane, as the plugin queues them, and waits for a pending write to be answered', async () => {
    const { writes, writeClock } = createGitHubClients('bot', github.url, () => undefined, { writeSpacingMs: SPACING, id: 'clock-graphql' });
    const clock = writeClock!;
    const query = writes.graphql('query { viewer { login } }').catch(() => undefined);
    await new Promise(setImmediate);
    expect(clock.pending()).toBe(1);
    let freed = false;
    const free = clock.whenFree(new AbortController().signal).then((f) => (freed = f));
    await query;
    expect(clock.lastWriteAt()).toBeDefined();
    expect(freed).toBe(false);
    await free;
    expect(Date.now() - clock.lastWriteAt()!).toBeGreaterThanOrEqual(SPACING - 2);
    expect(onWriteLane('POST', '/graphql')).toBe(true);
    expect(onWriteLane('GET', '/repos/{owner}/{repo}/issues/comments/{comment_id}')).toBe(false);
    expect(onWriteLane('POST', '/app/installations/{installation_id}/access_tokens')).toBe(false);
  });

  it('spaces a write that notifies by the notification lane (3 x), others by the write lane', async () => {
    const { writes, writeClock } = createGitHubClients('bot', github.url, () => undefined, { writeSpacingMs: SPACING, id: 'clock-notify' });
    const clock = writeClock!;
    const { data } = await writes.rest.issues.createComment({ ...repo, issue_number: 1, body: 'notifies' });
    const at = clock.lastWriteAt()!;
    await clock.whenFree(new AbortController().signal);
    expect(Date.now() - at).toBeLessThan(SPACING * 2);
    await clock.whenFree(new AbortController().signal, { notifies: true });
    expect(Date.now() - at).toBeGreaterThanOrEqual(SPACING * 3 - 2);
    // An update does not notify: after it, the notification lane still counts from the comment.
    await writes.rest.issues.updateComment({ ...repo, comment_id: data.id, body: 'edited' });
    const start = Date.now();
    await clock.whenFree(new AbortController().signal, { notifies: true });
    expect(Date.now() - start).toBeLessThan(SPACING + 100);
  });

  it('is cancellable: an aborted wait resolves false at once, and a turn whose signal aborts never runs', async () => {
    const { writes, writeClock } = createGitHubClients('bot', github.url, () => undefined, { writeSpacingMs: SPACING, id: 'clock-cancel' });
    const clock = writeClock!;
    await writes.rest.issues.createComment({ ...repo, issue_number: 1, body: 'start' });
    const aborted = AbortSignal.abort();
    expect(await clock.whenFree(aborted)).toBe(false);
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 50);
    expect(await clock.whenFree(stop.signal)).toBe(false);
    expect(Date.now() - started).toBeLessThan(SPACING - 100);

    // Turns: one at a time in order; the second waits for the first's write and its spacing; an aborted one never runs.
    const order: string[] = [];
    const first = clock.inTurn(new AbortController().signal, async () => {
      order.push('first');
      await writes.rest.issues.createComment({ ...repo, issue_number: 1, body: 'first' });
      return clock.lastWriteAt()!;
    });
    const dropped = new AbortController();
    const skipped = clock.inTurn(dropped.signal, async () => void order.push('dropped'));
    const second = clock.inTurn(new AbortController().signal, async () => {
      order.push('second');
      return Date.now();
    });
    dropped.abort();
    expect(await skipped).toBeUndefined();
    const [firstAt, secondAt] = await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(secondAt! - firstAt!).toBeGreaterThanOrEqual(SPACING - 2);
  });
});

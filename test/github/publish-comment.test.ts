import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPublisher } from '../../src/github/create-publisher.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { clientLosingAnswers } from '../support/lost-answers.js';
import { NO_WAITS } from '../support/no-waits.js';

const token = 'ghs_publishTestToken0000000000000000000000';
const pull = emptyPullRequest();

describe('the publisher', () => {
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startGitHubServer({
      repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }],
      token,
      tokens: { ghp_someoneElse000000000000000000000000000: 'mallory' },
    });
  });
  afterEach(async () => server.close());
  const publisher = () =>
    createPublisher(
      createOctokit(token, server.url, () => {}, NO_WAITS),
      { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [token] },
    );
  const marker = '<!-- pr-debate:v1 id=0123456789abcdef -->';

  it('updates only the bot’s own comment with the marker, never a forged one', async () => {
    await fetch(`${server.url}/repos/octo/widgets/issues/3/comments`, {
      method: 'POST',
      headers: {
        authorization: 'token ghp_someoneElse000000000000000000000000000',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body: `${marker}\nforged` }),
    });
    const first = await publisher().debateComment(3, marker).postUpdate(`${marker}\none`);
    const second = await publisher().debateComment(3, marker).postUpdate(`${marker}\ntwo`);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(server.state.comments.map((c) => c.body.split('\n')[1])).toEqual(['forged', 'two']);
  });

  it('leaves one comment when two runs of the same debate race', async () => {
    const results = await Promise.all([
      publisher().debateComment(3, marker).postUpdate(`${marker}\nrun 1`),
      publisher().debateComment(3, marker).postUpdate(`${marker}\nrun 2`),
    ]);
    const ours = server.state.comments.filter((c) => c.body.startsWith(marker));
    expect(ours).toHaveLength(1);
    expect(results.every((r) => r.id === ours[0]!.id)).toBe(true);
  });

  it('never overwrites a result for the current head with a stale one, and redacts secrets', async () => {
    const current = 'c'.repeat(40);
    await publisher().debateComment(3, marker).postVerdict(`${marker}\nfor the new head`, { ours: current, current });
    const stale = await publisher()
      .debateComment(3, marker)
      .postVerdict(`${marker}\nfor the old head`, { ours: 'a'.repeat(40), current });
    expect(stale.kept).toBe('stale');
    expect(server.state.comments[0]!.body).toContain('for the new head');
    await publisher()
      .debateComment(3, marker)
      .postVerdict(`${marker}\nleaked ${token} and sk-ant-api03-abcdefghijklmnop`, { ours: current, current });
    expect(server.state.comments[0]!.body).toBe(
      `${marker}\nleaked [redacted secret] and [redacted secret]\n<!-- pr-debate:head=${current} -->`,
    );
  });
});

describe('the debate comment keeps a finished verdict', () => {
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startGitHubServer({ repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }], token });
  });
  afterEach(async () => server.close());
  const comment = () =>
    createPublisher(
      createOctokit(token, server.url, () => {}, NO_WAITS),
      { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [] },
    ).debateComment(3, marker);
  const marker = '<!-- pr-debate:v1 id=0123456789abcdef -->';
  /** Settles once a PATCH whose body's second line is `line` reached the server (bounded: rejects after 10 s). */
  const patchArrived = (line: string) =>
    vi.waitUntil(
      () =>
        server.state.requests.some(
          (r) => r.method === 'PATCH' && (r.body as { body?: string } | undefined)?.body?.split('\n')[1] === line,
        ),
      { timeout: 10_000, interval: 5 },
    );
  const head = 'c'.repeat(40);
  const body = () => server.state.comments[0]!.body;

  it('never replaces a verdict with progress or a failure; only a newer verdict replaces it', async () => {
    await comment().postVerdict(`${marker}\nverdict 1`, { ours: head, current: head });
    // A re-run's progress, a slower older run's progress, a failure: all keep the verdict.
    const progress = await comment().postUpdate(`${marker}\nprogress`);
    expect(progress.kept).toBe('verdict');
    expect(body()).toContain('verdict 1');
    const newer = await comment().postVerdict(`${marker}\nverdict 2`, { ours: head, current: head });
    expect(newer.kept).toBeUndefined();
    expect(body()).toContain('verdict 2');
    expect(server.state.comments).toHaveLength(1);
  });

  it('lists the PR comments only until it knows its comment, then reads and writes it by id', async () => {
    const slot = comment();
    await slot.postUpdate(`${marker}\nplan`);
    const before = server.state.requests.length;
    for (const step of ['openings', 'cross-examination', 'audit']) await slot.postUpdate(`${marker}\n${step}`);
    await slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head });
    const since = server.state.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(since.filter((r) => r.endsWith('/issues/3/comments'))).toEqual([]);
    expect(since).toHaveLength(8); // a GET and a PATCH by id for each write
  });

  it('writes the verdict again when an update sent before it lands after it', async () => {
    const slot = comment();
    await slot.postUpdate(`${marker}\nplan`);
    // The next progress PATCH is answered only once the verdict's PATCH arrived: the verdict, sent while it is in flight, is answered first.
    server.state.faults.push({
      method: 'PATCH',
      path: /^\/repos\/octo\/widgets\/issues\/comments\/\d+$/,
      status: 200,
      pass: true,
      until: patchArrived('verdict'),
    });
    const progress = slot.postUpdate(`${marker}\nlate progress`);
    await vi.waitUntil(() => server.state.requests.some((r) => r.method === 'PATCH'), { timeout: 5_000, interval: 5 });
    await slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head });
    await progress;
    expect(body()).toBe(`${marker}\nverdict\n<!-- pr-debate:head=${head} -->`);
  });

  it('sends no update once the verdict is being written: the verdict is the last write', async () => {
    const slot = comment();
    await slot.postUpdate(`${marker}\nplan`);
    const before = server.state.requests.length;
    const verdict = slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head });
    // The tracker stops before the verdict; an update asked for anyway (a late phase tick) sends nothing.
    const late = await slot.postUpdate(`${marker}\nlate progress`);
    await verdict;
    expect(late.kept).toBe('verdict');
    const writes = server.state.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => (r.body as { body: string }).body.split('\n')[1])).toEqual(['verdict']);
    expect(body()).toBe(`${marker}\nverdict\n<!-- pr-debate:head=${head} -->`);
  });

  it('a failed update neither holds the verdict up nor replaces it', async () => {
    const slot = comment();
    await slot.postUpdate(`${marker}\nplan`);
    // The next progress PATCH is refused once the verdict's PATCH arrived: the verdict is written while it is in flight.
    server.state.faults.push({
      method: 'PATCH',
      path: /^\/repos\/octo\/widgets\/issues\/comments\/\d+$/,
      status: 422,
      until: patchArrived('verdict'),
    });
    const progress = slot.postUpdate(`${marker}\nprogress`).catch((error: unknown) => error);
    await vi.waitUntil(() => server.state.requests.some((r) => r.method === 'PATCH'), { timeout: 5_000, interval: 5 });
    const verdict = await slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head });
    expect(verdict.kept).toBeUndefined();
    expect(await progress).toMatchObject({ status: 422 });
    expect(
      server.state.requests
        .filter((r) => r.method === 'PATCH')
        .map((r) => (r.body as { body: string }).body.split('\n')[1]),
    ).toEqual(['progress', 'verdict']);
    expect(body()).toBe(`${marker}\nverdict\n<!-- pr-debate:head=${head} -->`);
  });

  it('an update that hangs holds the verdict up no longer than its request timeout, and the verdict is written after its late landing', async () => {
    // A 300 ms request timeout: the hanging PATCH fails then, and the retry plugin sends it again after its
    // production back-off (1 s), by when the verdict went out.
    const slot = createPublisher(
      createOctokit(token, server.url, () => {}, { writeSpacingMs: 0, timeoutMs: 300 }),
      { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [] },
    ).debateComment(3, marker);
    await slot.postUpdate(`${marker}\nplan`);
    // The next PATCH is answered only after 60 s, longer than this test runs: it hangs.
    server.state.faults.push({
      method: 'PATCH',
      path: /^\/repos\/octo\/widgets\/issues\/comments\/\d+$/,
      status: 200,
      pass: true,
      delayMs: 60_000,
    });
    const progress = slot.postUpdate(`${marker}\nhanging progress`);
    await vi.waitUntil(() => server.state.requests.some((r) => r.method === 'PATCH'), { timeout: 5_000, interval: 5 });
    await slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head });
    await progress;
    const patches = server.state.requests
      .filter((r) => r.method === 'PATCH')
      .map((r) => (r.body as { body: string }).body.split('\n')[1]);
    // The verdict went out while the update hung; the update's retry landed after it, so the verdict was written again.
    expect(patches).toEqual(['hanging progress', 'verdict', 'hanging progress', 'verdict']);
    expect(body()).toBe(`${marker}\nverdict\n<!-- pr-debate:head=${head} -->`);
  });

  it("a verdict GitHub refused leaves the comment to the run's failure, not kept as if a verdict were there", async () => {
    const slot = comment();
    await slot.postUpdate(`${marker}\nplan`);
    server.state.faults.push({ method: 'PATCH', path: /^\/repos\/octo\/widgets\/issues\/comments\/\d+$/, status: 422 });
    await expect(slot.postVerdict(`${marker}\nverdict`, { ours: head, current: head })).rejects.toMatchObject({
      status: 422,
    });
    const failure = await slot.postUpdate(`${marker}\nthe run failed`);
    expect(failure.kept).toBeUndefined();
    expect(body()).toBe(`${marker}\nthe run failed`);
  });

  it('creates the comment once when GitHub made it but its answer was lost: it is looked for, not posted again', async () => {
    const octokit = clientLosingAnswers(token, server.url, [
      { method: 'POST', path: /\/issues\/3\/comments$/, times: 1 },
    ]);
    const slot = createPublisher(octokit, {
      owner: 'octo',
      repo: 'widgets',
      botLogin: 'github-actions[bot]',
      secrets: [],
    }).debateComment(3, marker);
    const posted = await slot.postUpdate(`${marker}\nplan`);
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.state.comments).toMatchObject([{ id: posted.id, body: `${marker}\nplan` }]);
  });
});

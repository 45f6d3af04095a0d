import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckedCitation } from '../../src/citations/verify-citations.js';
import { createRestClients } from '../../src/github/create-rest-octokit.js';
import { canTrigger } from '../../src/github/check-permission.js';
import { createReviewThreadsClient, type ReviewThreadsClient } from '../../src/github/review-threads.js';
import { placeOnDiff, type PlannedThread, type ThreadPlacement } from '../../src/threads/plan-threads.js';
import { publishThreads } from '../../src/threads/publish-threads.js';
import { describeRefusedThreads, refreshThreads } from '../../src/threads/refresh-threads.js';
import { readThreadMarker } from '../../src/threads/render-thread.js';
import type { ChangedFile } from '../../src/evidence/evidence-types.js';
import { diffLines } from '../support/github-server.js';
import { startGitHubServer, type FakePullRequest, type GitHubServer } from '../support/github-server.js';
import { clientLosingAnswers } from '../support/lost-answers.js';
import { NO_WAITS } from '../support/no-waits.js';

/**
 * The review threads against the local GitHub server's review endpoints (issue #34), through the real
 * Octokit: one review per run, updates in place, a moved line replaced, a thread a person replied in
 * never deleted, a line GitHub refuses placed on its file instead, and the planner's placement always
 * one GitHub accepts.
 */
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const patch =
  '@@ -1,4 +1,5 @@\n one\n-two\n+two, changed\n+two and a half\n three\n four\n@@ -20,3 +21,3 @@\n twenty\n-twenty-one\n+twenty-one, changed\n twenty-two';
const headText = [
  'one',
  'two, changed',
  'two and a half',
  'three',
  'four',
  ...Array.from({ length: 15 }, (_, i) => `line ${i + 6}`),
  'twenty',
  'twenty-one, changed',
  'twenty-two',
].join('\n');

function pull(): FakePullRequest {
  return {
    number: 7,
    title: 'A change',
    body: null,
    user: { login: 'contributor' },
    head: { sha: HEAD, ref: 'topic' },
    base: { sha: BASE, ref: 'main' },
    files: [
      { sha: 'c'.repeat(40), filename: 'src/a.ts', status: 'modified', additions: 3, deletions: 2, changes: 5, patch },
    ],
    diff: '',
    readFile: (sha, path) => (path === 'src/a.ts' && sha === HEAD ? Buffer.from(headText) : undefined),
  };
}

const citation = (line_start: number, line_end = line_start, side: 'head' | 'base' = 'head'): CheckedCitation => ({
  path: 'src/a.ts',
  side,
  line_start,
  line_end,
  quote: 'x',
  check: { status: 'verified', sidePath: 'src/a.ts', lines: [] },
});
const changed: ChangedFile[] = [
  {
    path: 'src/a.ts',
    previousPath: undefined,
    status: 'modified',
    additions: 3,
    deletions: 2,
    patch,
    patchSource: 'file-list',
  },
];

function thread(key: string, c: CheckedCitation, lines: string[]): PlannedThread {
  return {
    key,
    positionId: key[0]!,
    role: key.includes('defeat') ? 'defeating' : 'decisive',
    status: 'survived',
    claim: `claim of ${key}`,
    citation: c,
    lines,
    placement: placeOnDiff(c, changed),
  };
}

describe('review threads on the local GitHub server (issue #34)', () => {
  let github: GitHubServer;
  let client: ReviewThreadsClient;
  const target = () => ({
    pullNumber: 7,
    headSha: HEAD,
    debateId: '0123456789abcdef',
    botLogin: 'github-actions[bot]',
    positions: [
      { id: 'A', label: 'Keep it', model: 'm' },
      { id: 'B', label: 'Drop it', model: 'm' },
    ],
    context: {
      id: '0123456789abcdef',
      serverUrl: 'https://github.com',
      owner: 'o',
      repo: 'r',
      headSha: HEAD,
      baseSha: BASE,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: HEAD,
    },
    verdictUrl: 'https://github.com/o/r/pull/7#issuecomment-1',
  });
  beforeAll(async () => {
    github = await startGitHubServer({
      repositories: [
        { owner: 'o', name: 'r', pulls: [pull()], permissions: { maintainer: 'write', outsider: 'read' } },
      ],
      token: 'bot-token',
      tokens: { 'person-token': 'maintainer', 'outsider-token': 'outsider' },
    });
    client = createReviewThreadsClient(
      createRestClients('bot-token', github.url, () => undefined, 'test', NO_WAITS).writes,
      { owner: 'o', repo: 'r' },
    );
  });
  afterAll(async () => github?.close());
  beforeEach(() => {
    github.state.reviews.reviews.length = 0;
    github.state.reviews.reviewComments.length = 0;
    github.state.reviews.threads.length = 0;
  });
  const comments = () => github.state.reviews.reviewComments;
  const keyOf = (body: string) => readThreadMarker(body)?.key;

  it('posts every line comment in one COMMENT review, a file-level one for lines outside the diff, and nothing for a file the PR does not change', async () => {
    const outside: CheckedCitation = {
      ...citation(3),
      path: 'docs/rfc.md',
      check: { status: 'verified', sidePath: 'docs/rfc.md', lines: ['x'] },
    };
    const planned = [
      thread('A', citation(2, 3), ['two, changed', 'two and a half']),
      thread('B', citation(10), ['line 10']),
      thread('B.defeat.1', citation(2, 2, 'base'), ['two']),
      { ...thread('A.defeat.1', outside, ['x']) },
    ];
    expect(planned.map((t) => t.placement.kind)).toEqual(['line', 'file', 'line', 'none']);
    const outcome = await publishThreads(client, target(), planned);
    expect(outcome).toMatchObject({ inline: 2, fileLevel: 1, verdictOnly: 1, writes: 2 });
    expect(github.state.reviews.reviews).toHaveLength(1);
    expect(github.state.reviews.reviews[0]!.state).toBe('COMMENTED');
    expect(comments().map((c) => [keyOf(c.body), c.subject_type, c.side, c.start_line, c.line])).toEqual([
      ['A', 'line', 'RIGHT', 2, 3],
      ['B.defeat.1', 'line', 'LEFT', null, 2],
      ['B', 'file', null, null, null],
    ]);
    // A second run with the same plan writes nothing.
    expect((await publishThreads(client, target(), planned)).writes).toBe(0);
    expect(comments()).toHaveLength(3);
  });

  it('sends the review once: one whose answer was lost is looked for, not posted again; one GitHub did not make is posted again', async () => {
    const planned = [thread('A', citation(2), ['two, changed'])];
    const posts = () =>
      github.state.requests.filter((r) => r.method === 'POST' && r.path === '/repos/o/r/pulls/7/reviews').length;
    // GitHub posted the review, but its answer was lost (the connection dropped after the write).
    const before = posts();
    const losing = createReviewThreadsClient(
      clientLosingAnswers('bot-token', github.url, [{ method: 'POST', path: /\/pulls\/7\/reviews$/, times: 1 }]),
      { owner: 'o', repo: 'r' },
    );
    expect((await publishThreads(losing, target(), planned)).inline).toBe(1);
    expect(posts() - before).toBe(1);
    expect(github.state.reviews.reviews).toHaveLength(1);
    // GitHub answered 502 and made nothing: looked for, not found, posted again.
    github.state.reviews.reviews.length = 0;
    github.state.reviews.reviewComments.length = 0;
    github.state.faults.push({ method: 'POST', path: '/repos/o/r/pulls/7/reviews', status: 502 });
    const again = posts();
    await publishThreads(client, target(), planned);
    expect(posts() - again).toBe(2);
    expect(github.state.reviews.reviews).toHaveLength(1);
    expect(comments().map((c) => keyOf(c.body))).toEqual(['A']);
  });

  it('updates a comment in place when only its text changed, and replaces one whose line moved', async () => {
    await publishThreads(client, target(), [
      thread('A', citation(2), ['two, changed']),
      thread('B', citation(22), ['twenty-one, changed']),
    ]);
    const before = new Map(comments().map((c) => [keyOf(c.body), c.id]));
    const outcome = await publishThreads(
      client,
      { ...target(), verdictUrl: 'https://github.com/o/r/pull/7#issuecomment-2' },
      [thread('A', citation(3), ['two and a half']), thread('B', citation(22), ['twenty-one, changed'])],
    );
    expect(outcome).toMatchObject({ inline: 1, updated: 1, retired: 1 });
    expect(comments()).toHaveLength(2);
    expect(comments().find((c) => keyOf(c.body) === 'B')!.id).toBe(before.get('B'));
    expect(comments().find((c) => keyOf(c.body) === 'A')!.line).toBe(3);
    expect(comments().find((c) => keyOf(c.body) === 'A')!.id).not.toBe(before.get('A'));
  });

  it('never deletes a thread a person replied in: it is marked outdated, and the new line gets its own comment', async () => {
    await publishThreads(client, target(), [thread('A', citation(2), ['two, changed'])]);
    const first = comments()[0]!;
    const reply = await fetch(`${github.url}/repos/o/r/pulls/7/comments`, {
      method: 'POST',
      headers: { authorization: 'token person-token', 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Not so fast.', in_reply_to: first.id }),
    });
    expect(reply.status).toBe(201);
    await publishThreads(client, target(), [thread('A', citation(3), ['two and a half'])]);
    expect(comments().find((c) => c.id === first.id)!.body).toContain('**Outdated**');
    expect(comments().filter((c) => keyOf(c.body) === 'A')).toHaveLength(2);
  });

  it('places a comment on its file when GitHub refuses its line (the whole review is refused, nothing is lost)', async () => {
    const wrong: PlannedThread = {
      ...thread('A', citation(10), ['line 10']),
      placement: { kind: 'line', path: 'src/a.ts', side: 'RIGHT', line: 10, startLine: undefined },
    };
    const outcome = await publishThreads(client, target(), [wrong, thread('B', citation(2), ['two, changed'])]);
    expect(outcome).toMatchObject({ inline: 0, fileLevel: 2 });
    expect(comments().map((c) => c.subject_type)).toEqual(['file', 'file']);
  });

  it("after a push, resolves the thread whose cited text is gone, keeps the one whose text holds, and leaves one a maintainer replied in open; an outsider's reply keeps none open (issue #38)", async () => {
    await publishThreads(client, target(), [
      thread('A', citation(2), ['two, changed']),
      thread('B', citation(22), ['twenty-one, changed']),
      thread('B.defeat.1', citation(3), ['two and a half']),
    ]);
    const [a, b, d] = ['A', 'B', 'B.defeat.1'].map((k) => comments().find((c) => keyOf(c.body) === k)!);
    const reply = (token: string, id: number) =>
      fetch(`${github.url}/repos/o/r/pulls/7/comments`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'Hm.', in_reply_to: id }),
      });
    await reply('person-token', d!.id);
    await reply('outsider-token', a!.id);
    const pushed = {
      ...client,
      readFile: async () => headText.replace('two, changed', 'two, reverted').replace('two and a half', ''),
    };
    const canWrite = async (login: string) =>
      (
        await canTrigger(
          createRestClients('bot-token', github.url, () => undefined, 'test', NO_WAITS).reads,
          { owner: 'o', repo: 'r' },
          login,
        )
      ).allowed;
    const outcome = await refreshThreads(pushed, {
      pullNumber: 7,
      headSha: 'f'.repeat(40),
      botLogin: 'github-actions[bot]',
      resolution: 'outdated',
      canWrite,
    });
    expect(outcome).toEqual({ checked: 3, outdated: 2, resolved: 1, leftOpen: 1, refused: undefined });
    const resolved = (id: number) => github.state.reviews.threads.find((t) => t.comment_ids[0] === id)!.isResolved;
    expect([resolved(a!.id), resolved(b!.id), resolved(d!.id)]).toEqual([true, false, false]);
    // humans-resolve: marked, never resolved; a second pass changes nothing.
    const again = await refreshThreads(pushed, {
      pullNumber: 7,
      headSha: 'f'.repeat(40),
      botLogin: 'github-actions[bot]',
      resolution: 'humans-resolve',
      canWrite,
    });
    expect(again).toEqual({ checked: 2, outdated: 0, resolved: 0, leftOpen: 1, refused: undefined });
  });

  it('with contents: read (the documented workflows), GitHub refuses to resolve: every outdated thread is still marked, one refusal is asked, and the warning names the permission', async () => {
    const narrow = await startGitHubServer({
      repositories: [{ owner: 'o', name: 'r', pulls: [pull()] }],
      token: 'bot-token',
      botPermissions: { contents: 'read' },
    });
    try {
      const narrowClient = createReviewThreadsClient(
        createRestClients('bot-token', narrow.url, () => undefined, 'test', NO_WAITS).writes,
        { owner: 'o', repo: 'r' },
      );
      await publishThreads(narrowClient, target(), [
        thread('A', citation(2), ['two, changed']),
        thread('B', citation(3), ['two and a half']),
        thread('C', citation(22), ['twenty-one, changed']),
      ]);
      const asked = () =>
        narrow.state.requests.filter(
          (r) => r.path === '/graphql' && JSON.stringify(r.body).includes('resolveReviewThread'),
        ).length;
      const pushed = {
        ...narrowClient,
        readFile: async () =>
          headText
            .replace('two, changed', 'two, reverted')
            .replace('two and a half', '')
            .replace('twenty-one, changed', 'twenty-one'),
      };
      const outcome = await refreshThreads(pushed, {
        pullNumber: 7,
        headSha: 'f'.repeat(40),
        botLogin: 'github-actions[bot]',
        resolution: 'outdated',
        canWrite: async () => false,
      });
      expect(outcome).toMatchObject({ checked: 3, outdated: 3, resolved: 0, leftOpen: 3, refused: { threads: 3 } });
      expect(narrow.state.reviews.reviewComments.map((c) => c.body.includes('**Outdated**'))).toEqual([
        true,
        true,
        true,
      ]);
      expect(narrow.state.reviews.threads.map((t) => t.isResolved)).toEqual([false, false, false]);
      expect(asked()).toBe(1);
      expect(describeRefusedThreads(outcome)).toBe(
        '3 outdated pr-debate review threads are left to people: GitHub refused resolveReviewThread (Resource not accessible by integration); it needs `contents: write`. ' +
          "Add it to the gate job's permissions, or set resolve-review-threads: humans-resolve.",
      );
    } finally {
      await narrow.close();
    }
  });

  it('places a citation on a diff line only when GitHub accepts that line (property over the patch)', () => {
    const accepted = diffLines(patch);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (start, span, base) => {
          const placement: ThreadPlacement = placeOnDiff(
            citation(start, start + span, base ? 'base' : 'head'),
            changed,
          );
          if (placement.kind !== 'line') return;
          const side = accepted[placement.side];
          expect(side.has(placement.line)).toBe(true);
          if (placement.startLine !== undefined) expect(side.get(placement.startLine)).toBe(side.get(placement.line));
        },
      ),
    );
  });
});

import { getOctokit } from '@actions/github';
import { RequestError } from '@octokit/request-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubServer } from './github-server.js';
import type { FakePullRequest, GitHubServer, PullRequestFileFixture } from './github-server.js';

const TOKEN = 'ghs_test_bot_token';
const HUMAN_TOKEN = 'ghp_test_human_token';
const OWNER = 'acme';
const REPO = 'widgets';
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);

/** A PR with `count` one-line changes; contents differ between head and base. */
function syntheticPull(number: number, count: number, extra: Partial<FakePullRequest> = {}): FakePullRequest {
  const files: PullRequestFileFixture[] = Array.from({ length: count }, (_, i) => ({
    sha: i.toString(16).padStart(40, '0'),
    filename: `src/file-${String(i).padStart(4, '0')}.ts`,
    status: 'modified',
    additions: 1,
    deletions: 1,
    changes: 2,
    patch: `@@ -1 +1 @@\n-old ${i}\n+new ${i}`,
  }));
  const head = new Map<string, Buffer>([
    ['docs/café notes.md', Buffer.from('# Café\n\nhead side ☕\n')],
    ['bin/blob.dat', Buffer.from([0, 1, 2, 255, 254])],
    ['big.txt', Buffer.alloc(1024 * 1024 + 1, 'x')],
    ['long.txt', Buffer.from('0123456789'.repeat(20))],
  ]);
  const base = new Map<string, Buffer>([['docs/café notes.md', Buffer.from('# Cafe\n\nbase side\n')]]);
  return {
    number,
    title: `Synthetic PR #${number}`,
    body: 'A body with **markdown**.',
    user: { login: 'alice' },
    head: { sha: HEAD, ref: `feature-${number}` },
    base: { sha: BASE, ref: 'main' },
    files,
    diff: files
      .map(
        (f) =>
          `diff --git a/${f.filename} b/${f.filename}\n--- a/${f.filename}\n+++ b/${f.filename}\n${f.patch ?? ''}\n`,
      )
      .join(''),
    readFile: (sha, path) => (sha === HEAD ? head.get(path) : sha === BASE ? base.get(path) : undefined),
    ...extra,
  };
}

let server: GitHubServer;
let octokit: ReturnType<typeof getOctokit>;
let human: ReturnType<typeof getOctokit>;

beforeAll(async () => {
  server = await startGitHubServer({
    token: TOKEN,
    tokens: { [HUMAN_TOKEN]: 'alice' },
    serverUrl: 'https://github.example.com',
    repositories: [
      {
        owner: OWNER,
        name: REPO,
        permissions: { alice: 'write', bob: 'maintain', carol: 'triage' },
        pulls: [
          syntheticPull(1, 250),
          syntheticPull(2, 3100),
          syntheticPull(3, 2, { diffTooLarge: true }),
          syntheticPull(4, 2, { diffTooLarge: false, files: syntheticPull(4, 301).files }),
        ],
      },
      { owner: OWNER, name: 'secret', private: true, permissions: { alice: 'read' }, pulls: [syntheticPull(1, 1)] },
    ],
  });
  octokit = getOctokit(TOKEN, { baseUrl: server.url });
  human = getOctokit(HUMAN_TOKEN, { baseUrl: server.url });
});

afterAll(async () => {
  await server.close();
});

/** The rejection of `promise`, which must be an Octokit `RequestError`. */
async function requestError(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

const repo = { owner: OWNER, repo: REPO };

describe('repository and pull request', () => {
  it('answers GET /repos/{owner}/{repo} with GitHub headers', async () => {
    const response = await octokit.rest.repos.get(repo);
    expect(response.data).toMatchObject({
      name: REPO,
      full_name: `${OWNER}/${REPO}`,
      owner: { login: OWNER, type: 'User' },
      private: false,
      default_branch: 'main',
      html_url: `https://github.example.com/${OWNER}/${REPO}`,
    });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-github-request-id']).toMatch(
      /^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/,
    );
    expect(response.headers['x-ratelimit-limit']).toBe('5000');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(5000);
    expect(response.headers['x-ratelimit-resource']).toBe('core');
  });

  it('serves the pull request JSON with totals over all files', async () => {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: 2 });
    expect(data).toMatchObject({
      number: 2,
      title: 'Synthetic PR #2',
      body: 'A body with **markdown**.',
      state: 'open',
      draft: false,
      user: { login: 'alice', type: 'User' },
      head: {
        sha: HEAD,
        ref: 'feature-2',
        label: `${OWNER}:feature-2`,
        repo: { full_name: `${OWNER}/${REPO}`, fork: false },
      },
      base: { sha: BASE, ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
      html_url: `https://github.example.com/${OWNER}/${REPO}/pull/2`,
      url: `${server.url}/repos/${OWNER}/${REPO}/pulls/2`,
      changed_files: 3100,
      additions: 3100,
      deletions: 3100,
      commits: 1,
      author_association: 'COLLABORATOR',
    });
  });

  it('answers 404 with GitHub’s body for an unknown pull request', async () => {
    const error = await requestError(octokit.rest.pulls.get({ ...repo, pull_number: 99 }));
    expect(error.status).toBe(404);
    expect(error.response?.data).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
      status: '404',
    });
  });
});

describe('pull request files', () => {
  it('paginates 250 files over 3 pages with GitHub’s Link header', async () => {
    const before = server.state.requests.length;
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: 1, per_page: 100 });
    expect(files).toHaveLength(250);
    expect(files.map((f) => f.filename)).toEqual(syntheticPull(1, 250).files.map((f) => f.filename));
    const pages = server.state.requests.slice(before).filter((r) => r.path === `/repos/${OWNER}/${REPO}/pulls/1/files`);
    expect(pages.map((r) => r.query)).toEqual([
      { per_page: '100' },
      { per_page: '100', page: '2' },
      { per_page: '100', page: '3' },
    ]);

    const base = `${server.url}/repos/${OWNER}/${REPO}/pulls/1/files`;
    const first = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1, per_page: 100 });
    expect(first.headers.link).toBe(
      `<${base}?per_page=100&page=2>; rel="next", <${base}?per_page=100&page=3>; rel="last"`,
    );
    const middle = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1, per_page: 100, page: 2 });
    expect(middle.headers.link).toBe(
      `<${base}?per_page=100&page=1>; rel="prev", <${base}?per_page=100&page=3>; rel="next", ` +
        `<${base}?per_page=100&page=3>; rel="last", <${base}?per_page=100&page=1>; rel="first"`,
    );
    const last = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1, per_page: 100, page: 3 });
    expect(last.data).toHaveLength(50);
    expect(last.headers.link).toBe(
      `<${base}?per_page=100&page=2>; rel="prev", <${base}?per_page=100&page=1>; rel="first"`,
    );
  });

  it('shapes each file like GitHub and fills in its URLs', async () => {
    const { data } = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1 });
    expect(data).toHaveLength(30);
    expect(data[0]).toEqual({
      sha: '0'.repeat(40),
      filename: 'src/file-0000.ts',
      status: 'modified',
      additions: 1,
      deletions: 1,
      changes: 2,
      patch: '@@ -1 +1 @@\n-old 0\n+new 0',
      blob_url: `https://github.example.com/${OWNER}/${REPO}/blob/${HEAD}/src/file-0000.ts`,
      raw_url: `https://github.example.com/${OWNER}/${REPO}/raw/${HEAD}/src/file-0000.ts`,
      contents_url: `${server.url}/repos/${OWNER}/${REPO}/contents/src/file-0000.ts?ref=${HEAD}`,
    });
  });

  it('caps the listing at 3,000 files, as GitHub does', async () => {
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: 2, per_page: 100 });
    expect(files).toHaveLength(3000);
    expect(files.at(-1)?.filename).toBe('src/file-2999.ts');
    const beyond = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 2, per_page: 100, page: 31 });
    expect(beyond.data).toEqual([]);
  });
});

describe('diff media type', () => {
  it('returns the diff as text for vnd.github.diff and vnd.github.v3.diff', async () => {
    const viaFormat = await octokit.rest.pulls.get({ ...repo, pull_number: 1, mediaType: { format: 'diff' } });
    expect(viaFormat.data).toBe(syntheticPull(1, 250).diff);
    expect(viaFormat.headers['content-type']).toBe('application/vnd.github.v3.diff; charset=utf-8');
    const viaAccept = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: 1,
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(viaAccept.data).toBe(syntheticPull(1, 250).diff);
  });

  it('answers 406 too_large when the PR says so, or past 300 files', async () => {
    for (const pullNumber of [3, 2]) {
      const error = await requestError(
        octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } }),
      );
      expect(error.status).toBe(406);
      expect(error.response?.data).toEqual({
        message:
          "Sorry, the diff exceeded the maximum number of files (300). Consider using 'List pull requests files' API or locally cloning the repository instead.",
        errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
        status: '406',
      });
    }
    const forced = await octokit.rest.pulls.get({ ...repo, pull_number: 4, mediaType: { format: 'diff' } });
    expect(typeof forced.data).toBe('string');
  });
});

describe('contents', () => {
  const path = 'docs/café notes.md';

  it('returns raw bytes for vnd.github.raw and its variants', async () => {
    for (const accept of [
      'application/vnd.github.raw',
      'application/vnd.github.raw+json',
      'application/vnd.github.v3.raw',
    ]) {
      const response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...repo,
        path,
        ref: HEAD,
        headers: { accept },
      });
      expect(response.data).toBe('# Café\n\nhead side ☕\n');
    }
    const base = await octokit.rest.repos.getContent({ ...repo, path, ref: BASE, mediaType: { format: 'raw' } });
    expect(base.data).toBe('# Cafe\n\nbase side\n');
  });

  it('returns JSON with base64 wrapped at 60 characters', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: 'long.txt', ref: HEAD });
    if (Array.isArray(data) || data.type !== 'file') throw new Error('expected a file');
    expect(data).toMatchObject({ type: 'file', encoding: 'base64', size: 200, name: 'long.txt', path: 'long.txt' });
    const lines = data.content.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -2).every((line) => line.length === 60)).toBe(true);
    expect(Buffer.from(data.content, 'base64').toString('utf8')).toBe('0123456789'.repeat(20));
    expect(data.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(data.html_url).toBe(`https://github.example.com/${OWNER}/${REPO}/blob/${HEAD}/long.txt`);

    const binary = await octokit.rest.repos.getContent({ ...repo, path: 'bin/blob.dat', ref: HEAD });
    if (Array.isArray(binary.data) || binary.data.type !== 'file') throw new Error('expected a file');
    expect([...Buffer.from(binary.data.content, 'base64')]).toEqual([0, 1, 2, 255, 254]);
  });

  it('sends no content in JSON for files over 1 MB', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: 'big.txt', ref: HEAD });
    expect(data).toMatchObject({ encoding: 'none', content: '', size: 1024 * 1024 + 1 });
  });

  it('answers 404 with GitHub’s body for a missing file or a file absent at that ref', async () => {
    for (const [file, ref] of [
      ['nope.md', HEAD],
      ['long.txt', BASE],
    ] as const) {
      const error = await requestError(octokit.rest.repos.getContent({ ...repo, path: file, ref }));
      expect(error.status).toBe(404);
      expect(error.response?.data).toEqual({
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
        status: '404',
      });
    }
  });

  it('resolves branch names and the default branch', async () => {
    const byBranch = await octokit.rest.repos.getContent({
      ...repo,
      path,
      ref: 'feature-1',
      mediaType: { format: 'raw' },
    });
    expect(byBranch.data).toBe('# Café\n\nhead side ☕\n');
    const byDefault = await octokit.rest.repos.getContent({ ...repo, path, mediaType: { format: 'raw' } });
    expect(byDefault.data).toBe('# Cafe\n\nbase side\n');
  });
});

describe('issue comments', () => {
  it('creates, lists, updates and deletes comments', async () => {
    const created = await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'first' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      body: 'first',
      user: { login: 'github-actions[bot]', type: 'Bot', id: 41898282 },
      html_url: `https://github.example.com/${OWNER}/${REPO}/pull/1#issuecomment-${created.data.id}`,
      issue_url: `${server.url}/repos/${OWNER}/${REPO}/issues/1`,
      author_association: 'NONE',
    });
    expect(created.data.node_id).toEqual(expect.any(String));
    expect(created.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const fromHuman = await human.rest.issues.createComment({ ...repo, issue_number: 1, body: '/debate A vs B' });
    expect(fromHuman.data.user).toMatchObject({ login: 'alice', type: 'User' });
    expect(fromHuman.data.author_association).toBe('COLLABORATOR');
    for (const body of ['third', 'fourth']) await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body });

    const listed = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: 1, per_page: 3 });
    expect(listed.map((c) => c.body)).toEqual(['first', '/debate A vs B', 'third', 'fourth']);

    const updated = await octokit.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: 'edited' });
    expect(updated.status).toBe(200);
    expect(updated.data.body).toBe('edited');
    const fetched = await octokit.rest.issues.getComment({ ...repo, comment_id: created.data.id });
    expect(fetched.data.body).toBe('edited');

    const deleted = await octokit.rest.issues.deleteComment({ ...repo, comment_id: created.data.id });
    expect(deleted.status).toBe(204);
    expect(server.state.comments.map((c) => c.body)).toEqual(['/debate A vs B', 'third', 'fourth']);
    const gone = await requestError(octokit.rest.issues.getComment({ ...repo, comment_id: created.data.id }));
    expect(gone.status).toBe(404);
  });

  it('answers 422 for a body over 65,536 characters and accepts exactly 65,536', async () => {
    const ok = await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'x'.repeat(65_536) });
    expect(ok.status).toBe(201);
    const error = await requestError(
      octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'x'.repeat(65_537) }),
    );
    expect(error.status).toBe(422);
    expect(error.response?.data).toEqual({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: 'body is too long (maximum is 65536 characters)',
        },
      ],
      documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
      status: '422',
    });
    const tooLongEdit = await requestError(
      octokit.rest.issues.updateComment({ ...repo, comment_id: ok.data.id, body: 'é'.repeat(65_537) }),
    );
    expect(tooLongEdit.status).toBe(422);
  });

  it('records reactions and rolls them up on the comment', async () => {
    const comment = await human.rest.issues.createComment({ ...repo, issue_number: 1, body: '/debate' });
    const first = await octokit.rest.reactions.createForIssueComment({
      ...repo,
      comment_id: comment.data.id,
      content: 'eyes',
    });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ content: 'eyes', user: { login: 'github-actions[bot]' } });
    const again = await octokit.rest.reactions.createForIssueComment({
      ...repo,
      comment_id: comment.data.id,
      content: 'eyes',
    });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    await human.rest.reactions.createForIssueComment({ ...repo, comment_id: comment.data.id, content: '+1' });

    const listed = await octokit.rest.reactions.listForIssueComment({ ...repo, comment_id: comment.data.id });
    expect(listed.data.map((r) => r.content)).toEqual(['eyes', '+1']);
    const fetched = await octokit.rest.issues.getComment({ ...repo, comment_id: comment.data.id });
    expect(fetched.data.reactions).toMatchObject({ total_count: 2, eyes: 1, '+1': 1 });

    const invalid = await requestError(
      octokit.request(`POST /repos/${OWNER}/${REPO}/issues/comments/${comment.data.id}/reactions`, {
        content: 'thumbsup',
      }),
    );
    expect(invalid.status).toBe(422);

    await octokit.rest.reactions.deleteForIssueComment({
      ...repo,
      comment_id: comment.data.id,
      reaction_id: first.data.id,
    });
    expect(server.state.reactions.filter((r) => r.commentId === comment.data.id).map((r) => r.content)).toEqual(['+1']);
  });
});

describe('permissions', () => {
  it('maps roles to GitHub’s permission and role_name', async () => {
    const cases = [
      ['alice', 'write', 'write'],
      ['bob', 'write', 'maintain'],
      ['carol', 'read', 'triage'],
      [OWNER, 'admin', 'admin'],
      ['stranger', 'none', 'none'],
    ] as const;
    for (const [username, permission, role] of cases) {
      const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
      expect(data).toMatchObject({ permission, role_name: role, user: { login: username } });
    }
  });

  it('hides non-collaborators of a private repository, and the repository from strangers', async () => {
    const error = await requestError(
      octokit.rest.repos.getCollaboratorPermissionLevel({ owner: OWNER, repo: 'secret', username: 'stranger' }),
    );
    expect(error.status).toBe(404);
    const reader = await human.rest.repos.get({ owner: OWNER, repo: 'secret' });
    expect(reader.data.private).toBe(true);
  });
});

describe('check runs', () => {
  it('creates, updates and lists check runs for a ref', async () => {
    const created = await octokit.rest.checks.create({
      ...repo,
      name: 'pr-debate',
      head_sha: HEAD,
      status: 'in_progress',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'pr-debate', head_sha: HEAD, status: 'in_progress', conclusion: null });
    expect(created.data.pull_requests.map((p) => p.number)).toEqual([1, 2, 3, 4]);

    const updated = await octokit.rest.checks.update({
      ...repo,
      check_run_id: created.data.id,
      conclusion: 'success',
      output: {
        title: 'Decision recorded',
        summary: 'Position A survived.',
        annotations: [{ path: 'src/a.ts', start_line: 1, end_line: 2, annotation_level: 'notice', message: 'cited' }],
      },
    });
    expect(updated.data).toMatchObject({
      status: 'completed',
      conclusion: 'success',
      output: { title: 'Decision recorded', summary: 'Position A survived.', annotations_count: 1 },
    });
    expect(updated.data.completed_at).toEqual(expect.any(String));

    const listed = await octokit.rest.checks.listForRef({ ...repo, ref: HEAD, check_name: 'pr-debate' });
    expect(listed.data.total_count).toBe(1);
    expect(listed.data.check_runs[0]?.id).toBe(created.data.id);
    expect(server.state.checkRuns).toHaveLength(1);
    expect(server.state.checkRunAnnotations).toMatchObject([{ checkRunId: created.data.id, path: 'src/a.ts' }]);
  });

  it('refuses check runs from a personal token and unknown SHAs', async () => {
    const fromHuman = await requestError(human.rest.checks.create({ ...repo, name: 'x', head_sha: HEAD }));
    expect(fromHuman.status).toBe(403);
    const unknownSha = await requestError(octokit.rest.checks.create({ ...repo, name: 'x', head_sha: 'c'.repeat(40) }));
    expect(unknownSha.status).toBe(422);
    expect((unknownSha.response?.data as { message: string }).message).toBe(
      `No commit found for SHA: ${'c'.repeat(40)}`,
    );
  });
});

describe('authentication and unknown routes', () => {
  it('answers 401 Bad credentials for a wrong token', async () => {
    const stranger = getOctokit('ghp_wrong', { baseUrl: server.url });
    const error = await requestError(stranger.rest.repos.get(repo));
    expect(error.status).toBe(401);
    expect(error.response?.data).toEqual({
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    });
  });

  it('accepts Bearer as well as token', async () => {
    const response = await fetch(`${server.url}/repos/${OWNER}/${REPO}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const anonymous = await fetch(`${server.url}/repos/${OWNER}/${REPO}`);
    expect(anonymous.status).toBe(401);
  });

  it('answers GitHub’s generic 404 for anything else', async () => {
    const error = await requestError(
      octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...repo, pull_number: 1 }),
    );
    expect(error.status).toBe(404);
    expect(error.response?.data).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404',
    });
  });

  it('records requests with parsed JSON bodies', async () => {
    await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'recorded' });
    const last = server.state.requests.at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      path: `/repos/${OWNER}/${REPO}/issues/1/comments`,
      body: { body: 'recorded' },
    });
    expect(last?.headers.authorization).toBe(`token ${TOKEN}`);
  });
});

describe('fault injection', () => {
  it('answers matching requests with the fault, then recovers', async () => {
    server.state.faults.push({
      method: 'GET',
      path: /\/pulls\/1\/files$/,
      status: 502,
      body: { message: 'Server Error' },
      headers: { 'retry-after': '1' },
      times: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const error = await requestError(octokit.rest.pulls.listFiles({ ...repo, pull_number: 1 }));
      expect(error.status).toBe(502);
      expect(error.response?.data).toEqual({ message: 'Server Error' });
      expect(error.response?.headers['retry-after']).toBe('1');
    }
    expect(server.state.faults).toHaveLength(0);
    const ok = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 1 });
    expect(ok.status).toBe(200);
  });

  it('matches exact paths and methods and gives a default error body', async () => {
    server.state.faults.push({ method: 'POST', path: `/repos/${OWNER}/${REPO}/issues/1/comments`, status: 403 });
    const read = await octokit.rest.issues.listComments({ ...repo, issue_number: 1 });
    expect(read.status).toBe(200);
    const error = await requestError(octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'x' }));
    expect(error.status).toBe(403);
    expect(error.response?.data).toEqual({
      message: 'Forbidden',
      documentation_url: 'https://docs.github.com/rest',
      status: '403',
    });
  });

  it('can drop the connection', async () => {
    server.state.faults.push({ path: `/repos/${OWNER}/${REPO}`, status: 0, destroy: true });
    const error = await requestError(octokit.rest.repos.get(repo));
    expect(error.status).toBe(500);
    const ok = await octokit.rest.repos.get(repo);
    expect(ok.status).toBe(200);
  });
});

describe('lifecycle', () => {
  it('closes promptly with keep-alive connections open', async () => {
    const other = await startGitHubServer({ token: TOKEN, repositories: [] });
    const client = getOctokit(TOKEN, { baseUrl: other.url });
    await requestError(client.rest.repos.get(repo));
    // The client's keep-alive connection is still open (60 s on this server): closing does not wait for it.
    await other.close();
    const error = await requestError(client.rest.repos.get(repo));
    expect(error.status).toBe(500);
  });

  it('writes Link URLs in the /repositories/{id} form on request, and serves them', async () => {
    const other = await startGitHubServer({
      token: TOKEN,
      linkStyle: 'repositories',
      repositories: [{ owner: OWNER, name: REPO, pulls: [syntheticPull(1, 250)] }],
    });
    try {
      const client = getOctokit(TOKEN, { baseUrl: other.url });
      const files = await client.paginate(client.rest.pulls.listFiles, { ...repo, pull_number: 1, per_page: 100 });
      expect(files).toHaveLength(250);
      expect(other.state.requests.map((r) => r.path)).toEqual([
        `/repos/${OWNER}/${REPO}/pulls/1/files`,
        expect.stringMatching(/^\/repositories\/\d+\/pulls\/1\/files$/),
        expect.stringMatching(/^\/repositories\/\d+\/pulls\/1\/files$/),
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('GraphQL blobs', () => {
  const blobs = (paths: string[], fields: string, owner = OWNER, name = REPO) =>
    octokit.graphql<{ repository: Record<string, unknown> | null }>(
      `query($owner: String!, $name: String!${paths.map((_, i) => `, $e${i}: String!`).join('')}) {\n  repository(owner: $owner, name: $name) {\n${paths
        .map((_, i) => `    f${i}: object(expression: $e${i}) { __typename ... on Blob { ${fields} } }`)
        .join('\n')}\n  }\n}`,
      { owner, name, ...Object.fromEntries(paths.map((p, i) => [`e${i}`, p])) },
    );

  it('answers repository.object(expression:) with Blob sizes, binary flags and texts, and null for what is not there', async () => {
    const data = await blobs(
      [
        `${HEAD}:docs/café notes.md`,
        `${BASE}:docs/café notes.md`,
        `${HEAD}:bin/blob.dat`,
        `${HEAD}:nope.md`,
        'main:docs/café notes.md',
      ],
      'byteSize isBinary isTruncated text',
    );
    expect(data.repository).toEqual({
      f0: {
        __typename: 'Blob',
        byteSize: Buffer.byteLength('# Café\n\nhead side ☕\n'),
        isBinary: false,
        isTruncated: false,
        text: '# Café\n\nhead side ☕\n',
      },
      f1: { __typename: 'Blob', byteSize: 18, isBinary: false, isTruncated: false, text: '# Cafe\n\nbase side\n' },
      f2: { __typename: 'Blob', byteSize: 5, isBinary: true, isTruncated: false, text: null },
      f3: null,
      f4: { __typename: 'Blob', byteSize: 18, isBinary: false, isTruncated: false, text: '# Cafe\n\nbase side\n' },
    });
    const sizes = await blobs([`${HEAD}:long.txt`], 'byteSize isBinary');
    expect(sizes.repository).toEqual({ f0: { __typename: 'Blob', byteSize: 200, isBinary: false } });
  });

  it('answers errors as GitHub does: NOT_FOUND for a repository, an error for a query it cannot run', async () => {
    await expect(blobs([`${HEAD}:long.txt`], 'byteSize', OWNER, 'nope')).rejects.toThrow(
      /Could not resolve to a Repository with the name 'acme\/nope'/,
    );
    await expect(blobs([`${HEAD}:long.txt`], 'byteSize sizeInLines')).rejects.toThrow(
      /Field 'sizeInLines' doesn't exist on type 'Blob'/,
    );
    // GitObject `oid` is git's blob SHA of the bytes.
    expect((await blobs([`${HEAD}:long.txt`], 'oid')).repository!.f0).toEqual({
      __typename: 'Blob',
      oid: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    await expect(octokit.graphql('query { viewer { login } }')).rejects.toThrow(/answers only repository.object/);
  });
});

describe('past the pull request limits (issue #14)', () => {
  let limits: GitHubServer;
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `+line ${i}`).join('\n');
  const big = {
    sha: 'c'.repeat(40),
    filename: 'big.txt',
    status: 'modified' as const,
    additions: 20_001,
    deletions: 0,
    changes: 20_001,
    patch: `@@ -0,0 +1,20001 @@\n${rows(20_001)}`,
  };
  const mid = {
    sha: 'd'.repeat(40),
    filename: 'mid.txt',
    status: 'modified' as const,
    additions: 2_500,
    deletions: 0,
    changes: 2_500,
    patch: `@@ -0,0 +1,2500 @@\n${rows(2_500)}`,
  };
  const tree = [
    { path: 'a/b/c.txt', mode: '100644', sha: '1'.repeat(40), size: 3 },
    { path: 'a/d.txt', mode: '100755', sha: '2'.repeat(40), size: 4 },
    { path: 'deps/lib', mode: '160000', sha: '3'.repeat(40), size: 0 },
  ];
  beforeAll(async () => {
    limits = await startGitHubServer({
      token: TOKEN,
      repositories: [
        {
          owner: OWNER,
          name: REPO,
          pulls: [
            syntheticPull(1, 0, {
              files: [big, mid],
              diff: `${rows(20_001)}\n`,
              mergeBaseSha: 'e'.repeat(40),
              listTree: (sha) => (sha === HEAD ? tree : undefined),
              treeLimit: 4,
            }),
            syntheticPull(2, 0, { files: [mid], omitPatchesOver: 2_000 }),
          ],
        },
      ],
    });
  });
  afterAll(async () => limits?.close());
  const client = () => getOctokit(TOKEN, { baseUrl: limits.url });

  it('leaves out the patch of a file past the per-file limit (20,000 lines, or what the PR sets) and keeps its counts', async () => {
    const [first, second] = await Promise.all([
      client().rest.pulls.listFiles({ ...repo, pull_number: 1 }),
      client().rest.pulls.listFiles({ ...repo, pull_number: 2 }),
    ]);
    expect(first.data.map((f) => [f.filename, f.patch === undefined, f.changes])).toEqual([
      ['big.txt', true, 20_001],
      ['mid.txt', false, 2_500],
    ]);
    expect(second.data[0]).toMatchObject({ filename: 'mid.txt', changes: 2_500 });
    expect(second.data[0]).not.toHaveProperty('patch');
  });

  it('refuses the whole diff past 20,000 lines with 406 too_large', async () => {
    const error = await requestError(
      client().rest.pulls.get({ ...repo, pull_number: 1, mediaType: { format: 'diff' } }),
    );
    expect(error.status).toBe(406);
    expect((error.response?.data as { message: string }).message).toMatch(/maximum number of lines \(20000\)/);
  });

  it('compares base...head with the merge base commit and its tree', async () => {
    const { data } = await client().rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${BASE}...${HEAD}`,
      per_page: 1,
    });
    expect(data.merge_base_commit.sha).toBe('e'.repeat(40));
    expect(data.merge_base_commit.commit.tree.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(data.files?.map((f) => f.filename)).toEqual(['big.txt', 'mid.txt']);
    // Files are listed on the first page only, and only for a pull request's own comparison.
    expect(
      (
        await client().rest.repos.compareCommitsWithBasehead({
          ...repo,
          basehead: `${BASE}...${HEAD}`,
          per_page: 1,
          page: 2,
        })
      ).data.files,
    ).toEqual([]);
    expect(
      (await client().rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${HEAD}...${BASE}` })).data.files,
    ).toEqual([]);
  });

  it('lists a git tree with its folders, cut and marked truncated past the limit when recursive', async () => {
    const top = await client().rest.git.getTree({ ...repo, tree_sha: HEAD });
    expect(top.data.tree.map((e) => [e.path, e.type])).toEqual([
      ['a', 'tree'],
      ['deps', 'tree'],
    ]);
    expect(top.data.truncated).toBe(false);
    const all = await client().rest.git.getTree({ ...repo, tree_sha: HEAD, recursive: '1' });
    expect(all.data.tree.map((e) => [e.path, e.mode, e.type])).toEqual([
      ['a', '040000', 'tree'],
      ['a/b', '040000', 'tree'],
      ['a/b/c.txt', '100644', 'blob'],
      ['a/d.txt', '100755', 'blob'],
    ]);
    expect(all.data.truncated).toBe(true);
    expect((await client().rest.git.getTree({ ...repo, tree_sha: all.data.sha })).data.sha).toBe(all.data.sha);
  });
});

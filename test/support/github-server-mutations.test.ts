import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPullRequest, nodeId, startGitHubServer, type GitHubServer, type GitHubServerOptions } from './github-server.js';

/**
 * The local server's GraphQL mutations (`github-mutations.ts`): each rule of GitHub's GraphQL reference
 * it models, read back through the REST routes (one store for both protocols).
 */
const TOKEN = 'ghs_mutations_bot';
const HUMAN = 'ghp_mutations_alice';
const HEAD = 'a'.repeat(40);
const PULL = { ...emptyPullRequest(), files: [{ sha: 'c'.repeat(40), filename: 'src/a.ts', status: 'modified' as const, additions: 1, deletions: 1, changes: 2, patch: '@@ -1,2 +1,2 @@\n-old\n+new\n same' }] };

let server: GitHubServer | undefined;
afterEach(async () => server?.close());

async function start(extra: Partial<GitHubServerOptions> = {}) {
  server = await startGitHubServer({ token: TOKEN, tokens: { [HUMAN]: 'alice' }, repositories: [{ owner: 'octo', name: 'widgets', pulls: [PULL], permissions: { alice: 'write' } }], ...extra });
  const bot = getOctokit(TOKEN, { baseUrl: server.url });
  const human = getOctokit(HUMAN, { baseUrl: server.url });
  const repo = (await bot.rest.repos.get({ owner: 'octo', repo: 'widgets' })).data;
  const pull = (await bot.rest.pulls.get({ owner: 'octo', repo: 'widgets', pull_number: 3 })).data;
  const progress = (await bot.rest.issues.createComment({ owner: 'octo', repo: 'widgets', issue_number: 3, body: 'progress' })).data;
  const command = (await human.rest.issues.createComment({ owner: 'octo', repo: 'widgets', issue_number: 3, body: '/debate' })).data;
  await bot.rest.reactions.createForIssueComment({ owner: 'octo', repo: 'widgets', comment_id: command.id, content: 'eyes' });
  return { server, bot, repoId: repo.node_id, pullId: pull.node_id, progress, command };
}

/** Sends a document as Octokit does and returns GitHub's JSON body, errors included (HTTP 200 either way). */
async function send(octokit: ReturnType<typeof getOctokit>, query: string, variables: Record<string, unknown>) {
  const response = await octokit.request('POST /graphql', { query, variables });
  expect(response.status).toBe(200);
  return response.data as { data?: Record<string, unknown> | null; errors?: { type?: string; path?: unknown[]; message: string; extensions?: unknown }[] };
}

const END = `mutation End($c: UpdateIssueCommentInput!, $k: CreateCheckRunInput!, $r: AddPullRequestReviewInput!, $a: AddReactionInput!, $d: RemoveReactionInput!) {
  c: updateIssueComment(input: $c) { issueComment { id } }
  k: createCheckRun(input: $k) { checkRun { databaseId url } }
  r: addPullRequestReview(input: $r) { pullRequestReview { id } }
  a: addReaction(input: $a) { subject { id } }
  d: removeReaction(input: $d) { subject { id } }
}`;

function endInput(s: Awaited<ReturnType<typeof start>>, thread: Record<string, unknown> = { path: 'src/a.ts', line: 1, side: 'RIGHT', body: 'decisive' }) {
  return {
    c: { id: s.progress.node_id, body: 'the verdict' },
    k: { repositoryId: s.repoId, headSha: HEAD, name: 'pr-debate', status: 'COMPLETED', conclusion: 'ACTION_REQUIRED', output: { title: 't', summary: 's', annotations: [{ path: 'src/a.ts', location: { startLine: 1, endLine: 1 }, annotationLevel: 'NOTICE', message: 'm' }] } },
    r: { pullRequestId: s.pullId, commitOID: HEAD, event: 'COMMENT', body: 'review', threads: [thread] },
    a: { subjectId: s.command.node_id, content: 'ROCKET' },
    d: { subjectId: s.command.node_id, content: 'EYES' },
  };
}

describe('GraphQL mutations of the end of a debate', () => {
  it('runs every field of one document, in order, into the store the REST routes read, answering only the fields selected', async () => {
    const s = await start();
    const answer = await send(s.bot, END, endInput(s));
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ c: { issueComment: { id: s.progress.node_id } }, k: { checkRun: { databaseId: expect.any(Number), url: expect.stringMatching(/\/runs\/\d+$/) } }, r: { pullRequestReview: { id: expect.any(String) } }, a: { subject: { id: s.command.node_id } }, d: { subject: { id: s.command.node_id } } });
    expect((await s.bot.rest.issues.getComment({ owner: 'octo', repo: 'widgets', comment_id: s.progress.id })).data.body).toBe('the verdict');
    const [run] = s.server.state.checkRuns;
    expect(run).toMatchObject({ name: 'pr-debate', head_sha: HEAD, status: 'completed', conclusion: 'action_required', app: { slug: 'github-actions' } });
    expect(s.server.state.checkRunAnnotations).toMatchObject([{ path: 'src/a.ts', start_line: 1, end_line: 1, annotation_level: 'notice', message: 'm' }]);
    expect(s.server.state.reviews.reviews).toMatchObject([{ state: 'COMMENTED', body: 'review', commit_id: HEAD }]);
    expect(s.server.state.reviews.reviewComments).toMatchObject([{ path: 'src/a.ts', line: 1, side: 'RIGHT', body: 'decisive', subject_type: 'line' }]);
    expect(s.server.state.reactions.filter((r) => r.commentId === s.command.id).map((r) => r.content)).toEqual(['rocket']);
  });

  it('a field the token lacks the permission for is FORBIDDEN and null; the fields after it still run', async () => {
    const s = await start({ botPermissions: { checks: 'read' } });
    const answer = await send(s.bot, END, endInput(s));
    expect(answer.data?.k).toBeNull();
    expect(answer.errors).toEqual([{ type: 'FORBIDDEN', path: ['k'], locations: expect.any(Array), message: 'Resource not accessible by integration' }]);
    expect(s.server.state.checkRuns).toHaveLength(0);
    expect(s.server.state.reviews.reviews).toHaveLength(1);
    expect(s.server.state.reactions.map((r) => r.content)).toEqual(['rocket']);
    // The same permission refuses the REST twin.
    await expect(s.bot.rest.checks.create({ owner: 'octo', repo: 'widgets', name: 'x', head_sha: HEAD })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') });
  });

  it('refuses a review with a thread off the diff (UNPROCESSABLE) and creates none of its comments', async () => {
    const s = await start();
    const answer = await send(s.bot, END, endInput(s, { path: 'src/a.ts', line: 40, body: 'off the diff' }));
    expect(answer.data?.r).toBeNull();
    expect(answer.errors).toEqual([expect.objectContaining({ type: 'UNPROCESSABLE', path: ['r'], message: expect.stringContaining('Line could not be resolved') })]);
    expect(s.server.state.reviews.reviews).toHaveLength(0);
    expect(s.server.state.reviews.reviewComments).toHaveLength(0);
  });

  it('answers NOT_FOUND for a node id that resolves to nothing', async () => {
    const s = await start();
    const answer = await send(s.bot, END, { ...endInput(s), c: { id: nodeId('IssueComment', 1), body: 'x' } });
    expect(answer.errors).toEqual([expect.objectContaining({ type: 'NOT_FOUND', path: ['c'], message: `Could not resolve to a node with the global id of '${nodeId('IssueComment', 1)}'` })]);
    expect(answer.data?.k).not.toBeNull();
  });

  it('refuses the whole document, running none of it, when the schema lacks a mutation (an older GHES) or a required input is missing', async () => {
    const s = await start({ mutations: ['updateIssueComment', 'addPullRequestReview', 'addReaction', 'removeReaction'] });
    const answer = await send(s.bot, END, endInput(s));
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([expect.objectContaining({ message: "Field 'createCheckRun' doesn't exist on type 'Mutation'", extensions: expect.objectContaining({ code: 'undefinedField' }) })]);
    const { headSha: _, ...noSha } = endInput(s).k;
    const missing = await send(s.bot, 'mutation($k: CreateCheckRunInput!) { k: addReaction(input: $k) { subject { id } } }', { k: noSha });
    expect(missing.data).toBeUndefined();
    expect(missing.errors?.[0]?.message).toMatch(/^Argument 'input' on Field 'addReaction' has an invalid value/);
    expect((await s.bot.rest.issues.getComment({ owner: 'octo', repo: 'widgets', comment_id: s.progress.id })).data.body).toBe('progress');
    expect(s.server.state.reviews.reviews).toHaveLength(0);
  });

  it('takes at most 50 annotations a request, as the REST API', async () => {
    const s = await start();
    const input = endInput(s).k;
    const many = Array.from({ length: 51 }, () => input.output.annotations[0]);
    const answer = await send(s.bot, 'mutation($k: CreateCheckRunInput!) { k: createCheckRun(input: $k) { checkRun { databaseId } } }', { k: { ...input, output: { ...input.output, annotations: many } } });
    expect(answer.errors).toEqual([expect.objectContaining({ type: 'UNPROCESSABLE', path: ['k'], message: expect.stringContaining('Only 50 annotations are allowed per request') })]);
  });
});

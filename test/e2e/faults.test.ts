import type { ChildProcess } from 'node:child_process';
import { describe, it, vi, type TestContext } from 'vitest';
import {
  callMetaOf,
  startAnthropicServer,
  type ReceivedMessagesRequest,
  type Responder,
} from '../support/anthropic-server.js';
import { commentEvent, labeledEvent } from '../support/event-payloads.js';
import { cachePull } from '../support/cache-pull.js';
import { startGitHubServer, type FakePullRequest } from '../support/github-server.js';
import { syntheticPull } from '../support/pull-fixture.js';
import { NODE24_UNAVAILABLE } from '../support/node24.js';
import { runAction, spawnAction, type ActionRun } from '../support/run-action.js';
import type { StartTimer } from '../../src/llm/start-models.js';
import { describeCall } from '../support/scripted-models.js';
import { callOf, scriptedModel } from '../support/scripted-messages.js';

/**
 * The fault table of issue #6, row by row, through the action's entry (`run()` of `src/main.ts`, in
 * process, as `test/support/run-action.ts` runs it: write spacing and back-off 0) against the local GitHub
 * and Messages API servers, with the real Octokit and Anthropic SDK. Each test asserts what a user sees:
 * the comment, the step's exit code and its `::error::` / `::warning::` / `::notice::` lines, and the
 * outputs. The job cancelled by a signal is the bundled action on Node 24, as the runner starts it.
 *
 * The PR is the small cache change of `test/support/evidence-fixtures.ts`, so the default debate
 * script (`test/support/debate-script.ts`) cites real lines of it; runs use the quick preset unless a
 * row needs cross-examination, to keep the number of (throttled, one a second) GitHub writes low.
 *
 * Also covered elsewhere:
 * - the SDK's retries, the spend-limit 429, 529 and the per-request timeout (before the headers and
 *   mid-stream; no input sets it, so it has no end-to-end test): test/llm/anthropic-model-client.test.ts;
 * - the deadline with every call hanging, five positions, refusals, fork PRs under `pull_request`, a
 *   failed GitHub step: test/e2e/real-case.test.ts;
 * - a persistent secondary rate limit, a primary one, 403 permissions, 406 not retried, a GitHub request
 *   that never answers: test/github/octokit-faults.test.ts;
 * - 406 and the 3,000-file cap at the evidence stage: test/github/pull-request-source.test.ts.
 * "Gate not passed" in the table: the merge gate does not exist yet; the outputs it will read
 * (`status`, `recommendation`, the record's `completion`) are asserted here instead.
 */

const TOKEN = 'ghs_faultSuiteToken0000000000000000000000';
const KEY = 'sk-ant-local-fault-suite-key';
const OWNER = 'octo';
const REPO = 'cache';
const MAINTAINER = 'maintainer';
const BOT = 'github-actions[bot]';
// No position is the PR (`--no-pr-position`), so these runs make no moderator call (its naming of the PR, and its check of a
// `(this PR)` mark, are tested in real-case.test.ts and test/gate/pr-position-attacks.test.ts).
const POSITIONS = '/debate keep the cache vs drop the cache --no-pr-position';

/** The cache change inside a PR of 3,052 files: GitHub lists only the first 3,000. */
function hugePull(number: number): FakePullRequest {
  const cache = cachePull(number);
  const generated = syntheticPull({ files: 3_050, changedPerFile: 1, number });
  return {
    ...cache,
    files: [...cache.files, ...generated.files],
    diff: '',
    readFile: (sha, path) =>
      cache.readFile(sha, path) ??
      generated.readFile(sha === cache.head.sha ? generated.head.sha : generated.base.sha, path),
  };
}

/** Debate requests only: without the pre-flight check that precedes every debate (issue #12; test/e2e/providers.test.ts). */
const debateOnly = (requests: ReceivedMessagesRequest[]) =>
  requests.filter((r) => callMetaOf(r.headers)?.phase !== 'preflight');

/** A responder that lets the pre-flight check through and puts the fault on the debate's calls. */
const afterPreflight =
  (responder: Responder): Responder =>
  (request, context) =>
    context.call?.phase === 'preflight' ? { text: '{"ready": true}' } : responder(request, context);

/** The phase and position of each Messages API request of the debate, e.g. `opening A`, `judge`, `warm-up opening A`. */
const callsOf = (requests: ReceivedMessagesRequest[]) =>
  debateOnly(requests).map((r) => {
    const info = describeCall(callOf(r.body, callMetaOf(r.headers)));
    return `${info.warmUp ? 'warm-up ' : ''}${info.position ? `${info.phase} ${info.position}` : info.phase}`;
  });

/** The PRs every scenario serves: #1 the cache change, #2 the same with its whole diff refused (406), #3 inside 3,052 files. */
const PULLS = [cachePull(1), cachePull(2, { diffTooLarge: true }), hugePull(3)];

/** Fresh local servers for one test (tests run concurrently), closed when it finishes. */
async function startScenario(context: TestContext, responder: Responder = scriptedModel()) {
  const github = await startGitHubServer({
    repositories: [{ owner: OWNER, name: REPO, pulls: PULLS, permissions: { [MAINTAINER]: 'write' } }],
    token: TOKEN,
    botLogin: BOT,
    tokens: { ghp_person_maintainer: MAINTAINER },
  });
  const anthropic = await startAnthropicServer({ apiKey: KEY, responder });
  context.onTestFinished(async () => {
    await Promise.all([github.close(), anthropic.close()]);
  });
  const step = (payload: unknown, inputs: Record<string, string>, eventName = 'issue_comment') => ({
    eventName,
    payload,
    repository: `${OWNER}/${REPO}`,
    apiUrl: github.url,
    inputs: { 'github-token': TOKEN, 'anthropic-api-key': KEY, 'base-url': anthropic.url, preset: 'quick', ...inputs },
  });
  return {
    github,
    anthropic,
    /** Posts a command as the maintainer and returns the `issue_comment` event for it. */
    async command(body: string, pull = 1) {
      const response = await fetch(`${github.url}/repos/${OWNER}/${REPO}/issues/${pull}/comments`, {
        method: 'POST',
        headers: { authorization: 'token ghp_person_maintainer', 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      const { id } = (await response.json()) as { id: number };
      return commentEvent({ owner: OWNER, repo: REPO, number: pull, body, user: MAINTAINER, commentId: id });
    },
    /** Runs the action on an event (in process), quick preset unless `inputs` say otherwise. */
    run(
      payload: unknown,
      inputs: Record<string, string> = {},
      options: {
        eventName?: string;
        env?: Record<string, string>;
        startTimer?: StartTimer;
        onLine?: (line: string) => void;
      } = {},
    ) {
      return runAction({ ...step(payload, inputs, options.eventName), ...options });
    },
    /** Runs the bundled action on an event, as the runner starts it. */
    spawn(payload: unknown, options: { eventName: string; timeoutMs: number; onSpawn: (child: ChildProcess) => void }) {
      return spawnAction({
        ...step(payload, {}, options.eventName),
        timeoutMs: options.timeoutMs,
        onSpawn: options.onSpawn,
      });
    },
    /** The comment the run points at in its `comment-url` output. */
    posted: (result: ActionRun) => github.state.comments.find((c) => c.html_url === result.outputs['comment-url']),
    /** Requests each server receives from now on. */
    since() {
      const gh = github.state.requests.length;
      const model = anthropic.requests.length;
      return { github: () => github.state.requests.slice(gh), model: () => anthropic.requests.slice(model) };
    },
  };
}

/** The `::error::` lines of a run's log. */
const errors = (result: ActionRun) => result.stdout.split('\n').filter((l) => l.startsWith('::error::'));

// The rows are independent: each test has its own servers, so they run concurrently (the runs mostly wait).
describe.concurrent('faults, end to end (issue #6)', () => {
  it('model 429 with retry-after, then success: the SDK waits and retries the call, and the debate succeeds', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run, posted, since } = await startScenario(ctx);
    let limited = false;
    anthropic.setResponder(
      afterPreflight((request, context) => {
        if (limited) return scriptedModel()(request, context);
        limited = true;
        return {
          error: {
            status: 429,
            type: 'rate_limit_error',
            message: 'Number of request tokens has exceeded your per-minute rate limit',
          },
          headers: { 'retry-after': '1' },
        };
      }),
    );
    const seen = since();
    const result = await run(await command(POSITIONS));
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    expect(JSON.parse(result.outputs.decision!)).toMatchObject({ completion: 'success', recommendation: 'A' });
    expect(posted(result)?.body.split('\n')[3]).toMatch(/^\*\*Verdict:\*\* position A\. /);
    // Quick preset: the cache warm-up, 2 openings, the audit, 2 judge runs; the limited call was sent again, unchanged.
    const requests = debateOnly(seen.model());
    expect(callsOf(requests)).toEqual([
      'warm-up opening A',
      'warm-up opening A',
      'opening A',
      'opening B',
      'audit',
      'judge',
      'judge',
    ]);
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(errors(result)).toEqual([]);
  });

  it('model 529 on every try: no verdict, the comment says the model is unavailable, the step fails', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run, posted, since } = await startScenario(ctx);
    anthropic.setResponder(
      afterPreflight(() => ({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } })),
    );
    const seen = since();
    const result = await run(await command(POSITIONS));
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    expect(JSON.parse(result.outputs.decision!)).toMatchObject({ completion: 'aborted', recommendation: 'none' });
    const body = posted(result)!.body;
    expect(body).toContain('## ⚠️ pr-debate: no decision.');
    expect(body).toContain(
      'The opening of position A is incomplete: the model is unavailable (HTTP 529 overloaded_error, after retries): Overloaded; try again later.',
    );
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error::The debate was aborted: The opening of position A is incomplete: the model is unavailable \(HTTP 529/,
      ),
    ]);
    // Bounded: the warm-up and each of the two openings were tried three times (the SDK's two retries), and nothing came after.
    const calls = callsOf(seen.model());
    expect(calls.slice(0, 3)).toEqual(['warm-up opening A', 'warm-up opening A', 'warm-up opening A']);
    expect(calls.slice(3).sort()).toEqual([
      'opening A',
      'opening A',
      'opening A',
      'opening B',
      'opening B',
      'opening B',
    ]);

    // With a label, the moderator is the first call: its failure is the run's, and the comment says so.
    const labelled = await run(
      labeledEvent({ owner: OWNER, repo: REPO, number: 1, label: 'debate', sender: MAINTAINER }),
      {},
      { eventName: 'pull_request_target' },
    );
    expect(labelled.exitCode).toBe(1);
    expect(labelled.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    expect(posted(labelled)?.body).toContain(
      'The moderator could not frame the debate: the model is unavailable (HTTP 529 overloaded_error, after retries)',
    );
  });

  it('400 for a spend limit the organization set (Claude API errors): no retry at all, and the comment and the log say what to do', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run, posted, since } = await startScenario(ctx);
    anthropic.setResponder(
      afterPreflight(() => ({
        error: {
          status: 400,
          type: 'invalid_request_error',
          message:
            'You have reached your specified API usage limits. You will regain access on 2027-01-01 at 00:00 UTC.',
        },
      })),
    );
    const seen = since();
    const result = await run(await command(POSITIONS));
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    expect(callsOf(seen.model())).toEqual(['warm-up opening A', 'opening A', 'opening B']); // one request per call: never retried
    const advice =
      "the API key's spend limit was reached (You have reached your specified API usage limits. You will regain access on 2027-01-01 at 00:00 UTC.): raise or remove the spend limit, or settle the payment details, on the Billing page of the Claude Console (platform.claude.com); retrying will not help";
    expect(posted(result)?.body).toContain(advice);
    expect(errors(result)[0]).toContain(advice);
  });

  it('a call hangs: the run deadline (fractional minutes) stops it and the partial transcript is posted', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run, posted } = await startScenario(ctx);
    // B's calls never answer; A's opening is in by then. The deadline is the only thing that ends the run.
    // (The per-request timeout, which also covers a stream that stalls mid-reply, is tested in test/llm.)
    anthropic.setResponder(scriptedModel((info) => (info.position === 'B' ? { hang: true } : undefined)));
    // The deadline's clock: it comes as soon as A's opening is in (its log line), while B's call hangs.
    let deadlineMs: number | undefined;
    let fire: (() => void) | undefined;
    const startTimer: StartTimer = (callback, ms) => {
      deadlineMs = ms;
      fire = callback;
      return () => (fire = undefined);
    };
    const onLine = (line: string) => {
      if (/^ok {3}advocate A: opening;/.test(line)) setImmediate(() => fire?.());
    };
    const result = await run(await command(POSITIONS), { 'deadline-minutes': '0.2' }, { startTimer, onLine });
    expect(deadlineMs).toBe(12_000); // 0.2 minutes
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    const body = posted(result)!.body;
    expect(body).toContain('## ⚠️ pr-debate: no decision.');
    expect(body).toContain('The run deadline (deadline-minutes: 0.2) was reached before the debate finished');
    expect(body).toContain('Thesis of A.'); // what exists is kept
    expect(body).toMatch(/Opening of B[^\n]*\n\n\*\*\[INCOMPLETE\]\*\* the run deadline was reached/);
    expect(errors(result)[0]).toMatch(
      /^::error::The debate was aborted: The run deadline \(deadline-minutes: 0\.2\) was reached/,
    );
  });

  it('one advocate keeps failing: the debate goes on without it, degraded-success, and the comment names it', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run, posted, since } = await startScenario(ctx);
    anthropic.setResponder(
      scriptedModel((info) =>
        info.position === 'B'
          ? { error: { status: 500, type: 'api_error', message: 'Internal server error' } }
          : undefined,
      ),
    );
    const seen = since();
    const result = await run(await command('/debate keep the cache vs drop the cache vs shorten the expiry'), {
      preset: 'standard',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'degraded-success', recommendation: 'A' });
    const body = posted(result)!.body;
    expect(body.split('\n')[3]).toMatch(/^\*\*Verdict:\*\* position A\. /);
    expect(body).toContain(
      '**Degraded run.** The opening of position B is incomplete: the model is unavailable (HTTP 500 api_error, after retries): Internal server error; try again later.',
    );
    // B's opening was tried three times; A and C went on to cross-examine each other; B was never called again.
    const calls = callsOf(seen.model());
    expect(calls.filter((c) => c.endsWith(' B'))).toEqual(['opening B', 'opening B', 'opening B']);
    expect(calls).toEqual(expect.arrayContaining(['cross-examination A', 'cross-examination C', 'audit', 'judge']));
  });

  it('GitHub 403 "Resource not accessible by integration" on the first write: stops before any model call, naming the permissions entry', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, since } = await startScenario(ctx);
    const event = await command('/debate keep the cache vs drop the cache vs cache per request');
    // A token without `pull-requests: write`: every comment and reaction write is refused.
    const refused = {
      status: 403,
      times: Infinity,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
        status: '403',
      },
    };
    github.state.faults.push(
      { ...refused, method: 'POST', path: /^\/repos\/octo\/cache\/issues\/(1\/comments|comments\/\d+\/reactions)$/ },
      { ...refused, method: 'PATCH', path: /^\/repos\/octo\/cache\/issues\/comments\/\d+$/ },
    );
    const before = github.state.comments.length;
    const seen = since();
    const result = await run(event);
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      "::error::posting the progress comment failed: GitHub refused POST /repos/octo/cache/issues/1/comments (Resource not accessible by integration): add `pull-requests: write` to the workflow's `permissions:` (pr-debate needs `contents: read` and `pull-requests: write`)",
    ]);
    expect(seen.model()).toEqual([]); // no money spent on a result that could not be posted
    expect(github.state.comments.length).toBe(before);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
  });

  it('GitHub 403 on the verdict after a finished debate: the summary and the outputs keep the result', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run } = await startScenario(ctx);
    const event = await command('/debate keep the cache vs drop the cache vs cache per request');
    // The plan was posted; every later write (the updates, the verdict, the failure) is refused.
    const refused = {
      status: 403,
      times: Infinity,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment',
        status: '403',
      },
    };
    github.state.faults.push({ ...refused, method: 'PATCH', path: /^\/repos\/octo\/cache\/issues\/comments\/\d+$/ });
    const result = await run(event);
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error::posting the debate comment failed: GitHub refused PATCH \/repos\/octo\/cache\/issues\/comments\/\d+ \(Resource not accessible by integration\): add `pull-requests: write` to the workflow's `permissions:`/,
      ),
    ]);
    expect(result.summary).toContain('**Verdict:** position A.');
    // The outputs keep the debate's record, and agree with it.
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'A', confidence: 'low' });
    expect(JSON.parse(result.outputs.decision!)).toMatchObject({ recommendation: 'A', confidence: 'low' });
  });

  it('GitHub secondary rate limit on a write: waits out retry-after and retries, then posts', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, posted, since } = await startScenario(ctx);
    const event = await command('/debate keep the cache vs drop the cache vs cache per tenant');
    github.state.faults.push({
      method: 'POST',
      path: '/repos/octo/cache/issues/1/comments',
      status: 403,
      headers: { 'retry-after': '1' },
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        status: '403',
      },
    });
    const seen = since();
    const result = await run(event);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status).toBe('success');
    expect(result.stdout).toMatch(
      /^::warning::GitHub secondary rate limit on POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments; retrying after 1 s$/m,
    );
    // The refused POST was sent again: two POSTs for the one comment the run created.
    expect(
      seen.github().filter((r) => r.method === 'POST' && r.path === '/repos/octo/cache/issues/1/comments'),
    ).toHaveLength(2);
    expect(posted(result)?.body.split('\n')[3]).toMatch(/^\*\*Verdict:\*\* position A\. /);
    // A persistent secondary limit gives up after bounded retries: test/github/octokit-faults.test.ts.
  });

  it('GitHub primary rate limit used up for an hour: gives up at once instead of waiting, and says so', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, since } = await startScenario(ctx);
    const event = await command('/debate keep the cache vs drop the cache vs cache per process');
    const reset = Math.floor(Date.now() / 1000) + 3600;
    github.state.faults.push({
      path: /^\/repos\/octo\/cache\/issues\/1\/comments$/,
      method: 'POST',
      status: 403,
      times: Infinity,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '5000', 'x-ratelimit-reset': String(reset) },
      body: {
        message: 'API rate limit exceeded for installation ID 1.',
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        status: '403',
      },
    });
    const seen = since();
    const result = await run(event);
    expect(result.exitCode).toBe(1);
    const givingUp =
      result.stdout.match(
        /^::warning::GitHub rate limit on POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments; giving up: GitHub asks to wait 3\d{3} s, longer than the 60 s pr-debate waits$/gm,
      ) ?? [];
    expect(givingUp.length).toBeGreaterThan(0);
    expect(result.stdout).not.toContain('retrying after');
    const until = new Date(reset * 1000).toISOString().slice(11, 16);
    expect(errors(result)).toEqual([
      `::error::posting the debate comment failed: GitHub's rate limit for github-token is used up (API rate limit exceeded for installation ID 1.); try again after ${until} UTC, when it resets`,
    ]);
    expect(result.summary).toContain('**Verdict:** position A.');
    // Every comment write (progress updates, the debate comment, the failure comment) was sent once and given up.
    expect(
      seen.github().filter((r) => r.method === 'POST' && r.path === '/repos/octo/cache/issues/1/comments'),
    ).toHaveLength(givingUp.length);
  });

  it('the whole diff refused with 406: falls back to the file list and the comment says so', async (ctx) => {
    const { expect } = ctx;
    const { command, run, posted, since } = await startScenario(ctx);
    const event = await command(POSITIONS, 2);
    const seen = since();
    const result = await run(event);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status, posted(result)?.body).toBe('success');
    const body = posted(result)!.body;
    expect(body).toContain(
      'GitHub did not serve the whole diff of this PR (HTTP 406, too large: Sorry, the diff exceeded the maximum number of files (300).',
    );
    expect(body).toContain('2 changed files;');
    // 406 is GitHub's final answer for a diff too large: asked for once, not retried.
    expect(
      seen.github().filter((r) => r.path === '/repos/octo/cache/pulls/2' && String(r.headers.accept).includes('diff')),
    ).toHaveLength(1);
  });

  it('a file list cut at 3,000: the comment says how many files were listed, the files GitHub did not name, and the hunks no model read', async (ctx) => {
    const { expect } = ctx;
    const { command, run, posted } = await startScenario(ctx);
    const result = await run(await command(POSITIONS, 3));
    expect(result.exitCode, result.stdout).toBe(0);
    const body = posted(result)!.body;
    expect(body).toContain('3000 of 3052 changed files (GitHub lists at most 3,000)');
    // Readers read 8 parts (max-reader-calls); the rest are named as read by no model (issue #40).
    expect(body).toMatch(
      /> \*\*Unread changes:\*\* [\d,]+ changed hunks no model read .* Parts 9-\d+ of \d+ were not read: past max-reader-calls \(8\)\./,
    );
    expect(body).toContain('This PR changes more than 300 files, which is past what GitHub serves as a whole diff');
    const record = JSON.parse(result.outputs.decision!) as {
      recommendation: string;
      evidence: { read: number; unread: number; unseen: number };
    };
    expect(record).toMatchObject({ recommendation: 'A', evidence: { unseen: 52 } });
    expect(record.evidence.read).toBeGreaterThan(0);
    expect(record.evidence.unread).toBeGreaterThan(0);
    // Unseen files and unread hunks do not pass the gate without an accept, and the comment says so beside the verdict.
    expect(result.outputs['gate-conclusion']).toBe('action_required');
    expect(body).toMatch(
      /> \*\*Merge blocked:\*\* the `pr-debate` check on `[0-9a-f]{7}` is `action_required`, which a required check does not pass\. 52 changed files .* were not seen by the models/,
    );
  });

  // The runner cancels a job with SIGINT, then SIGTERM 7.5 s later, then SIGKILL: each signal alone must do.
  // Signals reach a process: the bundled action, spawned on Node 24 as the runner starts it.
  it.skipIf(NODE24_UNAVAILABLE !== undefined).for([
    ['SIGTERM', 'a command whose first opening never answers'],
    ['SIGINT', 'a label whose moderator call is rate limited, the SDK waiting out a 600 s retry-after'],
  ] as const)(
    'the job cancelled with %s during %s: the call is stopped, the comment says cancelled, the process exits non-zero',
    async ([signal], ctx) => {
      const { expect } = ctx;
      const { anthropic, command, spawn, posted, since } = await startScenario(ctx);
      let inFlight: () => void = () => undefined;
      const waiting = new Promise<void>((resolve) => (inFlight = resolve));
      anthropic.setResponder(
        afterPreflight(() => {
          setTimeout(inFlight, 200);
          return signal === 'SIGTERM'
            ? { hang: true }
            : {
                error: { status: 429, type: 'rate_limit_error', message: 'slow down' },
                headers: { 'retry-after': '600' },
              };
        }),
      );
      const event =
        signal === 'SIGTERM'
          ? await command(POSITIONS)
          : labeledEvent({ owner: OWNER, repo: REPO, number: 1, label: 'debate', sender: MAINTAINER });
      const seen = since();
      const result = await spawn(event, {
        eventName: signal === 'SIGTERM' ? 'issue_comment' : 'pull_request_target',
        timeoutMs: 45_000,
        onSpawn: (child) => void waiting.then(() => child.kill(signal)),
      });
      expect(result.signal).toBeNull(); // it handled the signal and ended by itself, well before the 45 s kill
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(
        /^::warning::The job was cancelled: stopping model calls and posting what exists\.$/m,
      );
      expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
      const body = posted(result)!.body;
      expect(body).toContain(
        `The job was cancelled (${signal}) before the debate finished; model calls still in flight were stopped.`,
      );
      // The plan comment was replaced: by the debate so far (a command), or by the failure (the moderator was stopped).
      expect(body).not.toContain('pr-debate is debating');
      expect(body).toContain(
        signal === 'SIGTERM'
          ? '## ⚠️ pr-debate: no decision.'
          : 'The moderator could not frame the debate: the job was cancelled (SIGINT)',
      );
      expect(errors(result)[0]).toContain(`The job was cancelled (${signal})`);
      expect(debateOnly(seen.model())).toHaveLength(1); // the stopped call; nothing was sent after the cancellation
    },
  );

  it('bad input: a malformed command gets a reply with the problem and the usage, and no model call', async (ctx) => {
    const { expect } = ctx;
    const { command, run, posted, since } = await startScenario(ctx);
    // Five positions: test/e2e/real-case.test.ts ("replies with the problem and the usage to a malformed command").
    const seen = since();
    for (const [text, problem] of [
      ['/debate keep vs drop --fast', 'unknown option `--fast`'],
      ['/debate keep vs  vs drop', 'position B is empty'],
      ['/debate keep vs drop --rounds=ten', '`--rounds` needs a number from 0 to 5, got "ten"'],
    ] as const) {
      const result = await run(await command(text));
      expect(result.exitCode).toBe(0);
      expect(result.outputs.status).toBe('skipped');
      const reply = posted(result)!.body;
      expect(reply).toContain(`**pr-debate could not run this command:** ${problem}.`);
      expect(reply).toContain('/debate <A> vs <B> [vs <C> [vs <D>]]');
    }
    expect(seen.model()).toEqual([]);
  });

  it('bad input: a command run with `preset: turbo` or `max-rounds: 99` gets a reply naming the input and its values, and 😕', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, posted, since } = await startScenario(ctx);
    for (const [inputs, message] of [
      [{ preset: 'turbo' }, 'Input \'preset\': expected one of quick, standard, deep, got "turbo"'],
      [{ 'max-rounds': '99' }, 'Input \'max-rounds\': expected a whole number from 0 to 5, got "99"'],
    ] as const) {
      const event = await command(POSITIONS);
      const seen = since();
      const result = await run(event, inputs);
      expect(result.exitCode).toBe(1);
      expect(errors(result)).toEqual([`::error::${message}`]);
      const name = Object.keys(inputs)[0]!;
      expect(posted(result)?.body).toBe(
        `@${MAINTAINER} pr-debate could not start: ${message}. Fix \`${name}:\` under \`with:\` in the workflow file, then run it again (the command, or remove and add the label).`,
      );
      const commandId = (event as { comment: { id: number } }).comment.id;
      expect(github.state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual([
        'confused',
      ]);
      expect(seen.model()).toEqual([]);
    }
  });

  it('bad input on an event that starts nothing: the step fails naming the input, with no API call', async (ctx) => {
    const { expect } = ctx;
    const { run, since } = await startScenario(ctx);
    const seen = since();
    const result = await run(commentEvent({ owner: OWNER, repo: REPO, number: 1, body: 'LGTM', user: MAINTAINER }), {
      'max-rounds': 'ten',
    });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual(['::error::Input \'max-rounds\': expected a whole number from 0 to 5, got "ten"']);
    expect(seen.github()).toEqual([]);
    expect(seen.model()).toEqual([]);
  });

  it('a comment on a plain issue: exit 0 with a notice, and no GitHub call at all', async (ctx) => {
    const { expect } = ctx;
    const { run, since } = await startScenario(ctx);
    const seen = since();
    const result = await run(
      commentEvent({ owner: OWNER, repo: REPO, number: 7, body: POSITIONS, user: MAINTAINER, onIssue: true }),
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^::notice::pr-debate did not run: #7 is an issue, not a pull request\.$/m);
    expect(result.outputs.status).toBe('skipped');
    expect(seen.github()).toEqual([]);
    expect(seen.model()).toEqual([]);
  });
  it('no API key: the step fails within seconds, the PR says how to add the secret, and the process exits by itself', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, posted, since } = await startScenario(ctx);
    const event = await command(POSITIONS);
    const seen = since();
    const result = await run(event, { 'anthropic-api-key': '' });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      "::error::Input 'anthropic-api-key' is required to run a debate: add `anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` to the step and store the key as a repository secret",
    ]);
    const reply = posted(result)!.body;
    expect(reply).toContain(
      'repository secret named `ANTHROPIC_API_KEY` (Settings → Secrets and variables → Actions → New repository secret)',
    );
    expect(reply).toContain('add `anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` under the step');
    const commandId = (event as { comment: { id: number } }).comment.id;
    expect(github.state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual(['confused']);
    expect(seen.model()).toEqual([]);
  });

  it('the log shows each model call and each phase as it ends, not all at the end', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, command, run } = await startScenario(ctx);
    const event = await command(POSITIONS);
    // How many model requests had arrived when each log line did.
    const seenAt: { line: string; requests: number }[] = [];
    const result = await run(
      event,
      {},
      { onLine: (line) => seenAt.push({ line, requests: anthropic.requests.length }) },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    const total = anthropic.requests.length; // quick: 2 openings, the audit, 2 judge runs
    const first = (pattern: RegExp) => seenAt.find((s) => pattern.test(s.line));
    expect(
      first(
        /^ok {3}advocate A: opening; claude-sonnet-5-5; \d+ in, \d+ cache read, \d+ cache written, \d+ out; \d+\.\d s$/,
      )?.requests,
    ).toBeLessThan(total);
    expect(first(/^Phase openings ended after \d+\.\d s$/)?.requests).toBeLessThan(total);
    expect(first(/^Phase audit ended after/)?.requests).toBeLessThan(total);
  });

  it('the re-read of the PR head fails after the debate: the verdict is posted for the debated head, with a warning', async (ctx) => {
    const { expect } = ctx;
    const { github, anthropic, command, run, posted } = await startScenario(ctx);
    anthropic.setResponder(
      scriptedModel((info) => {
        // By the judge's turn the evidence is read: from now on GET pulls/1 fails.
        if (info.phase === 'judge')
          github.state.faults.push({ method: 'GET', path: '/repos/octo/cache/pulls/1', status: 404, times: Infinity });
        return undefined;
      }),
    );
    const result = await run(await command(POSITIONS));
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    expect(result.stdout).toMatch(
      /^::warning::Could not read pull request #1 again to see whether its head moved \(GitHub answered 404 Not Found.*\); the result is posted for c1{39}, the head that was debated\.$/m,
    );
    expect(posted(result)?.body.split('\n')[3]).toMatch(/^\*\*Verdict:\*\* position A\. /);
  });

  it('the job summary cannot be written (older GHES): a warning, and the run still succeeds', async (ctx) => {
    const { expect } = ctx;
    const { command, run, posted } = await startScenario(ctx);
    const result = await run(await command(POSITIONS), {}, { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status).toBe('success');
    expect(result.stdout).toMatch(
      /^::warning::Could not write the job summary \(Unable to find environment variable for \$GITHUB_STEP_SUMMARY/m,
    );
    expect(posted(result)?.body).toContain('**Verdict:** position A.');
  });

  it('a moderator that frames an empty topic: the debate is named after its positions, and the run succeeds', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, run, posted } = await startScenario(ctx);
    const framing = {
      contested: true,
      reason: 'A default flipped.',
      topic: '  ',
      positions: [{ label: 'keep the cache' }, { label: 'drop the cache' }],
      out_of_scope: [],
      suggested_command: null,
      pr_position: 'A',
    };
    anthropic.setResponder(
      scriptedModel((info) => (info.phase === 'moderator' ? { text: JSON.stringify({ framing }) } : undefined)),
    );
    const result = await run(
      labeledEvent({ owner: OWNER, repo: REPO, number: 1, label: 'debate', sender: MAINTAINER }),
      {},
      { eventName: 'pull_request_target' },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(JSON.parse(result.outputs.decision!)).toMatchObject({
      topic: 'keep the cache vs drop the cache',
      recommendation: 'A',
    });
    expect(posted(result)?.body).toContain('**Verdict:** position A.');
  });

  it('a re-run that fails leaves the verdict in place and says so in a short reply', async (ctx) => {
    const { expect } = ctx;
    const { github, anthropic, command, run, posted } = await startScenario(ctx);
    const first = await run(await command(POSITIONS));
    expect(first.exitCode, first.stdout).toBe(0);
    const verdict = posted(first)!;
    const kept = verdict.body;
    anthropic.setResponder(
      afterPreflight(() => ({ error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long' } })),
    );
    const again = await run(await command(POSITIONS));
    expect(again.exitCode).toBe(1);
    expect(github.state.comments.find((c) => c.id === verdict.id)?.body).toBe(kept);
    expect(again.stdout).toContain('A verdict is already posted on this PR: it stays until a newer one replaces it');
    const reply = posted(again)!;
    expect(reply.id).not.toBe(verdict.id);
    expect(reply.body).toMatch(
      /^@maintainer this run of pr-debate failed, so the verdict above stays as it is: The debate was aborted/,
    );
  });

  it('progress writes are off the critical path: a hanging plan write does not hold up reading the evidence', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run } = await startScenario(ctx);
    const event = await command(POSITIONS);
    // The plan's POST is answered only once the evidence is being read (its GraphQL query arrived): a run that
    // waited for the plan before reading would never get there, and the POST would be answered after 15 s.
    const evidenceRead = vi.waitUntil(() => github.state.requests.some((r) => r.path === '/graphql'), {
      timeout: 15_000,
      interval: 10,
    });
    github.state.faults.push({
      method: 'POST',
      path: '/repos/octo/cache/issues/1/comments',
      status: 201,
      pass: true,
      until: evidenceRead,
    });
    const result = await run(event);
    await expect(evidenceRead).resolves.toBe(true);
    expect(result.exitCode, result.stdout).toBe(0);
  });

  it('progress writes are off the critical path: the verdict is posted while an update still hangs', async (ctx) => {
    const { expect } = ctx;
    const { github, command, run, posted } = await startScenario(ctx);
    const event = await command(POSITIONS);
    // The first update of the plan is answered only once the verdict was sent: a verdict that waited for it
    // would never go, and the update would be answered after 15 s.
    const verdictSent = vi.waitUntil(
      () =>
        github.state.requests.some(
          (r) =>
            r.method === 'PATCH' && String((r.body as { body?: string } | undefined)?.body).includes('**Verdict:**'),
        ),
      { timeout: 15_000, interval: 10 },
    );
    github.state.faults.push({
      method: 'PATCH',
      path: /^\/repos\/octo\/cache\/issues\/comments\/\d+$/,
      status: 200,
      pass: true,
      until: verdictSent,
      times: 1,
    });
    const result = await run(event);
    expect(result.exitCode, result.stdout).toBe(0);
    await expect(verdictSent).resolves.toBe(true);
    expect(posted(result)?.body).toContain('**Verdict:** position A.');
  });
});

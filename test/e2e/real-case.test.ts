import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StartTimer } from '../../src/llm/start-models.js';
import { parse, parseDocument } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { callMetaOf, type ReceivedMessagesRequest } from '../support/anthropic-server.js';
import { commentEvent, labeledEvent } from '../support/event-payloads.js';
import { NODE24_UNAVAILABLE } from '../support/node24.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { runAction, spawnAction, type ActionStep } from '../support/run-action.js';
import { scriptedModel } from '../support/commander-script.js';

/** The Messages requests of the debate itself, without the pre-flight check before it (issue #12). */
function debateRequests(scenario: { anthropic?: { requests: ReceivedMessagesRequest[] } }): ReceivedMessagesRequest[] {
  return (scenario.anthropic?.requests ?? []).filter((r) => callMetaOf(r.headers)?.phase !== 'preflight');
}

/**
 * The action on a real change: commander 12.1.0 -> 13.0.0 (excess arguments became an error by default),
 * with its Readme as the design document. GitHub and the model are local servers speaking the real
 * protocols to the real Octokit and Anthropic SDK. The first labelled run is the bundled action as the
 * Actions runner runs it (Node 24, from action.yml: the output file, the log, stderr); the rest run the
 * action's entry in process (`test/support/run-action.ts`).
 */
const CASE = 'commander-excess-arguments';

describe('the action on a real case', () => {
  let scenario: RealCaseScenario;
  beforeAll(async () => {
    scenario = await startRealCaseScenario(
      CASE,
      scriptedModel(() => scenario),
    );
  }, 300_000);
  afterAll(async () => scenario?.close());

  const step = (eventName: string, payload: unknown): ActionStep => ({
    eventName,
    payload,
    repository: scenario.repository,
    apiUrl: scenario.github.url,
    inputs: {
      'github-token': SCENARIO.githubToken,
      'anthropic-api-key': SCENARIO.anthropicKey,
      'base-url': scenario.anthropic!.url,
      'rfc-path': 'Readme.md',
    },
  });
  const ourComments = () => scenario.github.state.comments.filter((c) => c.body.startsWith('<!-- pr-debate:v1'));

  it.skipIf(NODE24_UNAVAILABLE !== undefined)(
    'the bundled action turns a labelled PR into one comment with a cited verdict, a valid record and the outputs; a second run updates it in place',
    async () => {
      const [o, r] = scenario.repository.split('/') as [string, string];
      const first = await spawnAction(
        step(
          'pull_request',
          labeledEvent({
            owner: o,
            repo: r,
            number: SCENARIO.pullNumber,
            label: 'debate',
            sender: SCENARIO.maintainer,
          }),
        ),
      );
      expect(first.stderr).toBe('');
      expect(first.exitCode).toBe(0);
      expect(first.signal).toBeNull(); // it ended by itself: no timer or socket left behind

      const comments = ourComments();
      expect(comments).toHaveLength(1);
      const body = comments[0]!.body;
      expect(comments[0]!.user.login).toBe(SCENARIO.botLogin);
      // The moderator named A the change as written, and A won: the first line says the PR merges as it is.
      expect(body.split('\n')[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
      // B's attack on A cites nothing, so nothing tested A: it is untested, and its confidence low (issue #39).
      expect(body).toContain('| **A.** Excess arguments are an error by default **(this PR)** | 🧪 untested |');

      // Every blob link points at the head commit, at lines that exist there.
      const links = [
        ...body.matchAll(
          /\]\((https:\/\/github\.com\/[^)\s]+\/blob\/([0-9a-f]{40})\/([^#)\s]+)#L(\d+)(?:-L(\d+))?)\)/g,
        ),
      ];
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const [, url, sha, path, start, end] of links) {
        expect(url).toContain(`https://github.com/${scenario.repository}/blob/`);
        expect(sha).toBe(scenario.pull.head.sha);
        const lines = scenario.pull.readFile(sha!, decodeURIComponent(path!))?.toString('utf8').split('\n');
        expect(lines, url).toBeDefined();
        expect(Number(end ?? start)).toBeLessThanOrEqual(lines!.length);
      }
      // The wrong citation is marked and not linked.
      const decoded = (line: string) =>
        line.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
      const wrongLine = body.split('\n').find((l) => decoded(l).includes('this._allowExcessArguments = true;'));
      expect(wrongLine).toContain('⚠️ **unverified**');
      expect(wrongLine).not.toMatch(/\]\(https?:/);

      // The record parses, satisfies the schema, and its digest is of the evidence the models saw.
      const yaml = /```yaml\n([\s\S]*?)\n```/.exec(body)?.[1];
      const record = decisionRecordSchema.parse(parse(yaml!));
      const evidenceSeen = (debateRequests(scenario)[0]!.body.messages[0]!.content as { text: string }[])[0]!.text;
      expect(record).toMatchObject({
        repo: scenario.repository,
        pull_request: SCENARIO.pullNumber,
        head_sha: scenario.pull.head.sha,
        evidence_digest: `sha256:${createHash('sha256').update(evidenceSeen).digest('hex')}`,
        trigger: 'label',
        requested_by: SCENARIO.maintainer,
        recommendation: 'A',
        pr_position: 'A',
        no_decision_reason: null,
        completion: 'success',
        preset: 'standard',
        rounds: 1,
        positions: [
          { id: 'A', status: 'untested', verified_citations: 3, unverified_citations: 0 },
          { id: 'B', status: 'unresolved', verified_citations: 0, unverified_citations: 1 },
        ],
      });
      expect(
        record.usage.input_tokens + record.usage.cache_read_input_tokens + record.usage.cache_creation_input_tokens,
      ).toBeGreaterThan(10_000);
      // One output schema for every call (the moderator's guessed two positions, and framed two), so the evidence
      // is written to the cache once, by the moderator, and read by every later call; the openings need no warm-up.
      const requests = debateRequests(scenario);
      expect(scenario.anthropic!.requests.length - requests.length).toBe(1); // one pre-flight call: one model
      const own = requests.filter((r) => callMetaOf(r.headers)?.warmUp !== true);
      expect(own).toHaveLength(12); // moderator, 2 openings, 2 cross-examination, 2 closing, 2 steelmans, audit, 2 judge runs
      expect(callMetaOf(requests[0]!.headers)?.phase).toBe('framing');
      expect(callMetaOf(requests[1]!.headers)?.phase).toBe('opening');
      expect(callMetaOf(requests[1]!.headers)?.warmUp).toBeUndefined();
      expect(new Set(requests.map((r) => JSON.stringify(r.body.output_config))).size).toBe(1);
      const evidence = requests[0]!.usage!.cache_creation_input_tokens!;
      expect(evidence).toBeGreaterThan(10_000);
      for (const r of requests.slice(1)) expect(r.usage!.cache_read_input_tokens).toBeGreaterThanOrEqual(evidence);
      // The record counts every call of the run, the pre-flight check's too (the spending cap counts it as well).
      const sum = (key: 'input_tokens' | 'output_tokens') =>
        scenario.anthropic!.requests.reduce((n, r) => n + (r.usage?.[key] ?? 0), 0);
      expect(record.usage.output_tokens).toBe(sum('output_tokens'));
      expect(record.usage.input_tokens).toBe(sum('input_tokens'));

      expect(first.outputs).toMatchObject({
        status: 'success',
        recommendation: 'A',
        confidence: 'low',
        'comment-url': comments[0]!.html_url,
        'no-decision-reason': '',
      });
      expect(JSON.parse(first.outputs.decision!)).toEqual(record);
      expect(first.summary).toContain('pr-debate: merge as written.');
      // The secrets are masked for the runner.
      expect(first.stdout).toContain(`::add-mask::${SCENARIO.anthropicKey}`);

      // The same debate again: the same comment, updated in place.
      const before = ourComments()[0]!;
      const again = await runAction(
        step(
          'pull_request',
          labeledEvent({
            owner: o,
            repo: r,
            number: SCENARIO.pullNumber,
            label: 'debate',
            sender: SCENARIO.maintainer,
          }),
        ),
      );
      expect(again.exitCode).toBe(0);
      expect(ourComments()).toHaveLength(1);
      expect(ourComments()[0]!.id).toBe(before.id);
      expect(again.outputs['comment-url']).toBe(before.html_url);
    },
  );

  it('writes a decision document that parses as YAML front matter and reads on its own: the six sections and the falsified positions', async () => {
    const [o, r] = scenario.repository.split('/') as [string, string];
    const workspace = await mkdtemp(path.join(tmpdir(), 'pr-debate-decisions-'));
    try {
      const result = await runAction({
        eventName: 'pull_request',
        payload: labeledEvent({
          owner: o,
          repo: r,
          number: SCENARIO.pullNumber,
          label: 'debate',
          sender: SCENARIO.maintainer,
        }),
        repository: scenario.repository,
        apiUrl: scenario.github.url,
        inputs: {
          'github-token': SCENARIO.githubToken,
          'anthropic-api-key': SCENARIO.anthropicKey,
          'base-url': scenario.anthropic!.url,
          'rfc-path': 'Readme.md',
          'decision-record-path': 'docs/decisions',
        },
        env: { GITHUB_WORKSPACE: workspace },
      });
      expect(result.exitCode).toBe(0);
      const file = result.outputs['decision-record-file']!;
      expect(file.startsWith(path.join(workspace, 'docs/decisions'))).toBe(true);
      const text = await readFile(file, 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      expect(match, 'front matter between --- lines').not.toBeNull();
      const document = parseDocument(match![1]!, { strict: true, uniqueKeys: true });
      expect(document.errors).toEqual([]);
      const { status, 'decision-makers': makers, ...fields } = document.toJS() as Record<string, unknown>;
      // pr-debate's record, exactly, plus MADR 4.0's status and decision-makers (its date is the record's).
      expect(decisionRecordSchema.strict().parse(fields)).toEqual(JSON.parse(result.outputs.decision!));
      expect(status).toBe('accepted');
      expect(makers).toEqual(['pr-debate judge (claude-sonnet-5-5)']);
      expect(String(fields.date)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const body = match![2]!;
      const headings = [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(headings).toEqual([
        'Decision',
        'Confidence',
        'Key reasoning',
        'Irreducible trade-offs',
        'What would change this decision',
        'Dissenting position',
        'Falsified positions',
      ]);
      // Read on its own: what was decided for the PR, why, what it costs, and what would change it.
      const section = (name: string) => body.split(`## ${name}\n`)[1]!.split('\n## ')[0]!;
      expect(section('Decision')).toContain(
        'Merge as written: the debate decided for position A (Excess arguments are an error by default), which is this PR as written.',
      );
      expect(section('Confidence')).toMatch(/^\nlow: \S/);
      const reasons = section('Key reasoning').match(/^\d+\. \S/gm) ?? [];
      expect(reasons.length).toBeGreaterThanOrEqual(3);
      expect(reasons.length).toBeLessThanOrEqual(5);
      expect((section('Irreducible trade-offs').match(/^- \S/gm) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(section('What would change this decision')).toMatch(/^- \S/m);
      expect(section('Dissenting position')).toMatch(/^- \S/m);
      expect(section('Falsified positions')).toContain('None: no position was defeated by verified evidence.');
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});

describe('the action: commands, refusals and failures', () => {
  let scenario: RealCaseScenario;
  let failing = false;
  let hanging = false;
  beforeAll(async () => {
    const script = scriptedModel(() => scenario);
    scenario = await startRealCaseScenario(CASE, async (request, context) => {
      if (hanging) return { hang: true };
      if (failing) return { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long' } };
      return script(request, context);
    });
  }, 300_000);
  afterAll(async () => scenario?.close());
  const run = (eventName: string, payload: unknown, inputs: Record<string, string> = {}, startTimer?: StartTimer) =>
    runAction({
      eventName,
      payload,
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: {
        'github-token': SCENARIO.githubToken,
        'anthropic-api-key': SCENARIO.anthropicKey,
        'base-url': scenario.anthropic!.url,
        ...inputs,
      },
      ...(startTimer ? { startTimer } : {}),
    });
  const names = () => scenario.repository.split('/') as [string, string];
  const comment = async (body: string, user: string = SCENARIO.maintainer) =>
    commentEvent({
      owner: names()[0],
      repo: names()[1],
      number: SCENARIO.pullNumber,
      body,
      user,
      commentId: await scenario.comment(body, user),
    });

  it('debates the positions of a comment command, asking the moderator only which one is the PR, reacting to the command', async () => {
    const result = await run(
      'issue_comment',
      await comment(
        '/debate Excess arguments are an error by default vs Excess arguments stay allowed by default --rfc=Readme.md',
      ),
    );
    expect(result.exitCode).toBe(0);
    expect(result.outputs.status).toBe('success');
    const texts = scenario.anthropic!.requests.map((r) => JSON.stringify(r.body));
    // The moderator frames nothing: with no position marked "(this PR)", it is asked only which one is the PR (issue #28).
    expect(texts.filter((t) => t.includes('Your role: moderator'))).toHaveLength(1);
    expect(
      texts.filter((t) => t.includes('Your only task is to say which of them is this pull request as written')),
    ).toHaveLength(1);
    const command = scenario.github.state.comments.find((c) => c.body.startsWith('/debate Excess'))!;
    // The reaction said "working" (eyes) while it ran, and says "done" (rocket) now, last of the run's
    // writes; the rocket did not wait for the eyes to go.
    const reactionRequests = scenario.github.state.requests.filter((r) =>
      r.path.includes(`/comments/${command.id}/reactions`),
    );
    expect(
      reactionRequests.map((r) => `${r.method} ${(r.body as { content?: string } | undefined)?.content ?? ''}`.trim()),
    ).toEqual(['POST eyes', 'POST rocket', 'DELETE']);
    expect(scenario.github.state.requests.at(-1)).toBe(reactionRequests.at(-1));
    expect(scenario.github.state.reactions.filter((r) => r.commentId === command.id).map((r) => r.content)).toEqual([
      'rocket',
    ]);

    // Progress arrived in order on one comment: the plan first, one update per phase, then the verdict.
    const debateComment = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url'])!;
    const writes = scenario.github.state.requests
      .filter(
        (r) =>
          (r.method === 'POST' &&
            r.path.endsWith('/issues/1/comments') &&
            String((r.body as { body: string }).body).startsWith('<!-- pr-debate:v1')) ||
          (r.method === 'PATCH' && r.path.endsWith(`/issues/comments/${debateComment.id}`)),
      )
      .slice(-20);
    const bodies = writes
      .map((r) => (r.body as { body: string }).body)
      .filter((b) => b.startsWith(debateComment.body.split('\n')[0]!));
    const progressBodies = bodies.filter((b) => b.includes('pr-debate is debating'));
    expect(progressBodies[0]).toContain('- ⏳ Evidence pack');
    expect(progressBodies[0]).toContain('**A.** Excess arguments are an error by default');
    const doneCounts = progressBodies.map((b) => (b.match(/✅/g) ?? []).length);
    expect(doneCounts).toEqual([...doneCounts].sort((a, b) => a - b));
    expect(new Set(doneCounts).size).toBe(doneCounts.length); // at most one update per phase
    expect(progressBodies.some((b) => /Estimate:\*\* up to \d+ model calls, about \$\d+\.\d\d/.test(b))).toBe(true);
    // Named positions with no "(this PR)": the moderator named A as the PR (the script's framing), so the verdict
    // for A is merge as written: the first line says so, the record has pr_position A, and the check passes (issue #28).
    expect(bodies.at(-1)!.split('\n')[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    expect(bodies.at(-1)).toContain('the moderator found that position A is this PR as written');
    const record = JSON.parse(result.outputs.decision!);
    expect(record).toMatchObject({
      trigger: 'comment',
      topic: 'Excess arguments are an error by default vs Excess arguments stay allowed by default',
      recommendation: 'A',
      pr_position: 'A',
    });
    expect(result.outputs['gate-conclusion']).toBe('success');
    // Before the moderator has said it, the progress comment marks no position as this PR (unknown, not none).
    expect(progressBodies[0]).not.toContain('(this PR)');
    expect(progressBodies[0]).not.toContain('No position is this PR');
  });

  it('runs --deep with two cross-examination rounds, and --rounds=0 as quick', async () => {
    const ownCalls = () => debateRequests(scenario).filter((r) => callMetaOf(r.headers)?.warmUp !== true).length;
    const before = ownCalls();
    const deep = await run(
      'issue_comment',
      await comment(
        '/debate Excess arguments are an error by default vs Excess arguments stay allowed by default --deep --rfc=Readme.md',
      ),
    );
    expect(deep.exitCode).toBe(0);
    expect(JSON.parse(deep.outputs.decision!)).toMatchObject({ preset: 'deep', rounds: 2, completion: 'success' });
    // Deep gives a two-position debate the pragmatist (issue #28): 3 openings, 2 x 3 cross-examination, 2 closing
    // (the script attacks only A and B), 3 steelmans, audit, 2 judge runs, and the moderator's naming of the PR's position.
    expect(JSON.parse(deep.outputs.decision!).positions.map((p: { id: string }) => p.id)).toEqual(['A', 'B', 'C']);
    expect(ownCalls() - before).toBe(18);
    const posted = scenario.github.state.comments.find((c) => c.html_url === deep.outputs['comment-url'])!;
    expect(posted.body).toContain('<details><summary>Transcript: Cross-examination round 2</summary>');
    expect(posted.body).toContain('<details><summary>Transcript: Steelman swap</summary>');

    const quick = await run('issue_comment', await comment('/debate keep vs drop --rounds=0'));
    expect(JSON.parse(quick.outputs.decision!)).toMatchObject({ preset: 'quick', rounds: 0 });
  });

  it('replies with the problem and the usage to a malformed command, without a model call', async () => {
    const calls = scenario.anthropic!.requests.length;
    const result = await run('issue_comment', await comment('/debate a vs b vs c vs d vs e'));
    expect(result.exitCode).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    expect(scenario.github.state.comments.at(-1)!.body).toContain('5 positions were given; at most 4 are allowed');
    expect(scenario.anthropic!.requests.length).toBe(calls);
  });

  it('refuses a commenter without write access, without a model call', async () => {
    const calls = scenario.anthropic!.requests.length;
    const result = await run('issue_comment', await comment('/debate a vs b', 'outsider'));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/::notice::outsider has the "read" role/);
    expect(scenario.github.state.comments.at(-1)!.body).toContain('only people with write access');
    expect(scenario.anthropic!.requests.length).toBe(calls);
  });

  it('refuses an author outside the repository on author_association alone, without a permission lookup', async () => {
    const before = scenario.github.state.requests.length;
    const [o, r] = names();
    const payload = commentEvent({
      owner: o,
      repo: r,
      number: SCENARIO.pullNumber,
      body: '/debate a vs b',
      user: 'outsider',
      association: 'NONE',
      commentId: await scenario.comment('/debate a vs b', 'outsider'),
    });
    const result = await run('issue_comment', payload);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/::notice::outsider is NONE on this repository/);
    const paths = scenario.github.state.requests.slice(before).map((q) => `${q.method} ${q.path}`);
    expect(paths.some((p) => p.includes('/collaborators/'))).toBe(false);
    expect(paths.filter((p) => p.startsWith('POST') && p.endsWith('/comments'))).toHaveLength(2); // the command itself, then the reply
  });

  it('leaves a fork PR under pull_request to the workflow_run bridge, before any API call', async () => {
    const before = scenario.github.state.requests.length;
    const [o, r] = names();
    const fork = labeledEvent({
      owner: o,
      repo: r,
      number: SCENARIO.pullNumber,
      label: 'debate',
      sender: SCENARIO.maintainer,
      headRepository: 'contributor/fork',
    });
    const result = await runAction({
      eventName: 'pull_request',
      payload: fork,
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: { 'github-token': 'read-only' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /::notice::pr-debate did not run: PR #1 comes from a fork \(contributor\/fork\).*workflow_run/,
    );
    expect(scenario.github.state.requests.length).toBe(before);
  });

  it('replies to a label added by someone without write access, without a model call', async () => {
    const calls = scenario.anthropic!.requests.length;
    const [o, r] = names();
    const result = await run(
      'pull_request',
      labeledEvent({ owner: o, repo: r, number: SCENARIO.pullNumber, label: 'debate', sender: 'outsider' }),
    );
    expect(result.exitCode).toBe(0);
    expect(scenario.github.state.comments.at(-1)!.body).toBe(
      '@outsider only people with write access to this repository can start a debate.',
    );
    expect(scenario.anthropic!.requests.length).toBe(calls);
  });

  it('names the failed step in the comment and the log when GitHub fails after the trigger', async () => {
    scenario.github.state.faults.push({
      method: 'GET',
      path: /\/pulls\/1$/,
      status: 404,
      body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' },
    });
    const result = await run('issue_comment', await comment('/debate keep it vs drop it'));
    expect(result.exitCode).toBe(1);
    const posted = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
    // The message is sanitised like any text the run did not write itself: `#1` carries a zero-width space (no cross-reference).
    expect(posted?.body.replace(/\u200b/g, '')).toContain(
      'reading pull request #1 from GitHub failed: GitHub answered 404 Not Found: check that the pull request exists',
    );
    expect(result.stdout).toMatch(/::error::reading pull request #1 from GitHub failed/);
  });

  it('stops hanging model calls at the run deadline and posts what exists', async () => {
    hanging = true;
    // The deadline's clock: it comes once a model call hangs on the server.
    const calls = scenario.anthropic!.requests.length;
    let deadlineMs: number | undefined;
    const startTimer: StartTimer = (fire, ms) => {
      deadlineMs = ms;
      let cleared = false;
      void vi
        .waitUntil(() => scenario.anthropic!.requests.length > calls, { timeout: 20_000, interval: 10 })
        .then(
          () => cleared || fire(),
          () => undefined,
        );
      return () => (cleared = true);
    };
    const result = await run(
      'issue_comment',
      await comment('/debate keep it vs drop it'),
      { 'deadline-minutes': '0.03' },
      startTimer,
    );
    hanging = false;
    expect(deadlineMs).toBe(1_800);
    expect(result.exitCode).toBe(1);
    expect(result.outputs.status).toBe('aborted');
    const posted = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
    expect(posted?.body).toContain('the run deadline was reached (deadline-minutes: 0.03)');
  });

  it('exits 0 with a notice for an event it does not handle', async () => {
    const [o, r] = names();
    const result = await run(
      'pull_request',
      labeledEvent({ owner: o, repo: r, number: SCENARIO.pullNumber, label: 'debate', action: 'opened' }),
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/::notice::pr-debate did not run: pull_request event with action "opened"/);
    expect(result.outputs.status).toBe('skipped');
  });

  it('still posts a comment that says what failed when every model call fails, and the step fails', async () => {
    failing = true;
    const result = await run('issue_comment', await comment('/debate keep it vs drop it'));
    failing = false;
    expect(result.exitCode).toBe(1);
    expect(result.outputs.status).toBe('aborted');
    const posted = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
    // The pre-flight call is the first to fail: the run stops there, before the debate, and says why.
    expect(posted?.body).toContain(
      'Model "claude-sonnet-5-5" (input model; the Anthropic API) did not answer the pre-flight call: the model API refused the request: prompt is too long.',
    );
    expect(result.stdout).toMatch(/::error::checking that the models answer failed: Model "claude-sonnet-5-5"/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labeledEvent } from '../support/event-payloads.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { runAction } from '../support/run-action.js';
import { scriptedModel } from '../support/commander-script.js';
import { diffLines } from '../support/github-server.js';
import { readQuote } from '../../src/threads/render-thread.js';

/**
 * Issue #34 on a real case (commander 12.1.0 -> 13.0.0), the bundled action run as the runner runs it:
 * the decisive evidence on the diff as one review whose comments sit on lines GitHub accepts, the same
 * lines as check-run notices, one set of comments after a re-run, and after a push the threads whose
 * cited lines are gone resolved (never one a person replied in), with `review-threads: off` posting nothing.
 */
const CASE = 'commander-excess-arguments';

describe('review threads on the decisive lines (issue #34)', () => {
  let scenario: RealCaseScenario;
  beforeAll(async () => {
    // The judge falsifies B with two verified lines: an added Readme line (on the diff) and a line of
    // lib/command.js the PR does not touch (outside the diff: a file-level comment).
    scenario = await startRealCaseScenario(
      CASE,
      scriptedModel(
        () => scenario,
        (phase, reply) => {
          if (phase !== 'ruling') return;
          const ruling = reply.ruling as { positions: Record<string, unknown>; recommendation: string };
          // B, under the id this run shows it (a run with swapped ids shows it as A): the one not recommended.
          const b = Object.keys(ruling.positions).find((id) => id !== ruling.recommendation)!;
          ruling.positions[b] = {
            status: 'falsified',
            rationale: 'The Readme documents the error.',
            defeating_citations: [
              headLine(
                'Readme.md',
                (n, text) => text.includes('excess arguments will be reported as an error') && inDiff('Readme.md', n),
              ),
              headLine('lib/command.js', (n, text) => text.trim().length > 20 && !inDiff('lib/command.js', n)),
            ],
          };
        },
      ),
    );
  }, 300_000);
  afterAll(async () => scenario?.close());

  const run = (eventName: string, payload: unknown, inputs: Record<string, string> = {}) =>
    runAction({
      eventName,
      payload,
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: {
        'github-token': SCENARIO.githubToken,
        'anthropic-api-key': SCENARIO.anthropicKey,
        'base-url': scenario.anthropic!.url,
        'rfc-path': 'Readme.md',
        ...inputs,
      },
    });
  const label = () => {
    const [o, r] = scenario.repository.split('/') as [string, string];
    return labeledEvent({
      owner: o,
      repo: r,
      number: SCENARIO.pullNumber,
      label: 'debate',
      sender: SCENARIO.maintainer,
    });
  };
  const reviews = () => scenario.github.state.reviews;
  const inDiff = (path: string, n: number) =>
    diffLines(scenario.pull.files.find((f) => f.filename === path)!.patch).RIGHT.has(n);
  const headLine = (path: string, pick: (n: number, text: string) => boolean) => {
    const lines = scenario.pull.readFile(scenario.pull.head.sha, path)!.toString('utf8').split('\n');
    const index = lines.findIndex((text, i) => pick(i + 1, text));
    return { path, side: 'head', line_start: index + 1, line_end: index + 1, quote: lines[index]!.trim() };
  };

  it('posts nothing inline with review-threads: off', async () => {
    const off = await run('pull_request', label(), { 'review-threads': 'off' });
    expect(off.exitCode, off.stderr).toBe(0);
    expect(scenario.github.state.comments.some((c) => c.body.startsWith('<!-- pr-debate:v1'))).toBe(true);
    expect(reviews().reviewComments).toHaveLength(0);
    expect(reviews().reviews).toHaveLength(0);
    expect(scenario.github.state.checkRunAnnotations).toHaveLength(0);
  }, 240_000);

  it('posts one COMMENT review on verified lines of the diff, with the same lines as notices on the check run; a re-run leaves one set', async () => {
    const first = await run('pull_request', label());
    expect(first.exitCode, first.stderr).toBe(0);
    expect(reviews().reviews).toHaveLength(1);
    const review = reviews().reviews[0]!;
    expect(review.state).toBe('COMMENTED');
    expect(review.user.login).toBe(SCENARIO.botLogin);
    const comments = reviews().reviewComments;
    // A's decisive line and B's two defeating lines: two on the diff, one on its file (outside the diff).
    expect(comments.map((c) => /key=(\S+) -->/.exec(c.body)?.[1]).sort()).toEqual(['A', 'B.defeat.1', 'B.defeat.2']);
    expect(comments.filter((c) => c.subject_type === 'file').map((c) => c.path)).toEqual(['lib/command.js']);
    expect(review.comment_ids).toHaveLength(2);
    // At most one comment per position (A, B) and per defeating citation; every one on a line of the diff.
    const keys = comments.map((c) => /key=(\S+) -->/.exec(c.body)?.[1]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const comment of comments) {
      const file = scenario.pull.files.find((f) => f.filename === comment.path)!;
      if (comment.subject_type === 'line') expect(diffLines(file.patch)[comment.side!].has(comment.line!)).toBe(true);
      // The comment shows the file's own line at the head (and keeps it to check after a push), links the verdict, mentions nobody.
      const cited = Number(/#L(\d+)\)/.exec(comment.body)?.[1]);
      const shown = scenario.pull.readFile(scenario.pull.head.sha, comment.path)!.toString('utf8').split('\n')[
        cited - 1
      ]!;
      // Lines are cut to a readable width (160 characters) with an ellipsis.
      expect(comment.body).toContain(shown.trim().slice(0, 150));
      expect(readQuote(comment.body)).toBe(shown.replace(/\s+/g, ' ').trim());
      expect(comment.body).toContain(
        `[The verdict and the whole debate](${scenario.github.state.comments.find((c) => c.body.startsWith('<!-- pr-debate:v1'))!.html_url})`,
      );
      expect(comment.body).not.toMatch(/@\w/);
    }
    // The check run carries the same head lines as notices.
    const annotations = scenario.github.state.checkRunAnnotations;
    expect(annotations.map((a) => `${a.path}:${a.end_line}`).sort()).toEqual(
      comments.map((c) => `${c.path}:${/#L(\d+)\)/.exec(c.body)?.[1]}`).sort(),
    );
    expect(annotations.every((a) => a.annotation_level === 'notice')).toBe(true);

    const ids = comments.map((c) => c.id).sort();
    const again = await run('pull_request', label());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(
      reviews()
        .reviewComments.map((c) => c.id)
        .sort(),
    ).toEqual(ids);
    expect(reviews().reviews).toHaveLength(1);
  }, 240_000);

  it('after a push that removes a cited line, a gate run resolves exactly the threads whose lines are gone, never one a person replied in', async () => {
    const comments = reviews().reviewComments.filter((c) => c.subject_type === 'line' && c.side === 'RIGHT');
    expect(comments).toHaveLength(2);
    // The first thread's line goes; a person replies to the second, whose line goes too; the file-level one's line stays.
    const [gone, kept] = comments as [(typeof comments)[0], (typeof comments)[0]];
    await reply(kept.id, 'I disagree with this line.');
    const oldHead = scenario.pull.head.sha;
    const newHead = 'f'.repeat(40);
    const removed = new Set([gone, kept].map((c) => `${c.path}:${c.line}`));
    const read = scenario.pull.readFile.bind(scenario.pull);
    scenario.pull.readFile = (sha, path) => {
      if (sha !== newHead) return read(sha, path);
      const text = read(oldHead, path)?.toString('utf8');
      if (text === undefined) return undefined;
      return Buffer.from(
        text
          .split('\n')
          .filter((_l, i) => !removed.has(`${path}:${i + 1}`))
          .join('\n'),
      );
    };
    scenario.pull.head.sha = newHead;
    scenario.pull.commits = [...(scenario.pull.commits ?? [oldHead]), newHead];
    const [o, r] = scenario.repository.split('/') as [string, string];
    const push = labeledEvent({
      owner: o,
      repo: r,
      number: SCENARIO.pullNumber,
      label: 'debate',
      sender: SCENARIO.maintainer,
      action: 'synchronize',
      headSha: newHead,
    });
    const gate = await run('pull_request', push, { mode: 'gate' });
    expect(gate.exitCode, gate.stderr).toBe(0);
    const threads = reviews().threads;
    const threadOf = (id: number) => threads.find((t) => t.comment_ids[0] === id)!;
    expect(threadOf(gone.id).isResolved).toBe(true);
    expect(reviews().reviewComments.find((c) => c.id === gone.id)!.body).toContain('**Outdated** at ffffffffffff');
    expect(threadOf(kept.id).isResolved).toBe(false);
    expect(reviews().reviewComments.find((c) => c.id === kept.id)!.body).toContain('**Outdated**');
    // The thread whose line is still there stays open and unmarked.
    const file = reviews().reviewComments.find((c) => c.subject_type === 'file')!;
    expect(threadOf(file.id).isResolved).toBe(false);
    expect(file.body).not.toContain('**Outdated**');
  }, 240_000);

  async function reply(commentId: number, body: string): Promise<void> {
    const response = await fetch(
      `${scenario.github.url}/repos/${scenario.repository}/pulls/${SCENARIO.pullNumber}/comments`,
      {
        method: 'POST',
        headers: { authorization: `token ghp_person_${SCENARIO.maintainer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body, in_reply_to: commentId }),
      },
    );
    expect(response.status).toBe(201);
  }
});

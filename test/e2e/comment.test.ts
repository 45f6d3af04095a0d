import { Parser } from 'commonmark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { MAX_COMMENT_CHARS } from '../../src/report/fit-comment.js';
import { scriptedModel } from '../support/commander-script.js';
import { commentEvent, labeledEvent } from '../support/event-payloads.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { runAction } from '../support/run-action.js';

/**
 * The comment as people meet it (issue #5), through the bundled action on the commander case: a
 * snapshot of a full standard debate, a reply too long for a comment, and two runs racing.
 */
const CASE = 'commander-excess-arguments';

describe('the debate comment on a real case', () => {
  let scenario: RealCaseScenario;
  let hugeDissent = false;
  beforeAll(async () => {
    scenario = await startRealCaseScenario(
      CASE,
      scriptedModel(
        () => scenario,
        (phase, reply) => {
          if (!hugeDissent || phase !== 'ruling') return undefined;
          // A 70,000-character reply: repetitive English, which tokenises at about 5 characters a token.
          reply.ruling = {
            ...(reply.ruling as Record<string, unknown>),
            dissent: `${'Old scripts pass extra words. '.repeat(2_330)}END-OF-DISSENT`,
          };
          return { outputTokens: 14_000 };
        },
      ),
    );
  }, 300_000);
  afterAll(async () => scenario?.close());
  const names = () => scenario.repository.split('/') as [string, string];
  const run = (eventName: string, payload: unknown) =>
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
      },
    });
  const command = async (body: string) => {
    const [owner, repo] = names();
    return commentEvent({
      owner,
      repo,
      number: SCENARIO.pullNumber,
      body,
      user: SCENARIO.maintainer,
      commentId: await scenario.comment(body, SCENARIO.maintainer),
    });
  };

  it('renders a full standard debate as the snapshot shows', async () => {
    const [owner, repo] = names();
    const result = await run(
      'pull_request',
      labeledEvent({ owner, repo, number: SCENARIO.pullNumber, label: 'debate', sender: SCENARIO.maintainer }),
    );
    expect(result.exitCode).toBe(0);
    const body = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url'])!.body;
    // Only what changes from run to run is masked: the date, wall times and the comment's own ids.
    const stable = body
      .replace(/^date: .*$/m, 'date: <date>')
      .replace(/ · [\d.]+ s · /g, ' · <wall time> · ')
      .replace(/\d+(\.\d)? s\)/g, '<s>)');
    await expect(stable).toMatchFileSnapshot('__snapshots__/commander-standard-comment.md');
    // The decision of record (issue #15): a pr-debate check run on the head, the record as canonical JSON, the comment linked.
    const record = decisionRecordSchema.parse(parse(/```yaml\n([\s\S]*?)\n```/.exec(body)![1]!));
    const check = scenario.github.state.checkRuns.find(
      (c) => c.name === 'pr-debate' && c.head_sha === scenario.pull.head.sha,
    )!;
    expect(check).toMatchObject({ conclusion: 'success', details_url: result.outputs['comment-url'] });
    // The check says what the verdict means for the PR first, as the comment's first line does, then why it passes.
    expect(check.output.summary).toBe(
      `Merge as written: the debate decided for position A (${record.positions[0]!.label}), which is this PR as written. The debate recommends A (${record.positions[0]!.label}) with ${record.confidence} confidence. A is the PR's position: the PR as written follows the decision. [The debate](${result.outputs['comment-url']}).`,
    );
    expect(JSON.parse(check.output.text!)).toEqual(record);
    expect(result.outputs['gate-conclusion']).toBe('success');
  });

  it('cuts a 70,000-character reply safely: under the limit, well-formed, the record whole, the full report kept', async () => {
    hugeDissent = true;
    const result = await run('issue_comment', await command('/debate errors by default vs allowed by default --quick'));
    hugeDissent = false;
    expect(result.exitCode, result.stdout).toBe(0);
    const body = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url'])!.body;
    expect(body.length).toBeLessThan(MAX_COMMENT_CHARS);
    expect(body).toContain("This comment reached GitHub's size limit and was cut here");
    expect(body).not.toContain('END-OF-DISSENT');
    // Every <details> it opens is closed, and the record is one parseable code block.
    let open = 0;
    const code: string[] = [];
    const walker = new Parser().parse(body).walker();
    let event;
    while ((event = walker.next())) {
      const node = event.node;
      if (!event.entering) continue;
      if (node.type === 'html_block' || node.type === 'html_inline')
        open += (node.literal!.match(/<details>/g)?.length ?? 0) - (node.literal!.match(/<\/details>/g)?.length ?? 0);
      if (node.type === 'code_block') code.push(node.literal ?? '');
    }
    expect(open).toBe(0);
    expect(code).toHaveLength(1);
    expect(decisionRecordSchema.parse(parse(code[0]!))).toEqual(JSON.parse(result.outputs.decision!));
    // Nothing is lost: the job summary has the whole report, and the log names the file that holds it.
    expect(result.summary).toContain('END-OF-DISSENT');
    expect(result.stdout).toMatch(/The whole report is in .*pr-debate-[0-9a-f]{16}\.md/);
  });

  it('leaves one comment when two runs of the same debate race', async () => {
    const payload = await command('/debate race one vs race two --quick');
    const [first, second] = await Promise.all([run('issue_comment', payload), run('issue_comment', payload)]);
    expect([first.exitCode, second.exitCode], first.stdout + second.stdout).toEqual([0, 0]);
    const marker = scenario.github.state.comments
      .find((c) => c.html_url === first.outputs['comment-url'])!
      .body.split('\n')[0]!;
    const ours = scenario.github.state.comments.filter((c) => c.body.startsWith(marker));
    expect(ours).toHaveLength(1);
    expect(second.outputs['comment-url']).toBe(first.outputs['comment-url']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  renderCommandReply,
  renderFailureComment,
  renderInputProblem,
  renderNotContestedComment,
  renderRefusal,
} from '../../src/report/render-notices.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';
import { parseCommandLine } from '../../src/trigger/parse-command.js';

/** The reply to a malformed command, as posted. */
function replyTo(line: string): string {
  const parsed = parseCommandLine(line, '/debate');
  if (parsed.kind !== 'invalid') throw new Error(`${line} parsed as ${parsed.kind}`);
  return renderCommandReply({ kind: 'invalid', problem: parsed.problem }, '/debate');
}

describe('replies and notices', () => {
  it('echoes what the user typed through the sanitiser: no HTML, link or mention of its making', () => {
    const reply = replyTo('/debate a vs b --rounds=<img/src=x>@octocat[x](https://evil.example)');
    expect(reply).toContain('&lt;img/src=x&gt;');
    expect(reply).not.toContain('<img');
    expect(reply).not.toMatch(/@octocat/);
    expect(reply).not.toContain('[x](');
    expect(reply).toContain('`--rounds` needs a number from 0 to 5');
  });

  it('keeps the code spans of a message apart from a stray backtick of what the user wrote', () => {
    // `` `` @octocat` ``: the stray `` `` `` once stood before the message's code span `` ` @octocat` ``, so the
    // code span's backtick closed nothing and @octocat stood in text, a mention.
    const reply = renderInputProblem('alice', 'max-rounds', 'Input \'max-rounds\': expected 0..5, got "`` @octocat`"');
    expect(renderAsGitHub(reply).links.map((l) => `${l.kind} ${l.target}`)).toEqual(['mention @alice']);
  });

  it("mentions the refused user only by a login of GitHub's shape, and sanitises a failure", () => {
    expect(renderRefusal('alice-1')).toMatch(/^@alice-1 only people with write access/);
    expect(renderRefusal('x @octocat <b>')).not.toMatch(/@octocat|<b>/);
    expect(
      renderFailureComment('0123456789abcdef', 'boom <!-- pr-debate:v1 id=ffffffffffffffff -->', undefined).match(
        /<!--/g,
      ),
    ).toHaveLength(1);
  });

  it("checks the references in the moderator's reason, and forms no autolink from it", () => {
    const pack = fixturePack();
    const context = {
      id: '0123456789abcdef',
      serverUrl: 'https://github.com',
      owner: 'octo',
      repo: 'widgets',
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    };
    const body = renderNotContestedComment(
      {
        contested: false,
        reason: 'Only src/cache.ts:11 changed; lib/x.js:2 is not here. See #12 and www.evil.example.',
        topic: '',
        positions: [],
        out_of_scope: [],
        suggested_command: null,
        pr_position: null,
      },
      context,
      '/debate',
      { pack, context },
    );
    expect(body).toContain('`lib/x.js:2` (⚠️ **unverified**: no such file)');
    expect(renderAsGitHub(body).links.map((l) => `${l.kind} ${l.target}`)).toEqual([
      `link https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11`,
    ]);
  });
});

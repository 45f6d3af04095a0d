import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { blobLink, MAX_COMMENT_CHARS, renderDebateComment } from '../../src/report/render-comment.js';
import { sanitiseText } from '../../src/report/sanitise.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';

const pack = fixturePack();
const context = { id: '0123456789abcdef', serverUrl: 'https://github.com', owner: 'octo', repo: 'widgets', headSha: pack.headSha, runUrl: 'https://github.com/octo/widgets/actions/runs/1', durationMs: 4200, currentHeadSha: pack.headSha };

describe('renderDebateComment', () => {
  const { body } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, context);

  it('starts with the marker, then the verdict and confidence', () => {
    const lines = body.split('\n');
    expect(lines[0]).toBe('<!-- pr-debate:v1 id=0123456789abcdef -->');
    expect(lines[1]).toBe('## ⚖️ pr-debate verdict: A. keep the cache');
    expect(lines[3]).toMatch(/^\*\*Confidence: medium\.\*\*/);
  });

  it('links verified citations to the exact lines at the head commit and never links unverified ones', () => {
    expect(body).toContain(`(https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11-L12)`);
    const unverified = body.split('\n').filter((l) => l.includes('src/cache.ts:3'));
    expect(unverified.length).toBeGreaterThan(0);
    for (const line of unverified) {
      expect(line).toContain('⚠️ **unverified**');
      expect(line).not.toMatch(/\]\(https?:/);
    }
    expect(blobLink(context, 'docs/a b/ü.md', 7, 7)).toBe(`https://github.com/octo/widgets/blob/${pack.headSha}/docs/a%20b/%C3%BC.md#L7`);
  });

  it('holds the sections of the contract, the transcript and a parseable decision record', () => {
    for (const heading of ['### Surviving positions', '### Unresolved positions', '### Trade-offs', '### What would change the decision', '### Dissent', '### Blind spots', '<details><summary>Transcript</summary>']) {
      expect(body).toContain(heading);
    }
    const yaml = /<details><summary>Decision record<\/summary>\n\n```yaml\n([\s\S]*?)\n```/.exec(body)?.[1];
    expect(decisionRecordSchema.parse(parse(yaml!))).toEqual(fixtureRecord(pack));
    expect(body).toMatch(/<sub>pr-debate .*tokens: 2700 in, 400 out, 2000 cache written, 2000 cache read .*cost \$0\.0148/);
  });

  it('marks a result stale when the head moved during the run', () => {
    const { body: stale } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, { ...context, currentHeadSha: 'c'.repeat(40) });
    expect(stale).toContain('**Stale result:** the PR head moved to `ccccccc` during the run; this debate saw `aaaaaaa`');
    expect(body).not.toContain('Stale result');
  });

  it('keeps model text from pinging people, forging markers, opening HTML or starting a command line', () => {
    const nasty = '@octocat <!-- pr-debate:v1 id=ffffffffffffffff --> <details><summary>x</summary>\n/debate a vs b\n```\nfence';
    const { body: evil } = renderDebateComment(fixtureOutcome(pack, { claim: nasty, rationale: nasty }), fixtureRecord(pack), pack, context);
    expect(evil.match(/<!-- pr-debate:v1/g)).toHaveLength(1);
    expect(evil).not.toMatch(/@octocat/);
    expect(evil).not.toMatch(/^\/debate/m);
    expect(evil.match(/<details>/g)?.length).toBe(evil.match(/<\/details>/g)?.length);
  });

  it('property: any model text keeps the comment under the limit, with one marker and balanced details', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 400 }), (text, repeat) => {
        const long = text.repeat(repeat);
        const { body: rendered } = renderDebateComment(fixtureOutcome(pack, { claim: long, rationale: long }), fixtureRecord(pack), pack, context);
        expect(rendered.length).toBeLessThan(MAX_COMMENT_CHARS);
        expect(rendered.match(/<!-- pr-debate:v1/g)).toHaveLength(1);
        expect(rendered.match(/<details>/g)?.length).toBe(rendered.match(/<\/details>/g)?.length);
        expect(rendered).toContain('```yaml');
      }),
      { numRuns: 60 },
    );
  });
});

describe('sanitiseText', () => {
  it('escapes HTML, neutralises mentions and block starts', () => {
    expect(sanitiseText('<b>@alice</b>')).toBe('&lt;b&gt;@\u200balice&lt;/b&gt;');
    expect(sanitiseText('# title\n/debate x')).toBe('\u200b# title\n\u200b/debate x');
    expect(sanitiseText('a | b\nc', { inline: true })).toBe('a \\| b c');
  });
});

import { Parser } from 'commonmark';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { MAX_COMMENT_CHARS } from '../../src/report/fit-comment.js';
import { blobLink } from '../../src/report/render-citation.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { sanitiseText } from '../../src/report/sanitise.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';

const pack = fixturePack();
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'octo',
  repo: 'widgets',
  headSha: pack.headSha,
  runUrl: 'https://github.com/octo/widgets/actions/runs/1',
  durationMs: 4200,
  currentHeadSha: pack.headSha,
};

describe('renderDebateComment', () => {
  const { body } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, context);

  it('starts with the marker, then what the verdict means for this PR, then the verdict and confidence', () => {
    const lines = body.split('\n');
    expect(lines[0]).toBe('<!-- pr-debate:v1 id=0123456789abcdef -->');
    // The fixture's PR is position A ("keep the cache"), and A won: the PR merges as it is.
    expect(lines[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    expect(lines[3]).toBe('**Verdict:** position A. **Confidence: medium.** One side has verified evidence.');
  });

  it('links verified citations to the exact lines at the head commit and never links unverified ones', () => {
    expect(body).toContain(`(https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11-L12)`);
    const unverified = body.split('\n').filter((l) => l.includes('src/cache.ts:3'));
    expect(unverified.length).toBeGreaterThan(0);
    for (const line of unverified) {
      expect(line).toContain('⚠️ **unverified**');
      expect(line).not.toMatch(/\]\(https?:/);
    }
    expect(blobLink(context, 'docs/a b/ü.md', 7, 7)).toBe(
      `https://github.com/octo/widgets/blob/${pack.headSha}/docs/a%20b/%C3%BC.md#L7`,
    );
  });

  it('holds the sections of the contract, the transcript and a parseable decision record', () => {
    for (const heading of [
      "### The positions' evidence",
      '### Why',
      '### Trade-offs',
      '### What would change the decision',
      '### Dissent',
      '<details><summary>Blind spots, consensus, open questions and scenarios</summary>',
      '<details><summary>Transcript: Openings</summary>',
      '<details><summary>Transcript: Judge</summary>',
    ]) {
      expect(body).toContain(heading);
    }
    const yaml = /<details><summary>Decision record<\/summary>\n\n```yaml\n([\s\S]*?)\n```/.exec(body)?.[1];
    expect(decisionRecordSchema.parse(parse(yaml!))).toEqual(fixtureRecord(pack));
    expect(body).toMatch(
      /<sub>pr-debate .*tokens: 2700 in, 400 out, 2000 cache written, 2000 cache read .*cost \$0\.0146/,
    );
  });

  it('renders every phase of the transcript, both judge runs, the stop reason and conceded positions', () => {
    for (const text of [
      '<details><summary>Transcript: Openings</summary>',
      '<details><summary>Transcript: Cross-examination round 1</summary>',
      '<details><summary>Transcript: Closing answers</summary>',
      '<details><summary>Transcript: Steelman swap</summary>',
      '#### A steelmans B',
      '<details><summary>Transcript: Evidence audit</summary>',
      '<details><summary>Transcript: Judge</summary>',
      '#### Judge run 1, positions in the order A, B',
      '#### Judge run 2, positions in the order B, A',
      '- **concede** X1.A.1: Granted, but it is rare.',
      '- outcome: conceded (C.B.a1)',
      'rounds 1 (stop: round cap) · judge runs agreed',
      '**Scenarios**',
    ]) {
      expect(body).toContain(text);
    }
    const outcome = fixtureOutcome(pack);
    const ruling = {
      ...outcome.ruling!,
      positions: outcome.ruling!.positions.map((p) => (p.id === 'B' ? { ...p, status: 'conceded' as const } : p)),
    };
    const conceded = { ...outcome, ruling, stop: { kind: 'surrender' as const, round: 1, positionIds: ['B'] } };
    const { body: rendered } = renderDebateComment(conceded, fixtureRecord(pack, conceded), pack, context);
    expect(rendered).toContain('**B** (conceded):');
    expect(rendered).toContain('| **B.** drop the cache | 🏳️ conceded |');
    expect(rendered).toContain('- 🏳️ conceded: its advocate gave it up during cross-examination.');
    expect(rendered).toContain('(stop: surrender)');
  });

  it("keeps the first screen to the verdict, its confidence and why; the engine's corrections sit collapsed under one line that counts them", () => {
    const outcome = {
      ...fixtureOutcome(pack),
      enforcement: [
        'Judge run 1: B was ruled survived without a verified claim of its own; it is unresolved.',
        'Judge run 2: the recommendation B is not a surviving position; it is none.',
      ],
    };
    const lines = renderDebateComment(outcome, fixtureRecord(pack, outcome), pack, context).body.split('\n');
    expect(lines.slice(1, 6)).toEqual([
      '## ✅ pr-debate: merge as written. Position A (this PR) won',
      '',
      '**Verdict:** position A. **Confidence: medium.** One side has verified evidence.',
      '',
      '> Keep the cache: its TTL bounds staleness.',
    ]);
    const at = lines.indexOf('<details><summary>Rulings the engine corrected (2)</summary>');
    expect(at).toBeGreaterThan(6);
    expect(lines[at - 2]).toBe(
      "_The engine corrected 2 rulings of the judge to keep the debate's rules (collapsed below)._",
    );
    expect(lines.findIndex((l) => l.includes('Judge run 1: B was ruled survived'))).toBeGreaterThan(at);
    expect(lines).not.toContain('### Rulings the engine corrected');
    expect(body).not.toContain('Rulings the engine corrected');
  });

  it('marks a result stale when the head moved during the run', () => {
    const { body: stale } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, {
      ...context,
      currentHeadSha: 'c'.repeat(40),
    });
    expect(stale).toContain(
      '**Stale result:** the PR head moved to `ccccccc` during the run; this debate saw `aaaaaaa`',
    );
    expect(body).not.toContain('Stale result');
  });

  it('says the merge is blocked, and why, when the record does not pass the gate; nothing when it passes', () => {
    const reason =
      'The debate ran on truncated evidence (changed hunks did not fit max-evidence-tokens), so its decision cannot pass the gate.';
    const { body: blocked } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, {
      ...context,
      gate: { conclusion: 'action_required', reason },
    });
    expect(blocked).toContain(
      `> **Merge blocked:** the \`pr-debate\` check on \`${pack.headSha.slice(0, 7)}\` is \`action_required\`, which a required check does not pass. ${reason}`,
    );
    // Said on the first screen, before the positions table.
    expect(blocked.indexOf('**Merge blocked:**')).toBeLessThan(blocked.indexOf('| Position | Status |'));
    const { body: passing } = renderDebateComment(fixtureOutcome(pack), fixtureRecord(pack), pack, {
      ...context,
      gate: { conclusion: 'success', reason: 'The debate recommends A.' },
    });
    expect(passing).not.toContain('Merge blocked');
  });

  it('keeps model text from pinging people, forging markers, opening HTML or starting a command line', () => {
    const nasty =
      '@octocat <!-- pr-debate:v1 id=ffffffffffffffff --> <details><summary>x</summary>\n/debate a vs b\n```\nfence';
    const { body: evil } = renderDebateComment(
      fixtureOutcome(pack, { claim: nasty, rationale: nasty }),
      fixtureRecord(pack),
      pack,
      context,
    );
    expect(evil.match(/<!-- pr-debate:v1/g)).toHaveLength(1);
    expect(evil).not.toMatch(/@octocat/);
    expect(evil).not.toMatch(/^\/debate/m);
    expect(evil.match(/<details>/g)?.length).toBe(evil.match(/<\/details>/g)?.length);
  });

  it('leaves out transcript phases before anything else when the comment would be too long, and says so', () => {
    const long = 'A claim that goes on and on. '.repeat(800); // about 23,000 characters per claim
    const outcome = fixtureOutcome(pack, { claim: long });
    const { body: cut, full } = renderDebateComment(outcome, fixtureRecord(pack, outcome), pack, context);
    expect(full.length).toBeGreaterThan(MAX_COMMENT_CHARS);
    expect(cut.length).toBeLessThan(MAX_COMMENT_CHARS);
    expect(cut).toMatch(
      /Left out of this comment for its size \(they are in the job summary\): Cross-examination round 1/,
    );
    expect(cut).toContain('<details><summary>Transcript: Judge</summary>');
    expect(cut).toContain('```yaml');
    expect(cut.trimEnd()).toMatch(/<\/sub>$/);
  });

  it('stays under the limit when split judge runs each bring a dissent past the limit: the collapsed blocks go whole, with a line', () => {
    const huge = 'A dissent that goes on. '.repeat(3_000); // about 72,000 characters
    const base = fixtureOutcome(pack);
    const split = (recommendation: string) => ({ ...base.ruling!, recommendation, dissent: huge });
    const outcome = {
      ...base,
      judgeRuns: base.judgeRuns.map((run, i) => ({ ...run, ruling: split(i === 0 ? 'A' : 'B') })),
    };
    const { body: cut, full } = renderDebateComment(outcome, fixtureRecord(pack, outcome), pack, context);
    expect(full.length).toBeGreaterThan(2 * MAX_COMMENT_CHARS);
    expect(cut.length).toBeLessThan(MAX_COMMENT_CHARS);
    expect(cut).toContain(
      '_The collapsed sections were left out of this comment for its size (they are in the job summary)._',
    );
    expect(cut.match(/<details>/g)?.length).toBe(cut.match(/<\/details>/g)?.length);
    expect(cut).toContain('```yaml');
  });

  it('property: any model or user text keeps the comment well-formed CommonMark, under the limit, without live mentions, raw HTML or a second marker', () => {
    // Backslashes, Unicode letters and GitHub's reference shapes (issue #11) besides Markdown's own characters.
    const blobLine = `https://github.com/octo/widgets/blob/${'a'.repeat(40)}/src/cache.ts#L11`;
    const nasty = fc.string({
      unit: fc.constantFrom(
        '`',
        '~',
        '<',
        '>',
        '@',
        '\n',
        '#',
        '|',
        '[',
        ']',
        '(',
        ')',
        '!',
        '-',
        '/',
        '*',
        '_',
        '&',
        ';',
        ' ',
        'a',
        'b',
        'd',
        'e',
        'i',
        's',
        'l',
        'u',
        'm',
        'r',
        'y',
        ':',
        '\\',
        'é',
        '中',
        'Ж',
        '.',
        '1',
        '7',
        'GH-',
        'www.',
        'https://',
        'c0ffee1',
        'src/cache.ts:',
        '@base:',
      ),
      maxLength: 120,
    });
    const extra = fc.constantFrom(
      '',
      '```',
      '</details>',
      '<details><summary>x</summary>',
      '<!-- pr-debate:v1 id=ffffffffffffffff -->',
      '@octocat',
      '/debate a vs b',
      '<script>alert(1)</script>',
      '\n    ~~~\n',
      '[x](javascript:alert(1))',
      '\\[click here\\](https://evil.example)',
      'www.evil.example',
      '#123',
      'octo/widgets#12',
      'GH-123',
      'a5c3785ed8d6a35868bc169f07e40e889087fd2e',
      'me@evil.example',
      'src/cache.ts:11',
      'src/cache.ts:99',
      'nope/x.js:3',
      blobLine,
      `\`${blobLine}\``,
      `\`\`${blobLine}\`\``,
      `\`${blobLine}.\``,
      '`src/cache.ts:11`',
      '`src/cache.ts@base:11`',
      '`nope/x.js:3`',
      `\`${blobLine.replace('#L11', '#L99')}\``,
    );
    fc.assert(
      fc.property(nasty, extra, nasty, fc.integer({ min: 1, max: 300 }), (a, b, c, repeat) => {
        const text = `${a}${b}${c}`;
        const outcome = fixtureOutcome(pack, {
          claim: text.repeat(repeat),
          rationale: text,
          label: `${text.slice(0, 60)} label`,
          quote: `${text} quote`,
        });
        const record = fixtureRecord(pack, outcome);
        const { body: rendered } = renderDebateComment(outcome, record, pack, context);
        expect(rendered.length).toBeLessThan(MAX_COMMENT_CHARS);
        expect(rendered.split('\n')[0]).toBe('<!-- pr-debate:v1 id=0123456789abcdef -->');

        const allowedHtml = new Set([
          '<!-- pr-debate:v1 id=0123456789abcdef -->',
          '<details><summary>Decision record</summary>',
          '<details><summary>Evidence pack</summary>',
          '</details>',
          '<code>',
          '</code>',
          '<sub>',
          '</sub>',
        ]);
        const transcriptSummary =
          /^<details><summary>(Transcript: (Openings|Cross-examination round \d|Closing answers|Steelman swap|Evidence audit|Judge)|Blind spots, consensus, open questions and scenarios)<\/summary>$/;
        const walker = new Parser().parse(rendered).walker();
        const yamlBlocks: string[] = [];
        let details = 0;
        let inCode = false;
        let prose = ''; // text outside <code>, where GitHub would turn @name into a mention
        let event;
        while ((event = walker.next())) {
          const node = event.node;
          if (!event.entering) continue;
          if (node.type === 'html_block' || node.type === 'html_inline') {
            for (const tag of (node.literal ?? '').trim().split(/\n+/)) {
              if (!transcriptSummary.test(tag.trim())) expect(allowedHtml, `raw HTML: ${tag}`).toContain(tag.trim());
              details += tag.startsWith('<details>') ? 1 : tag.trim() === '</details>' ? -1 : 0;
            }
          }
          if (node.type === 'code_block') {
            expect(node.info, 'only the record is a code block').toBe('yaml');
            yamlBlocks.push(node.literal ?? '');
          }
          if (node.type === 'link')
            expect(node.destination ?? '').toMatch(
              /^https:\/\/github\.com\/octo\/widgets\/(blob\/a{40}\/|actions\/runs\/1$)/,
            );
          if (node.type === 'html_inline' && node.literal === '<code>') inCode = true;
          if (node.type === 'html_inline' && node.literal === '</code>') inCode = false;
          if (node.type === 'text' && !inCode) prose += node.literal ?? '';
          if (['paragraph', 'heading', 'item', 'code', 'html_inline', 'softbreak', 'linebreak'].includes(node.type))
            prose += '\n';
        }
        expect(prose).not.toMatch(/(^|[^\w\u200b])@[A-Za-z0-9]/);
        // Read as GitHub renders it: no autolink, mention or cross-reference; links only to the lines of this PR or to the run.
        const foreign = renderAsGitHub(rendered).links.filter(
          (l) =>
            !(
              l.kind === 'link' &&
              /^https:\/\/github\.com\/octo\/widgets\/(blob\/a{40}\/|actions\/runs\/1$)/.test(l.target)
            ),
        );
        expect(foreign.map((l) => `${l.kind}: ${l.target}`)).toEqual([]);
        expect(yamlBlocks).toHaveLength(1);
        expect(decisionRecordSchema.parse(parse(yamlBlocks[0]!))).toEqual(record);
        expect(details, 'every <details> is closed').toBe(0);
      }),
      // Shrunk counterexamples of failures seen on main: a "!" before a blob link made the link an image;
      // `_GH-123_`: emphasis underscores around GH-123 left a live cross-reference (`\b` saw no boundary);
      // a blob link in backticks (found at 3,000 runs): the label, cut at 60 characters, kept the opening
      // backtick, which paired with the backtick of the claim's link after it and left the URL bare.
      // The siblings of the last: `path:N`, `path@base:N`, double backticks, trailing punctuation, unverified.
      // Seeded so CI is repeatable; 20,000 runs with and without the seed find nothing (issue #11).
      {
        numRuns: 200,
        seed: 11,
        examples: [
          ['!', blobLine, '', 1],
          ['_', 'GH-123', '_', 1],
          ['', 'GH-123', '`_', 3],
          ['`', blobLine, '`', 1],
          ['', `\`${blobLine}\``, '', 1],
          ['', `\`\`${blobLine}\`\``, '', 1],
          ['', `\`${blobLine}.\``, '', 1],
          ['`', `${blobLine.replace('#L11', '#L99')}`, '`', 1],
          ['`a', '`src/cache.ts:11`', '', 1],
          ['`a', '`src/cache.ts@base:11`', '', 1],
          ['`a\n\nb `', blobLine, '', 1],
          ['`a\n- b `', 'src/cache.ts:11', '', 1],
        ],
      },
    );
  });
});

describe('sanitiseText', () => {
  it('escapes HTML, neutralises mentions and block starts', () => {
    expect(sanitiseText('<b>@alice</b>')).toBe('&lt;b&gt;@\u200balice&lt;/b&gt;');
    expect(sanitiseText('# title\n/debate x')).toBe('\u200b# title\n\u200b/debate x');
    expect(sanitiseText('a | b\nc', { inline: true })).toBe('a \\| b c');
    expect(sanitiseText('bidi \u202Eevil\u202C zero\u200bwidth')).toBe('bidi ⟨U+202E⟩evil⟨U+202C⟩ zero⟨U+200B⟩width');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCommandLine } from '../../src/trigger/find-command-line.js';
import { parseCommandLine, type ParsedCommand } from '../../src/trigger/parse-command.js';

/** The command a comment body carries: its command line, found as the trigger finds it, then parsed. */
async function parseCommand(body: string, command: string): Promise<ParsedCommand> {
  const line = await findCommandLine(body, command);
  return line === undefined ? { kind: 'none' } : parseCommandLine(line, command);
}

describe('parseCommand', () => {
  it('reads two to four positions separated by vs or versus, case-insensitively', async () => {
    expect(await parseCommand('/debate keep the cache vs drop the cache', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['keep the cache', 'drop the cache'],
    });
    expect(await parseCommand('/debate A VERSUS B Vs C vs. D', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['A', 'B', 'C', 'D'],
    });
    expect(await parseCommand('  /DEBATE   a  vs b ', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['a', 'b'],
    });
  });

  it('infers positions for a bare command', async () => {
    expect(await parseCommand('/debate', '/debate')).toMatchObject({ kind: 'debate', positions: [] });
  });

  it('refuses positions that say the same, case and spacing aside', async () => {
    expect(await parseCommand('/debate keep it vs Keep  it', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: 'positions A and B are the same; each position must differ from the others',
    });
    expect(await parseCommand('/debate a vs b vs A', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: 'positions A and C are the same; each position must differ from the others',
    });
  });

  it('refuses one position, five positions and an empty side with the reason', async () => {
    expect(await parseCommand('/debate only one', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('only one position'),
    });
    expect(await parseCommand('/debate a vs b vs c vs d vs e', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('5 positions'),
    });
    expect(await parseCommand('/debate a vs  vs b', '/debate')).toMatchObject({ kind: 'invalid' });
  });

  it('refuses a position or out-of-scope topics too long for the comments that repeat them', async () => {
    const long = 'x'.repeat(301);
    expect(await parseCommand(`/debate ${'y'.repeat(300)} vs b`, '/debate')).toMatchObject({ kind: 'debate' });
    expect(await parseCommand(`/debate a vs ${long}`, '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('position B is 301 characters; at most 300'),
    });
    const topics = Array.from({ length: 60 }, (_, i) => `topic number ${i}`).join('; ');
    expect(await parseCommand(`/debate a vs b --out-of-scope="${topics}"`, '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('at most 1,000 in all'),
    });
  });

  it('parses options and refuses unknown ones', async () => {
    expect(
      await parseCommand('/debate a vs b --quick --rfc=docs/x.md --out-of-scope="naming; CI"', '/debate'),
    ).toMatchObject({
      kind: 'debate',
      positions: ['a', 'b'],
      options: { preset: 'quick', rfc: 'docs/x.md', outOfScope: ['naming', 'CI'] },
    });
    expect(await parseCommand('/debate a vs b --rounds=3', '/debate')).toMatchObject({ options: { rounds: 3 } });
    expect(await parseCommand('/debate a vs b --rounds=9', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('0 to 5'),
    });
    expect(await parseCommand('/debate a vs b --fast', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: 'unknown option `--fast`',
    });
    expect(await parseCommand('/debate a vs b --deep --rounds=1', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('`--deep` and `--rounds` cannot be combined'),
    });
    expect(await parseCommand('/debate a vs b --rounds=1 --rounds=2', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('twice'),
    });
    expect(await parseCommand('/debate a vs b --rounds=0', '/debate')).toMatchObject({
      kind: 'debate',
      options: { rounds: 0 },
    });
  });

  it('reads help, go and accept', async () => {
    expect(await parseCommand('/debate help', '/debate')).toMatchObject({ kind: 'help' });
    expect(await parseCommand('/debate go', '/debate')).toMatchObject({ kind: 'go' });
    expect(await parseCommand('/Debate  GO ', '/debate')).toMatchObject({ kind: 'go' });
    // "go" only alone: with positions it is a debate, on its own with more words one position.
    expect(await parseCommand('/debate go with Rust vs stay with C', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['go with Rust', 'stay with C'],
    });
    expect(await parseCommand('/debate go now', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('`go` takes nothing after it'),
    });
    expect(await parseCommand('/debate go --deep', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('`go` takes nothing after it'),
    });
    expect(await parseCommand('/debate gopher vs mole', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['gopher', 'mole'],
    });
    expect(await parseCommand('/debate accept b because the RFC says so', '/debate')).toMatchObject({
      kind: 'accept',
      position: 'B',
      reason: 'because the RFC says so',
    });
  });

  it('ignores commands in fences, indented code, quotes, tables and inline code, and words that only start alike', async () => {
    const body = [
      '```',
      '/debate a vs b',
      '```',
      '    /debate c vs d',
      '> /debate e vs f',
      '',
      '| /debate | g |',
      '`/debate h vs i`',
      '/debatex j vs k',
      'text',
    ].join('\n');
    expect(await parseCommand(body, '/debate')).toEqual({ kind: 'none' });
    expect(await findCommandLine(`${body}\n/debate real vs one`, '/debate')).toBe('/debate real vs one');
    // Without the blank line the lines after a quote are its lazy continuation (CommonMark 5.1): quoted, not commands.
    expect(await findCommandLine('> quoted\n/debate e vs f', '/debate')).toBeUndefined();
  });

  it('a command hidden in HTML is not a command: comments, HTML blocks, elements they open, inline HTML (issue 30)', async () => {
    const hidden = [
      '<!--\n/debate accept A hidden\n-->',
      '<!-- /debate accept A hidden -->',
      '<details>\n/debate accept A hidden\n</details>',
      '<details>\n<summary>More</summary>\n\n/debate accept A hidden\n\n</details>',
      'Looks good <!--\n/debate accept A hidden\n-->',
      '<div hidden>\n\n/debate accept A hidden\n\n</div>',
      '- /debate accept A in a list',
    ];
    for (const body of hidden) expect(await findCommandLine(body, '/debate'), body).toBeUndefined();
    // After the element closes, a paragraph is text again; a void element opens nothing.
    expect(await findCommandLine('<details>\n\nsecret\n\n</details>\n\n/debate a vs b', '/debate')).toBe(
      '/debate a vs b',
    );
    expect(await findCommandLine('<br>\n\n/debate a vs b', '/debate')).toBe('/debate a vs b');
    expect(await findCommandLine('Please\n/debate *keep* vs `drop` --rfc=docs/x.md', '/debate')).toBe(
      '/debate *keep* vs `drop` --rfc=docs/x.md',
    );
    expect(await findCommandLine('/debate a \\* b vs c', '/debate')).toBe('/debate a \\* b vs c');
  });

  it('finds a command spelled with a backslash escape or a character reference, as GitHub renders it: the parser is skipped only for a body that cannot hold the command', async () => {
    expect(await findCommandLine('\\/debate a vs b', '/debate')).toBe('\\/debate a vs b');
    expect(await findCommandLine('&#47;debate a vs b', '/debate')).toBe('/debate a vs b');
    expect(await findCommandLine('&#x2F;DEBATE go', '/debate')).toBe('/DEBATE go');
    expect(await findCommandLine('/deb\\ate a vs b', '/debate')).toBeUndefined();
    expect(await findCommandLine('nothing to see &amp; here', '/debate')).toBeUndefined();
  });

  it('counts only the first command line', async () => {
    expect(await parseCommand('/debate a vs b\n/debate c vs d', '/debate')).toMatchObject({ positions: ['a', 'b'] });
  });

  it('round-trips any 2-4 positions without separators or options', async () => {
    const word = fc
      .stringMatching(/^[a-z][a-z0-9]{0,8}$/)
      .filter((w) => !['vs', 'versus', 'help', 'accept'].includes(w));
    const position = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(position, { minLength: 2, maxLength: 4 }), async (positions) => {
        const parsed = await parseCommand(`/debate ${positions.join(' vs ')}`, '/debate');
        expect(parsed).toMatchObject({ kind: 'debate', positions });
      }),
    );
  });

  it('marks the position that ends in "(this PR)" as the change as written, and keeps the marker out of the label', async () => {
    expect(
      await parseCommand('/debate Keep the cooperative timeout (this PR) vs Abort the handler', '/debate'),
    ).toMatchObject({
      kind: 'debate',
      positions: ['Keep the cooperative timeout', 'Abort the handler'],
      options: { prPosition: 'A' },
    });
    expect(await parseCommand('/debate a vs b ( This  pr ) --quick', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['a', 'b'],
      options: { preset: 'quick', prPosition: 'B' },
    });
    // Without the marker nobody is marked: the moderator names it from the diff.
    expect(await parseCommand('/debate a vs b', '/debate')).toMatchObject({
      kind: 'debate',
      options: expect.not.objectContaining({ prPosition: expect.anything() }),
    });
    // The marker counts only at the end of a position; elsewhere it is part of the label.
    expect(await parseCommand('/debate revert (this PR) first vs b', '/debate')).toMatchObject({
      positions: ['revert (this PR) first', 'b'],
      options: expect.not.objectContaining({ prPosition: expect.anything() }),
    });
  });

  it('`--no-pr-position` says no position is the change as written (null), with or without positions; with a mark it is bad usage (issue #38)', async () => {
    expect(await parseCommand('/debate option one vs option two --no-pr-position', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['option one', 'option two'],
      options: { prPosition: null },
    });
    expect(await parseCommand('/debate --no-pr-position --deep', '/debate')).toMatchObject({
      kind: 'debate',
      positions: [],
      options: { prPosition: null, preset: 'deep' },
    });
    expect(await parseCommand('/debate a (this PR) vs b --no-pr-position', '/debate')).toMatchObject({
      kind: 'invalid',
      problem:
        'position A is marked "(this PR)", and `--no-pr-position` says no position is the change as written; keep one of the two',
    });
    expect(await parseCommand('/debate a vs b --no-pr-position=yes', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: '`--no-pr-position` takes no value',
    });
  });

  it('refuses two positions marked "(this PR)", and a marker with no position, saying which', async () => {
    expect(await parseCommand('/debate a (this PR) vs b (THIS PR)', '/debate')).toEqual({
      kind: 'invalid',
      line: '/debate a (this PR) vs b (THIS PR)',
      problem: 'positions A and B are both marked "(this PR)"; mark only the position that is the change as written',
    });
    expect(await parseCommand('/debate a (this PR) vs b (this pr) vs c (this PR)', '/debate')).toMatchObject({
      problem: expect.stringContaining('positions A, B and C are all marked'),
    });
    expect(await parseCommand('/debate (this PR) vs b', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: 'position A is empty',
    });
    // Marked and unmarked, a position is the same position.
    expect(await parseCommand('/debate a (this PR) vs A', '/debate')).toMatchObject({
      kind: 'invalid',
      problem: expect.stringContaining('positions A and B are the same'),
    });
  });

  it('finds the marked position wherever it is, in any case and spacing, and nothing else changes (property)', async () => {
    const word = fc
      .stringMatching(/^[a-z][a-z0-9]{0,8}$/)
      .filter((w) => !['vs', 'versus', 'help', 'accept', 'go'].includes(w));
    const position = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const marker = fc
      .tuple(
        fc.constantFrom('this', 'THIS', 'This', 'tHiS'),
        fc.constantFrom('pr', 'PR', 'Pr'),
        fc.constantFrom('', ' ', '  '),
        fc.constantFrom(' ', '  '),
      )
      .map(([t, p, inner, gap]) => `${gap}(${inner}${t} ${p}${inner})`);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(position, { minLength: 2, maxLength: 4 }),
        fc.nat(3),
        marker,
        async (positions, at, mark) => {
          const index = at % positions.length;
          const sides = positions.map((p, i) => (i === index ? `${p}${mark}` : p));
          const parsed = await parseCommand(`/debate ${sides.join(' vs ')}`, '/debate');
          expect(parsed).toMatchObject({ kind: 'debate', positions, options: { prPosition: 'ABCD'[index] } });
          // Two marks are a usage error, never a debate.
          const twice = positions.map((p, i) =>
            i === index || i === (index + 1) % positions.length ? `${p}${mark}` : p,
          );
          expect(await parseCommand(`/debate ${twice.join(' vs ')}`, '/debate')).toMatchObject({
            kind: 'invalid',
            problem: expect.stringContaining('marked "(this PR)"'),
          });
        },
      ),
    );
  });
});

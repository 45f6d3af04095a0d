import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCommandLine } from '../../src/trigger/find-command-line.js';
import { parseCommand } from '../../src/trigger/parse-command.js';

describe('parseCommand', () => {
  it('reads two to four positions separated by vs or versus, case-insensitively', () => {
    expect(parseCommand('/debate keep the cache vs drop the cache', '/debate')).toMatchObject({ kind: 'debate', positions: ['keep the cache', 'drop the cache'] });
    expect(parseCommand('/debate A VERSUS B Vs C vs. D', '/debate')).toMatchObject({ kind: 'debate', positions: ['A', 'B', 'C', 'D'] });
    expect(parseCommand('  /DEBATE   a  vs b ', '/debate')).toMatchObject({ kind: 'debate', positions: ['a', 'b'] });
  });

  it('infers positions for a bare command', () => {
    expect(parseCommand('/debate', '/debate')).toMatchObject({ kind: 'debate', positions: [] });
  });

  it('refuses positions that say the same, case and spacing aside', () => {
    expect(parseCommand('/debate keep it vs Keep  it', '/debate')).toMatchObject({ kind: 'invalid', problem: 'positions A and B are the same; each position must differ from the others' });
    expect(parseCommand('/debate a vs b vs A', '/debate')).toMatchObject({ kind: 'invalid', problem: 'positions A and C are the same; each position must differ from the others' });
  });

  it('refuses one position, five positions and an empty side with the reason', () => {
    expect(parseCommand('/debate only one', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('only one position') });
    expect(parseCommand('/debate a vs b vs c vs d vs e', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('5 positions') });
    expect(parseCommand('/debate a vs  vs b', '/debate')).toMatchObject({ kind: 'invalid' });
  });

  it('parses options and refuses unknown ones', () => {
    expect(parseCommand('/debate a vs b --quick --rfc=docs/x.md --out-of-scope="naming; CI"', '/debate')).toMatchObject({
      kind: 'debate',
      positions: ['a', 'b'],
      options: { preset: 'quick', rfc: 'docs/x.md', outOfScope: ['naming', 'CI'] },
    });
    expect(parseCommand('/debate a vs b --rounds=3', '/debate')).toMatchObject({ options: { rounds: 3 } });
    expect(parseCommand('/debate a vs b --rounds=9', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('0 to 5') });
    expect(parseCommand('/debate a vs b --fast', '/debate')).toMatchObject({ kind: 'invalid', problem: 'unknown option `--fast`' });
    expect(parseCommand('/debate a vs b --deep --rounds=1', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('`--deep` and `--rounds` cannot be combined') });
    expect(parseCommand('/debate a vs b --rounds=1 --rounds=2', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('twice') });
    expect(parseCommand('/debate a vs b --rounds=0', '/debate')).toMatchObject({ kind: 'debate', options: { rounds: 0 } });
  });

  it('reads help, go and accept', () => {
    expect(parseCommand('/debate help', '/debate')).toMatchObject({ kind: 'help' });
    expect(parseCommand('/debate go', '/debate')).toMatchObject({ kind: 'go' });
    expect(parseCommand('/Debate  GO ', '/debate')).toMatchObject({ kind: 'go' });
    // "go" only alone: with positions it is a debate, on its own with more words one position.
    expect(parseCommand('/debate go with Rust vs stay with C', '/debate')).toMatchObject({ kind: 'debate', positions: ['go with Rust', 'stay with C'] });
    expect(parseCommand('/debate go now', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('`go` takes nothing after it') });
    expect(parseCommand('/debate go --deep', '/debate')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('`go` takes nothing after it') });
    expect(parseCommand('/debate gopher vs mole', '/debate')).toMatchObject({ kind: 'debate', positions: ['gopher', 'mole'] });
    expect(parseCommand('/debate accept b because the RFC says so', '/debate')).toMatchObject({ kind: 'accept', position: 'B', reason: 'because the RFC says so' });
  });

  it('ignores commands in fences, indented code, quotes, tables and inline code, and words that only start alike', () => {
    const body = ['```', '/debate a vs b', '```', '    /debate c vs d', '> /debate e vs f', '', '| /debate | g |', '`/debate h vs i`', '/debatex j vs k', 'text'].join('\n');
    expect(parseCommand(body, '/debate')).toEqual({ kind: 'none' });
    expect(findCommandLine(`${body}\n/debate real vs one`, '/debate')).toBe('/debate real vs one');
    // Without the blank line the lines after a quote are its lazy continuation (CommonMark 5.1): quoted, not commands.
    expect(findCommandLine('> quoted\n/debate e vs f', '/debate')).toBeUndefined();
  });

  it('a command hidden in HTML is not a command: comments, HTML blocks, elements they open, inline HTML (issue 30)', () => {
    const hidden = [
      '<!--\n/debate accept A hidden\n-->',
      '<!-- /debate accept A hidden -->',
      '<details>\n/debate accept A hidden\n</details>',
      '<details>\n<summary>More</summary>\n\n/debate accept A hidden\n\n</details>',
      'Looks good <!--\n/debate accept A hidden\n-->',
      '<div hidden>\n\n/debate accept A hidden\n\n</div>',
      '- /debate accept A in a list',
    ];
    for (const body of hidden) expect(findCommandLine(body, '/debate'), body).toBeUndefined();
    // After the element closes, a paragraph is text again; a void element opens nothing.
    expect(findCommandLine('<details>\n\nsecret\n\n</details>\n\n/debate a vs b', '/debate')).toBe('/debate a vs b');
    expect(findCommandLine('<br>\n\n/debate a vs b', '/debate')).toBe('/debate a vs b');
    expect(findCommandLine('Please\n/debate *keep* vs `drop` --rfc=docs/x.md', '/debate')).toBe('/debate *keep* vs `drop` --rfc=docs/x.md');
    expect(findCommandLine('/debate a \\* b vs c', '/debate')).toBe('/debate a \\* b vs c');
  });

  it('counts only the first command line', () => {
    expect(parseCommand('/debate a vs b\n/debate c vs d', '/debate')).toMatchObject({ positions: ['a', 'b'] });
  });

  it('round-trips any 2-4 positions without separators or options', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/).filter((w) => !['vs', 'versus', 'help', 'accept'].includes(w));
    const position = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.uniqueArray(position, { minLength: 2, maxLength: 4 }), (positions) => {
        const parsed = parseCommand(`/debate ${positions.join(' vs ')}`, '/debate');
        expect(parsed).toMatchObject({ kind: 'debate', positions });
      }),
    );
  });
});

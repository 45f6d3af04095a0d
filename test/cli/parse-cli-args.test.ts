import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.js';
import { UsageError } from '../../src/cli/parse-cli-options.js';

const usageError = (argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
};

describe('parseCliArgs', () => {
  it('reads run with positions and options as the comment command reads them', () => {
    const command = parseCliArgs([
      'run',
      'octo/widgets#3',
      '--positions',
      'keep it vs drop it versus wrap it',
      '--rounds',
      '2',
      '--rfc',
      'docs/rfc.md',
      '--out-of-scope',
      'naming; CI',
      '--model',
      'claude-opus-5',
      '--input',
      'language=German',
      '--post',
      '--json',
    ]);
    expect(command).toMatchObject({
      kind: 'run',
      target: { kind: 'pull', pr: { owner: 'octo', repo: 'widgets', number: 3 } },
      rehearsal: false,
      positions: ['keep it', 'drop it', 'wrap it'],
      rounds: 2,
      rfc: 'docs/rfc.md',
      outOfScope: ['naming', 'CI'],
      post: true,
      json: true,
      inputs: { model: 'claude-opus-5', language: 'German' },
    });
    expect(parseCliArgs(['run', 'https://github.com/octo/widgets/pull/3'])).toMatchObject({
      kind: 'run',
      positions: [],
      post: false,
      inputs: {},
    });
    // The command's `(this PR)` mark and `--no-pr-position` (issue #38), as the comment reads them.
    expect(parseCliArgs(['run', 'octo/widgets#3', '--positions', 'keep it (this PR) vs drop it'])).toMatchObject({
      prPosition: 'A',
    });
    expect(
      parseCliArgs(['run', 'octo/widgets#3', '--positions', 'keep it vs drop it', '--no-pr-position']),
    ).toMatchObject({ prPosition: null });
  });

  it('answers --help and --version, per command too', () => {
    expect(parseCliArgs([])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('Usage: pr-debate <command>'),
    });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseCliArgs(['run', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('Usage: pr-debate run'),
    });
  });

  it('says what is wrong, with the usage of the command', () => {
    expect(usageError(['debate']).message).toBe('unknown command "debate"');
    // One line of usage after the problem, pointing at --help; the whole text only on --help.
    expect(usageError(['run']).usage).toMatch(/^Usage: pr-debate run .*\(pr-debate run --help for all\)$/);
    expect(usageError(['run']).usage.split('\n')).toHaveLength(1);
    expect(usageError(['run', 'octo/widgets#3', 'octo/widgets#4']).message).toContain(
      'one pull request or range at a time',
    );
    expect(usageError(['run', 'octo/widgets#3', '--positions', 'only one']).message).toContain(
      'only one position was given',
    );
    expect(usageError(['run', 'octo/widgets#3', '--rounds', 'nine']).message).toContain(
      '`--rounds` needs a number from 0 to 5',
    );
    expect(usageError(['run', 'octo/widgets#3', '--out']).message).toContain("'--out");
    expect(usageError(['run', 'octo/widgets#3', '--input', 'language']).message).toContain('expected NAME=VALUE');
  });
});

describe('parseCliArgs: ranges, --rehearsal, config check, did you mean', () => {
  it('reads BASE..HEAD (and BASE...HEAD) as a range of the clone, and a PR as a PR', () => {
    expect(parseCliArgs(['run', 'main..my-branch'])).toMatchObject({
      kind: 'run',
      target: { kind: 'range', base: 'main', head: 'my-branch' },
      rehearsal: false,
    });
    expect(parseCliArgs(['run', 'origin/main...HEAD', '--rehearsal'])).toMatchObject({
      target: { kind: 'range', base: 'origin/main', head: 'HEAD' },
      rehearsal: true,
    });
    expect(parseCliArgs(['run', 'v1.2.0..v1.3.0'])).toMatchObject({
      target: { kind: 'range', base: 'v1.2.0', head: 'v1.3.0' },
    });
    expect(parseCliArgs(['run', '--rehearsal', 'https://github.com/octo/widgets/pull/3'])).toMatchObject({
      target: { kind: 'pull', pr: { number: 3 } },
      rehearsal: true,
    });
    expect(usageError(['run', 'main..']).message).toContain('is not a pull request or a range');
    expect(usageError(['run', 'main..feature', '--post']).message).toContain('--post publishes on a pull request');
  });

  it('reads config check with and without a file, and says what else it takes', () => {
    expect(parseCliArgs(['config', 'check'])).toEqual({ kind: 'config-check', file: undefined });
    expect(parseCliArgs(['config', 'check', 'my.yml'])).toEqual({ kind: 'config-check', file: 'my.yml' });
    expect(parseCliArgs(['config', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('Usage: pr-debate config check [FILE]'),
    });
    expect(usageError(['config', 'lint']).message).toContain('config check [FILE]');
    expect(usageError(['config']).message).toContain('config check [FILE]');
  });

  it('says which option or command a typo was meant to be', () => {
    expect(usageError(['run', 'octo/widgets#3', '--position', 'a vs b']).message).toBe(
      "Unknown option '--position'; did you mean --positions?",
    );
    expect(usageError(['run', 'octo/widgets#3', '--prest', 'quick']).message).toContain('did you mean --preset?');
    expect(usageError(['run', 'octo/widgets#3', '--rehersal']).message).toContain('did you mean --rehearsal?');
    expect(usageError(['gate', 'octo/widgets#3', '--appid', '1']).message).toContain('did you mean --app-id?');
    expect(usageError(['rnu']).message).toBe('unknown command "rnu"; did you mean run?');
    // Nothing near: no guess.
    expect(usageError(['run', 'octo/widgets#3', '--zzzzzz']).message).not.toContain('did you mean');
  });
});

import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.js';

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
    const command = parseCliArgs(['run', 'octo/widgets#3', '--positions', 'keep it vs drop it versus wrap it', '--rounds', '2', '--rfc', 'docs/rfc.md', '--out-of-scope', 'naming; CI', '--model', 'claude-opus-5', '--input', 'language=German', '--post', '--json']);
    expect(command).toMatchObject({
      kind: 'run',
      pr: { owner: 'octo', repo: 'widgets', number: 3 },
      positions: ['keep it', 'drop it', 'wrap it'],
      rounds: 2,
      rfc: 'docs/rfc.md',
      outOfScope: ['naming', 'CI'],
      post: true,
      json: true,
      inputs: { model: 'claude-opus-5', language: 'German' },
    });
    expect(parseCliArgs(['run', 'https://github.com/octo/widgets/pull/3'])).toMatchObject({ kind: 'run', positions: [], post: false, inputs: {} });
  });

  it('answers --help and --version, per command too', () => {
    expect(parseCliArgs([])).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: pr-debate <command>') });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseCliArgs(['run', '--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: pr-debate run') });
    expect(parseCliArgs(['eval', '-h'])).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: pr-debate eval') });
  });

  it('says what is wrong, with the usage of the command', () => {
    expect(usageError(['debate']).message).toBe('unknown command "debate"');
    expect(usageError(['run']).usage).toContain('Usage: pr-debate run');
    expect(usageError(['run', 'octo/widgets#3', 'octo/widgets#4']).message).toContain('one pull request at a time');
    expect(usageError(['run', 'octo/widgets#3', '--positions', 'only one']).message).toContain('only one position was given');
    expect(usageError(['run', 'octo/widgets#3', '--rounds', 'nine']).message).toContain('`--rounds` needs a number from 0 to 5');
    expect(usageError(['run', 'octo/widgets#3', '--out']).message).toContain("'--out");
    expect(usageError(['run', 'octo/widgets#3', '--input', 'language']).message).toContain('expected NAME=VALUE');
    expect(usageError(['eval']).message).toContain('--cases DIR is required');
    expect(usageError(['eval', '--cases', 'x', '--budget-usd', 'x']).message).toContain('--budget-usd x');
  });
});

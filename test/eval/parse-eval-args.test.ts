import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/parse-cli-options.js';
import { DEFAULT_EVAL_OUT, parseEvalArgs, parseGitRange } from '../../eval/parse-eval-args.js';
import { DEFAULT_ARMS } from '../../eval/arms.js';
import { DEFAULT_CASE_CACHE } from '../../eval/load-eval-cases.js';

function usageError(argv: string[]): UsageError {
  try {
    parseEvalArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

describe('pr-debate eval arguments', () => {
  it('reads the eval options, with their defaults', () => {
    expect(parseEvalArgs(['--cases', 'cases'])).toEqual({
      kind: 'eval',
      cases: 'cases',
      caseCache: DEFAULT_CASE_CACHE,
      arms: DEFAULT_ARMS,
      budgetUsd: undefined,
      repeats: 1,
      seed: 1,
      out: DEFAULT_EVAL_OUT,
      json: false,
      framing: true,
      rehearsal: false,
      inputs: {},
    });
    expect(
      parseEvalArgs([
        '--cases',
        'c',
        '--arms',
        'debate,debate:deep,debate+pragmatist,mixed,vote:3,vote:7,escalate',
        '--budget-usd',
        '0.25',
        '--case-cache',
        '/tmp/pairs',
        '--repeats',
        '3',
        '--seed',
        '9',
        '--out',
        'o',
        '--json',
        '--no-framing',
        '--rehearsal',
        '--model',
        'claude-opus-5',
        '--input',
        'max-cost-usd=20',
      ]),
    ).toEqual({
      kind: 'eval',
      cases: 'c',
      caseCache: '/tmp/pairs',
      arms: 'debate,debate:deep,debate+pragmatist,mixed,vote:3,vote:7,escalate',
      budgetUsd: 0.25,
      repeats: 3,
      seed: 9,
      out: 'o',
      json: true,
      framing: false,
      rehearsal: true,
      inputs: { model: 'claude-opus-5', 'max-cost-usd': '20' },
    });
  });

  it('says what is wrong before any request: arms, budget, repeats, inputs', () => {
    expect(usageError(['--cases', 'c', '--arms', 'debate,poll:3']).message).toContain('"poll:3" is not an arm');
    expect(usageError(['--cases', 'c', '--arms', 'vote:3,vote:3']).message).toContain('vote:3 is listed twice');
    expect(usageError(['--cases', 'c', '--budget-usd', '0']).message).toContain(
      '--budget-usd 0: expected dollars above 0',
    );
    expect(usageError(['--cases', 'c', '--budget-usd', 'lots']).message).toContain('--budget-usd lots');
    expect(usageError(['--cases', 'c', '--repeats', '0']).message).toContain(
      '--repeats 0: expected a whole number from 1 to 100',
    );
    expect(usageError(['--cases', 'c', '--budget-tokens', '5']).message).toContain("Unknown option '--budget-tokens'");
    expect(usageError(['--cases', 'c', '--input', 'max-cost-usd=cheap']).message).toContain('max-cost-usd');
    expect(usageError(['--cases', 'c', 'extra']).message).toContain('unexpected argument "extra"');
  });

  it('reads eval import of a pull request or a git range, and refuses anything else', () => {
    expect(parseEvalArgs(['import', 'octo/widgets#3', 'cases/widgets-3'])).toEqual({
      kind: 'eval-import',
      source: { pr: { owner: 'octo', repo: 'widgets', number: 3, serverUrl: undefined } },
      dir: 'cases/widgets-3',
      apiUrl: undefined,
    });
    expect(
      parseEvalArgs([
        'import',
        'https://ghe.example.com/octo/widgets/pull/4',
        'd',
        '--api-url',
        'https://ghe.example.com/api/v3',
      ]),
    ).toMatchObject({
      source: { pr: { number: 4, serverUrl: 'https://ghe.example.com' } },
      apiUrl: 'https://ghe.example.com/api/v3',
    });
    expect(parseEvalArgs(['import', 'v1.2.0..v1.3.0', 'd'])).toMatchObject({
      kind: 'eval-import',
      source: { range: { base: 'v1.2.0', head: 'v1.3.0' } },
    });
    expect(usageError(['import', 'octo/widgets#3']).message).toContain('got 1 argument');
    expect(usageError(['import', 'main', 'd']).message).toContain('"main" is neither a pull request');
  });

  it('reads a git range as git writes one', () => {
    expect(parseGitRange('main..feature/x')).toEqual({ base: 'main', head: 'feature/x' });
    expect(parseGitRange('v1.2.0...HEAD')).toEqual({ base: 'v1.2.0', head: 'HEAD' });
    expect(parseGitRange('abc123..def456')).toEqual({ base: 'abc123', head: 'def456' });
    for (const text of ['main', '..main', 'main..', 'a..b..c', 'a b..c', '....'])
      expect(parseGitRange(text), text).toBeUndefined();
  });

  it('answers a usage error with the problem and one line of usage (issue #33), the whole usage on --help', () => {
    for (const argv of [[], ['--cases', 'c', '--arms', 'debate,nope'], ['--case', 'c'], ['import', 'x']]) {
      let error: unknown;
      try {
        parseEvalArgs(argv);
      } catch (caught) {
        error = caught;
      }
      expect(error, argv.join(' ')).toBeInstanceOf(UsageError);
      expect((error as UsageError).usage.split('\n'), argv.join(' ')).toHaveLength(1);
      expect((error as UsageError).usage).toMatch(/--help for all/);
    }
    expect(parseEvalArgs(['-h'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('Usage: pr-debate eval'),
    });
    const help = parseEvalArgs(['--help']);
    expect(help.kind === 'help' && help.text.split('\n').length).toBeGreaterThan(20);
  });
});

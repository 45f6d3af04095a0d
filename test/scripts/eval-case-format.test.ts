import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildCasePack,
  checkMix,
  checkSettledLine,
  labelledCaseSchema,
  packSize,
  readLabelledCases,
  type LabelledCase,
} from '../../scripts/eval-case-format.js';
import { recipeSkeleton } from '../../scripts/make-eval-case.js';

/** The label checks of issue #32 catch the labels an attacker (or a hurried labeller) would write. */
const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-labels-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

const base = Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};`).join('\n') + '\n';
const head = base.replace('const line15 = 15;', 'const line15 = "fifteen";');
const diff = [
  'diff --git a/lib/a.js b/lib/a.js',
  'index 1111111..2222222 100644',
  '--- a/lib/a.js',
  '+++ b/lib/a.js',
  '@@ -14,3 +14,3 @@',
  ' const line14 = 14;',
  '-const line15 = 15;',
  '+const line15 = "fifteen";',
  ' const line16 = 16;',
  '',
].join('\n');
const label = {
  id: 'x-case',
  title: 'x 2.0.0',
  body: 'Release 2.0.0.',
  question: 'Is line15 a string at the head?',
  positions: ['line15 is now the string "fifteen".', 'line15 is still the number 15 at the head.'],
  right: 'A',
  why: 'lib/a.js:15 at the head assigns "fifteen"; lib/a.js@base:15 assigned 15.',
  label_source: 'code: lib/a.js:15',
  settled_by: ['lib/a.js:15'],
  npm: { package: 'x', from: '1.0.0', to: '2.0.0' },
};

/** The recipe above, with its pair's snapshot in a folder as materialisation leaves it. */
async function caseWith(settled: string[], why = label.why) {
  const root = await folder({
    'x-case.yml': JSON.stringify({ ...label, why, settled_by: settled }),
    'pair/pr.diff': diff,
    'pair/base/lib/a.js': base,
    'pair/head/lib/a.js': head,
  });
  const [read] = await readLabelledCases(root);
  const c = { ...read!, dir: path.join(root, 'pair') };
  return { c, pack: await buildCasePack(c) };
}

describe('settled_by checks', () => {
  it('pass a head line and a base line that the diff shows', async () => {
    const { c, pack } = await caseWith(['lib/a.js:15', 'lib/a.js@base:15', 'lib/a.js:14-16']);
    for (const ref of c.settled_by) expect(await checkSettledLine(c, ref, pack), ref).toBeUndefined();
  });

  it('refuse a line that exists but is not in the pack, a line past the end, a file not in the folder, and a why that does not name the file', async () => {
    const { c, pack } = await caseWith(['lib/a.js:15']);
    // Base line 2 exists but is outside the hunk, and the pack shows base lines only in hunks: the models never see it.
    expect(await checkSettledLine(c, 'lib/a.js@base:2', pack)).toMatch(/not shown in the evidence pack/);
    expect(await checkSettledLine(c, 'lib/a.js:31', pack)).toMatch(/has 31 lines/);
    expect(await checkSettledLine(c, 'lib/b.js:1', pack)).toMatch(/not in the case folder/);
    expect(await checkSettledLine(c, 'lib/a.js', pack)).toMatch(/is not path:N/);
    const other = await caseWith(
      ['lib/a.js:15'],
      'The head assigns a string where the base assigned a number, which settles it.',
    );
    expect(await checkSettledLine(other.c, 'lib/a.js:15', other.pack)).toMatch(/why does not name lib\/a\.js/);
  });

  it('measure a small pack as small, in all and without full contents', async () => {
    const { pack } = await caseWith(['lib/a.js:15']);
    const size = packSize(pack);
    expect(size.changes).toBeLessThanOrEqual(size.tokens);
    expect(size.tokens).toBeLessThan(5_000);
  });
});

describe('the case.yml schema', () => {
  it.each([
    ['a third position', { positions: ['a', 'b', 'c'] }, 'positions'],
    ['right: C', { right: 'C' }, 'right'],
    ['a tag outside the closed set', { tags: ['hard'] }, 'tags.0'],
    ['a question without a question mark', { question: 'Is it a string' }, 'question'],
    ['an unknown field', { notes: 'x' }, '(root)'],
    ['no settled_by', { settled_by: [] }, 'settled_by'],
    ['no label_source', { label_source: undefined }, 'label_source'],
    [
      'a version range instead of a published version',
      { npm: { package: 'x', from: '^1.0.0', to: '2.0.0' } },
      'npm.from',
    ],
    ['a source line instead of the npm pair', { npm: undefined, source: 'npm x 1.0.0 -> 2.0.0' }, 'npm'],
  ])('rejects %s', (_name, change, field) => {
    const result = labelledCaseSchema.safeParse({ ...label, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.') || '(root)').toBe(field);
  });

  it('accepts the label above, with none as the answer and framings', () => {
    expect(
      labelledCaseSchema.safeParse({
        ...label,
        right: 'none',
        tags: ['neither-right'],
        framing: { positions: ['Is line15 a string?'] },
      }).success,
    ).toBe(true);
  });
});

describe('the mix', () => {
  const many = (n: number, change: (i: number) => Partial<LabelledCase>) =>
    Array.from(
      { length: n },
      (_, i) =>
        ({
          ...labelledCaseSchema.parse(label),
          file: '',
          source: '',
          dir: '',
          id: `c-${i}`,
          ...change(i),
        }) as LabelledCase,
    );

  it('counts pull requests as version pairs and packages apart, and names each count that falls short', () => {
    // 50 cases of 25 pairs in 5 packages, none of them neither-right or overflowing.
    const cases = many(50, (i) => ({ npm: { package: `p${i % 5}`, from: '1.0.0', to: `${2 + (i % 25)}.0.0` } }));
    expect(checkMix(cases)).toEqual([
      'pairs: 25, at least 40 needed',
      'packages: 5, at least 15 needed',
      'neitherRight: 0, at least 10 needed',
      'overflow: 0, at least 8 needed',
      'docContradictsCode: 0, at least 8 needed',
      'framed: 0, at least 5 needed',
    ]);
  });

  it('refuses a repeated id, a neither-right tag without right: none, and a right position longer than the wrong one', () => {
    const cases = many(3, () => ({}));
    cases[1] = { ...cases[1]!, id: 'c-0' };
    cases[2] = { ...cases[2]!, right: 'none', positions: ['a much longer first position than the second', 'short'] };
    expect(checkMix(cases).filter((p) => !/at least/.test(p))).toEqual([
      'c-0: the id is used twice',
      'c-2: right: none, but not tagged neither-right',
    ]);
    expect(
      checkMix([{ ...cases[0]!, positions: ['a much longer first position than the second', 'short'] }]),
    ).toContain('c-0: the right position is longer than the wrong one (44 > 5 characters)');
  });
});

describe('make-eval-case', () => {
  it('writes a recipe skeleton that names the pair and fails the schema until labelled', () => {
    const skeleton: unknown = parse(
      recipeSkeleton('x-case', { package: 'x', from: '1.0.0', to: '2.0.0' }, 'README.md'),
    );
    expect(skeleton).toMatchObject({
      id: 'x-case',
      rfc: 'README.md',
      npm: { package: 'x', from: '1.0.0', to: '2.0.0' },
    });
    expect(labelledCaseSchema.safeParse(skeleton).success).toBe(false);
  });
});

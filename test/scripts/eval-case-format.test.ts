import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCasePack, checkSettledLine, labelledCaseSchema, packSize, readLabelledCases } from '../../scripts/eval-case-format.js';
import { caseSkeleton, dropSections, sidesOf, sourceLine } from '../../scripts/make-eval-case.js';
import { parseGitDiff } from '../../src/evidence/parse-git-diff.js';

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
  settled_by: ['lib/a.js:15'],
  source: 'npm x 1.0.0 -> 2.0.0',
};

async function caseWith(settled: string[], why = label.why) {
  const root = await folder({ 'x-case/case.yml': JSON.stringify({ ...label, why, settled_by: settled }), 'x-case/pr.diff': diff, 'x-case/base/lib/a.js': base, 'x-case/head/lib/a.js': head });
  const [c] = await readLabelledCases(root);
  return { c: c!, pack: await buildCasePack(c!) };
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
    const other = await caseWith(['lib/a.js:15'], 'The head assigns a string where the base assigned a number, which settles it.');
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
    ['a source that is not npm <package> <from> -> <to>', { source: 'github x#1' }, 'source'],
  ])('rejects %s', (_name, change, field) => {
    const result = labelledCaseSchema.safeParse({ ...label, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.') || '(root)').toBe(field);
  });

  it('accepts the label above, with none as the answer and framings', () => {
    expect(labelledCaseSchema.safeParse({ ...label, right: 'none', tags: ['neither-right'], framing: { positions: ['Is line15 a string?'] } }).success).toBe(true);
  });
});

describe('make-eval-case', () => {
  const twoFiles = `${diff}diff --git a/vendor/x.js b/vendor/x.js\nnew file mode 100644\nindex 0000000..3333333\n--- /dev/null\n+++ b/vendor/x.js\n@@ -0,0 +1 @@\n+x\n`;

  it('drops only the sections under a --skip prefix, and names them', () => {
    const { diff: kept, dropped } = dropSections(twoFiles, ['vendor/']);
    expect(dropped).toEqual(['vendor/x.js']);
    expect(parseGitDiff(kept).map((f) => f.path)).toEqual(['lib/a.js']);
    expect(dropSections(twoFiles, []).diff).toBe(twoFiles);
  });

  it('copies a file at each side it has: an added file only at the head', () => {
    const [modified, added] = parseGitDiff(twoFiles);
    expect(sidesOf(modified!)).toEqual([{ side: 'base', name: 'lib/a.js' }, { side: 'head', name: 'lib/a.js' }]);
    expect(sidesOf(added!)).toEqual([{ side: 'head', name: 'vendor/x.js' }]);
  });

  it('names what the folder leaves out in the source line, and writes a skeleton that fails the schema until labelled', () => {
    const written = { package: 'x', from: '1.0.0', to: '2.0.0', files: 2, copied: 2, tooLarge: ['dist/big.js'], skipped: ['vendor/x.js'] };
    expect(sourceLine(written, 512)).toBe('npm x 1.0.0 -> 2.0.0; not copied to base/ and head/ (text over 512 KiB, still in pr.diff): dist/big.js; left out of pr.diff (vendored): vendor/x.js');
    const skeleton: unknown = parse(caseSkeleton('x-case', written, 'README.md', 512));
    expect(skeleton).toMatchObject({ id: 'x-case', rfc: 'README.md', source: sourceLine(written, 512) });
    expect(labelledCaseSchema.safeParse(skeleton).success).toBe(false);
  });
});

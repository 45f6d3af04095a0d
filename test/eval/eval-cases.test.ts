import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGitDiff } from '../../src/evidence/parse-git-diff.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { buildCasePack, checkSettledLine, LARGE_PACK_TOKENS, packageOf, packSize, readLabelledCases, renderCaseTable, type LabelledCase } from '../../scripts/eval-case-format.js';
import { ROOT } from '../support/run-action.js';

/**
 * The shipped labelled cases (issue #32) hold what their labels claim: the format, every `settled_by`
 * line at its side and in the evidence pack the models get, whole-PR folders, and the mix the issue asks
 * for, measured (pack sizes with the project's evidence code), so no part of it can silently drop.
 * Written against the agreed case.yml format with scripts/eval-case-format.ts; the eval's shared loader
 * can replace readLabelledCases once it reads this format.
 */
const CASES = path.join(ROOT, 'eval-cases');
let cases: LabelledCase[] = [];
const packs = new Map<string, EvidencePack>();

beforeAll(async () => {
  cases = await readLabelledCases(CASES);
  for (const c of cases) packs.set(c.id, await buildCasePack(c));
}, 600_000);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('the shipped eval cases', () => {
  it('are the mix issue #32 asks for: 30 cases, 10 packages, 8 doc-contradicts-code, 5 large packs, 5 with no right position, 5 framed', () => {
    const tagged = (tag: string) => cases.filter((c) => c.tags?.includes(tag as never)).length;
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map(packageOf)).size).toBeGreaterThanOrEqual(10);
    expect(tagged('doc-contradicts-code')).toBeGreaterThanOrEqual(8);
    expect(tagged('large-pack')).toBeGreaterThanOrEqual(5);
    expect(tagged('neither-right')).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => c.framing !== undefined).length).toBeGreaterThanOrEqual(5);
    // The old cut-down cases are redone in the new format under their ids.
    for (const id of ['commander-excess-default', 'express-node-floor', 'express-status-throws', 'markdownlint-string-width', 'pino-censor-type', 'undici-compose-order']) {
      expect(cases.map((c) => c.id)).toContain(id);
    }
  });

  it('each has a unique id equal to its folder, an RFC at the head, and a right position no longer than the wrong one', async () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) {
      expect(path.basename(c.dir), c.id).toBe(c.id);
      if (c.rfc !== undefined) expect(await readFile(path.join(c.dir, 'head', c.rfc), 'utf8').then(() => true, () => false), `${c.id}: rfc ${c.rfc} at head`).toBe(true);
      if (c.right === 'none') continue;
      const [right, wrong] = c.right === 'A' ? c.positions : [c.positions[1], c.positions[0]];
      expect(right.length, `${c.id}: the right position is longer than the wrong one`).toBeLessThanOrEqual(wrong.length);
    }
  });

  it('tag neither-right exactly the cases whose answer is none, and large-pack exactly those whose pack is over LARGE_PACK_TOKENS (52,000 on the default model tokenizer, 40,000 at 3.5 characters a token) without the full contents that fill spare budget', () => {
    for (const c of cases) {
      expect(c.tags?.includes('neither-right') ?? false, `${c.id}: neither-right tag vs right: ${c.right}`).toBe(c.right === 'none');
      const size = packSize(packs.get(c.id)!);
      expect(c.tags?.includes('large-pack') ?? false, `${c.id}: large-pack tag vs a pack of ${size.tokens} tokens, ${size.changes} without full contents`).toBe(size.changes > LARGE_PACK_TOKENS);
    }
  });

  it('each settled_by line exists at its side, is in the evidence pack the models get, and is named in why', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      for (const ref of c.settled_by) {
        const problem = await checkSettledLine(c, ref, packs.get(c.id)!);
        if (problem !== undefined) problems.push(`${c.id}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each folder is the whole PR: every changed text file at each side it has, and no file the diff does not change', async () => {
    for (const c of cases) {
      const files = parseGitDiff(await readFile(path.join(c.dir, 'pr.diff'), 'latin1'));
      expect(files.length, c.id).toBeGreaterThan(0);
      const notCopied = /not copied to base\/ and head\/ \([^)]*\): ([^;]*)/.exec(c.source)?.[1]?.split(', ') ?? [];
      for (const side of ['base', 'head'] as const) {
        const present = new Set(await filesUnder(path.join(c.dir, side)));
        const expected = new Set(
          files
            .filter((f) => !f.binary && (side === 'base' ? f.status !== 'added' : f.status !== 'removed'))
            .map((f) => (side === 'base' ? (f.previousPath ?? f.path) : f.path))
            .filter((p) => !notCopied.includes(p)),
        );
        if (side === 'head' && c.rfc !== undefined) expected.add(c.rfc);
        const missing = [...expected].filter((p) => !present.has(p));
        const extra = [...present].filter((p) => !expected.has(p));
        expect({ id: c.id, side, missing, extra }).toEqual({ id: c.id, side, missing: [], extra: [] });
      }
    }
  });

  it("is listed in eval-cases/README.md's table exactly as the labels and the measured packs say (npx tsx scripts/eval-case-mix.ts)", async () => {
    const rows = [];
    for (const c of cases) rows.push({ c, pack: packs.get(c.id)!, files: parseGitDiff(await readFile(path.join(c.dir, 'pr.diff'), 'latin1')).length });
    const readme = await readFile(path.join(CASES, 'README.md'), 'utf8');
    expect(readme).toContain(renderCaseTable(rows));
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-metadata.js';

/**
 * Issue #41: the layout of src/ as a newcomer walks it. Read from the source files' own imports.
 */
const SRC = path.join(ROOT, 'src');
const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
);
const text = new Map(files.map((file) => [file, readFileSync(path.join(SRC, file), 'utf8')]));

/** The files of src/ a file imports (relative imports, static or dynamic), as paths under src/. */
function importsOf(file: string): string[] {
  const found = [...text.get(file)!.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return found
    .map((spec) => path.normalize(path.join(path.dirname(file), spec)).replace(/\.js$/, '.ts'))
    .filter((target) => text.has(target));
}

/** A file's folder under src/ (`modes`), or the file itself for one at the top (`main.ts`). */
const folderOf = (file: string) => file.split(path.sep)[0]!;

describe('the house', () => {
  it('has one dispatcher, called only by the entry points: the action (main.ts) and the CLI', () => {
    const callers = files.filter((file) => importsOf(file).includes(path.join('modes', 'dispatch.ts')));
    expect(callers.sort()).toEqual(['cli/call-pipeline.ts', 'main.ts']);
  });

  it('has no circle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      for (const target of importsOf(file)) {
        if (folderOf(file) !== folderOf(target))
          edges.set(folderOf(file), (edges.get(folderOf(file)) ?? new Set()).add(folderOf(target)));
      }
    }
    const circles: string[] = [];
    const walk = (folder: string, trail: string[]) => {
      for (const next of edges.get(folder) ?? []) {
        if (next === trail[0]) circles.push([...trail, next].join(' -> '));
        else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
      }
    };
    for (const folder of edges.keys()) walk(folder, [folder]);
    expect(circles).toEqual([]);
  });
});

describe('the rooms', () => {
  /** Files allowed past the limit: cited data tables only, each with why (none today). */
  const TABLES: Record<string, string> = {};

  it('are small: no source file is over 300 lines, cited data tables aside', () => {
    const long = files
      .filter((file) => text.get(file)!.split('\n').length - 1 > 300 && !(file in TABLES))
      .map((file) => `${file}: ${text.get(file)!.split('\n').length - 1} lines`);
    expect(long).toEqual([]);
  });
});

describe('where triggers are made', () => {
  it('makes every trigger in src/trigger, where its type is: no mode or look-up builds one by hand', () => {
    const literal =
      /\{\s*(?:kind: '(?:debate|gate|reply|go|accept|refuse|bridge)',\s*(?:source|target|reply|purpose)\b|\.\.\.\w+,\s*kind: '(?:debate|reply)')/;
    expect(files.filter((file) => !file.startsWith(`trigger${path.sep}`) && literal.test(text.get(file)!))).toEqual([]);
  });
});

describe('comments', () => {
  it('stand alone: none cites a "contract section", a document outside the repository', () => {
    const citing = files.filter((file) => /contract(\s|\*)+sections?\s+\d/i.test(text.get(file)!));
    expect(citing).toEqual([]);
  });
});

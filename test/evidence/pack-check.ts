import { showLine, splitLines } from '../../src/evidence/show-lines.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';

/** Reads a file's bytes at a side of the PR, or undefined when it does not exist there. */
export type SideReader = (side: 'head' | 'base', path: string) => Buffer | undefined;

/**
 * Checks a pack against the real trees: every numbered row of every FILE and DIFF block, and every
 * line of the verifier's index, is the line the real file has at that number on that side (as the pack
 * shows lines: escaped, cut at 2,000 characters). Returns the mismatches and how many lines it compared.
 */
export function checkPackAgainstTrees(pack: EvidencePack, read: SideReader): { checked: number; mismatches: string[] } {
  const cache = new Map<string, string[] | undefined>();
  const linesOf = (side: 'head' | 'base', path: string) => {
    const key = `${side}:${path}`;
    if (!cache.has(key)) {
      const content = read(side, path);
      cache.set(key, content === undefined ? undefined : splitLines(content.toString('utf8')).map(showLine));
    }
    return cache.get(key);
  };
  let checked = 0;
  const mismatches: string[] = [];
  const expectLine = (side: 'head' | 'base', path: string, n: number, text: string, where: string) => {
    checked += 1;
    // A renamed or copied file's base lines are those of its old name at the base.
    const actual = linesOf(side, side === 'base' ? (pack.files.get(path)?.basePath ?? path) : path)?.[n - 1];
    if (actual !== text)
      mismatches.push(
        `${where} ${path}@${side}:${n}: ${JSON.stringify(text.slice(0, 80))} != ${JSON.stringify(actual?.slice(0, 80))}`,
      );
  };

  // The index the verifier uses.
  for (const file of pack.files.values()) {
    if (file.kind === 'submodule') continue; // "Subproject commit" lines are git's, not a file's
    for (const side of ['head', 'base'] as const) {
      for (const [n, text] of file[side]?.lines ?? []) expectLine(side, file.path, n, text, 'index');
    }
  }

  // The text the models read.
  const begin = new RegExp(`^=== BEGIN EVIDENCE-${pack.tag} (FILE|DIFF|PR) (".*?") `);
  let block: { kind: string; path: string } | undefined;
  for (const line of pack.text.split('\n')) {
    const opened = begin.exec(line);
    if (opened) {
      block = { kind: opened[1]!, path: JSON.parse(opened[2]!) as string };
      if (pack.files.get(block.path)?.kind === 'submodule') block = undefined;
      continue;
    }
    if (line.startsWith(`=== END EVIDENCE-${pack.tag} `)) {
      block = undefined;
      continue;
    }
    if (block?.kind === 'FILE') {
      const row = /^(\d+) \| (.*)$/.exec(line);
      if (row) expectLine('head', block.path, Number(row[1]), row[2]!, 'FILE');
    } else if (block?.kind === 'DIFF' && !line.startsWith('@@') && !line.startsWith('[')) {
      const base = line.slice(0, 6).trim();
      const head = line.slice(7, 13).trim();
      const text = line.slice(16);
      if (base !== '') expectLine('base', block.path, Number(base), text, 'DIFF');
      if (head !== '') expectLine('head', block.path, Number(head), text, 'DIFF');
    }
  }
  return { checked, mismatches };
}

/** Whether the pack left changed hunks out: some are in reader parts, in generated files no one reads, or in files without a computed diff. */
export function leftHunksOut(pack: Pick<EvidencePack, 'coverage'>): boolean {
  const { parts, generatedSkipped, noDiff } = pack.coverage;
  return parts.length + generatedSkipped.length + noDiff.length > 0;
}

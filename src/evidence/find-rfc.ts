import { minimatch } from 'minimatch';
import type { ChangedFile } from './types.js';

/**
 * Where an RFC / design document is looked for, in order (issue #2; the full order grows in later issues):
 * the `--rfc=` command option, the `rfc-path` input (a path, or a glob matched against the PR's files),
 * then Markdown files the PR adds or changes under a docs / rfc / adr / design folder.
 */

/** Folders whose Markdown files count as design documents when the PR adds or changes them. */
export const RFC_FOLDERS = ['rfcs', 'rfc', 'docs/rfcs', 'docs/rfc', 'docs/adr', 'doc/adr', 'adr', 'design', 'docs/design', 'proposals'];

/** The outcome: explicit paths to read at the head, and how they were chosen. */
export interface RfcChoice {
  /** Paths to read at the head commit. */
  paths: string[];
  /** `option`, `input`, `changed-file` or `none`. */
  source: 'option' | 'input' | 'changed-file' | 'none';
  /** One plain sentence for the models and the comment. */
  note: string;
}

/**
 * Chooses the RFC paths. Pure.
 * @param commandRfc value of `--rfc=` (a path at the PR head)
 * @param inputRfc value of the `rfc-path` input (a path or a glob)
 * @param files the PR's changed files
 */
export function chooseRfc(commandRfc: string | undefined, inputRfc: string | undefined, files: ChangedFile[]): RfcChoice {
  if (commandRfc) return { paths: [normalise(commandRfc)], source: 'option', note: `RFC chosen by the command option --rfc: ${normalise(commandRfc)}` };
  if (inputRfc) {
    if (isGlob(inputRfc)) {
      const matches = files.filter((f) => f.status !== 'removed' && minimatch(f.path, normalise(inputRfc), { dot: true })).map((f) => f.path);
      if (matches.length > 0) return { paths: matches, source: 'input', note: `RFC chosen by the rfc-path input (${inputRfc}): ${matches.join(', ')}` };
      return { paths: [], source: 'none', note: `No RFC: the rfc-path input (${inputRfc}) matched none of the PR's files, so the debate runs on the diff alone.` };
    }
    return { paths: [normalise(inputRfc)], source: 'input', note: `RFC chosen by the rfc-path input: ${normalise(inputRfc)}` };
  }
  const changed = files
    .filter((f) => f.status !== 'removed' && /\.(md|markdown|mdx)$/i.test(f.path))
    .filter((f) => RFC_FOLDERS.some((folder) => f.path.toLowerCase().startsWith(`${folder}/`)))
    .map((f) => f.path);
  if (changed.length > 0) return { paths: changed, source: 'changed-file', note: `RFC found among the PR's changed files: ${changed.join(', ')}` };
  return {
    paths: [],
    source: 'none',
    note: 'No RFC or design document was found (no --rfc option, no rfc-path input, no Markdown file changed under a docs/rfc/adr/design folder), so the debate runs on the diff alone.',
  };
}

function isGlob(value: string): boolean {
  return /[*?[\]{}]/.test(value);
}

function normalise(value: string): string {
  return value.trim().replace(/^\.?\/+/, '');
}

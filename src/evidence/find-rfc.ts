import { minimatch } from 'minimatch';
import type { ChangedFile } from './evidence-types.js';

/**
 * Where an RFC / design document is looked for, in order (issue #3):
 * 1. the `--rfc=` command option (a path at the PR head);
 * 2. the `rfc-path` input (a path, or a glob matched against the PR's files);
 * 3. a path or a blob link in the PR body that names a document (`docs/rfcs/0007-queue.md`,
 *    `https://github.com/o/r/blob/main/docs/x.md`), read at the head commit;
 * 4. Markdown files the PR adds or changes under {@link RFC_FOLDERS}.
 * Several matches are all taken (the pack holds them within budget). The first two are the
 * maintainer's word: a named file that is missing is said, not silently replaced. Body mentions are
 * only candidates: those that do not exist at the head are skipped.
 */

/** Folders whose Markdown files count as design documents when the PR adds or changes them. */
export const RFC_FOLDERS = [
  'rfcs',
  'rfc',
  'docs/rfcs',
  'docs/rfc',
  'docs/adr',
  'doc/adr',
  'adr',
  'design',
  'docs/design',
  'proposals',
];

/** At most this many body mentions are read: the body is the author's text, not the maintainer's. */
export const MAX_BODY_DOCUMENTS = 5;

/** The outcome: explicit paths to read at the head, and how they were chosen. */
export interface RfcChoice {
  /** Paths to read at the head commit. */
  paths: string[];
  /** `option`, `input`, `body`, `changed-file` or `none`. */
  source: 'option' | 'input' | 'body' | 'changed-file' | 'none';
  /** One plain sentence for the models and the comment. */
  note: string;
}

const NONE_NOTE =
  'No RFC or design document was found (no --rfc option, no rfc-path input, no document named in the PR body, no Markdown file changed under a docs/rfc/adr/design folder), so the debate runs on the diff alone.';

/**
 * Chooses the RFC paths from the first two sources, or lists the candidates of the last two. Pure.
 * @param commandRfc value of `--rfc=` (a path at the PR head)
 * @param inputRfc value of the `rfc-path` input (a path or a glob)
 * @param files the PR's changed files
 * @param body the PR body, and the PR's HTML URL (`https://github.com/o/r/pull/1`) to recognise blob links of this repository
 * @returns the choice when an explicit source decides, else `candidates` to check at the head with {@link pickExistingRfc}
 */
export function chooseRfc(
  commandRfc: string | undefined,
  inputRfc: string | undefined,
  files: ChangedFile[],
  body: { text: string; pullHtmlUrl: string } = { text: '', pullHtmlUrl: '' },
): RfcChoice & { candidates: { body: string[]; changed: string[] } } {
  const none = { body: [], changed: [] };
  if (commandRfc)
    return {
      paths: [normalise(commandRfc)],
      source: 'option',
      note: `RFC chosen by the command option --rfc: ${names([normalise(commandRfc)])}`,
      candidates: none,
    };
  if (inputRfc) {
    if (isGlob(inputRfc)) {
      const matches = files
        .filter((f) => f.status !== 'removed' && minimatch(f.path, normalise(inputRfc), { dot: true }))
        .map((f) => f.path);
      if (matches.length > 0)
        return {
          paths: matches,
          source: 'input',
          note: `RFC chosen by the rfc-path input (${inputRfc}): ${names(matches)}`,
          candidates: none,
        };
      return {
        paths: [],
        source: 'none',
        note: `No RFC: the rfc-path input (${inputRfc}) matched none of the PR's files, so the debate runs on the diff alone.`,
        candidates: none,
      };
    }
    return {
      paths: [normalise(inputRfc)],
      source: 'input',
      note: `RFC chosen by the rfc-path input: ${names([normalise(inputRfc)])}`,
      candidates: none,
    };
  }
  const changed = files
    .filter((f) => f.status !== 'removed' && /\.(md|markdown|mdx)$/i.test(f.path))
    .filter((f) => RFC_FOLDERS.some((folder) => f.path.toLowerCase().startsWith(`${folder}/`)))
    .map((f) => f.path);
  const mentioned = documentsInBody(body.text, body.pullHtmlUrl);
  const picked = pickExistingRfc({ body: mentioned, changed }, new Set([...mentioned, ...changed]));
  return { ...picked, candidates: { body: mentioned, changed } };
}

/**
 * Picks among the candidates of the last two sources once it is known which exist at the head. Pure.
 * @param candidates body mentions and changed design documents, from {@link chooseRfc}
 * @param existing the candidate paths that exist at the head commit
 */
export function pickExistingRfc(candidates: { body: string[]; changed: string[] }, existing: Set<string>): RfcChoice {
  const body = candidates.body.filter((p) => existing.has(p));
  if (body.length > 0) return { paths: body, source: 'body', note: `RFC named in the PR body: ${names(body)}` };
  const changed = candidates.changed.filter((p) => existing.has(p));
  if (changed.length > 0)
    return {
      paths: changed,
      source: 'changed-file',
      note: `RFC found among the PR's changed files: ${names(changed)}`,
    };
  return { paths: [], source: 'none', note: NONE_NOTE };
}

/** Extensions of documents a PR body may name as its design document. */
const DOC_EXTENSION = '(?:md|markdown|mdx|rst|adoc|txt)';

/**
 * Paths of documents the PR body names: blob links of the PR's own repository (the ref in the link is
 * ignored: the RFC is read at the head) and relative paths ending in a document extension. Paths that
 * climb out (`..`) or are absolute URLs of other sites are ignored; at most {@link MAX_BODY_DOCUMENTS}.
 * @param body the PR body (untrusted text)
 * @param pullHtmlUrl the PR's HTML URL, `https://github.com/{owner}/{repo}/pull/{n}`
 */
export function documentsInBody(body: string, pullHtmlUrl: string): string[] {
  const found: string[] = [];
  const add = (path: string) => {
    const clean = normalise(path);
    if (clean === '' || clean.split('/').some((s) => s === '..' || s === '.' || s === '') || found.includes(clean))
      return;
    found.push(clean);
  };
  const repoBase = /^(https?:\/\/[^/]+\/[^/]+\/[^/]+)\/pull\/\d+/.exec(pullHtmlUrl)?.[1];
  if (repoBase !== undefined) {
    const blob = new RegExp(`${escapeRegExp(repoBase)}/blob/[^/\\s)>\\]]+/([^\\s)>\\]#?]+)`, 'gi');
    for (const match of body.matchAll(blob)) {
      const raw = match[1] ?? '';
      try {
        add(decodeURIComponent(raw));
      } catch {
        add(raw);
      }
    }
  }
  // Paths in code spans may hold spaces; bare ones are preceded by a start, a space or an opening
  // bracket or quote (so never part of a URL) and end at a space, a closing bracket or punctuation.
  const spans = new RegExp(`\`([^\`\\n]+\\.${DOC_EXTENSION})\``, 'giu');
  for (const match of body.matchAll(spans)) if (!/^[a-z]+:\/\//i.test(match[1] ?? '')) add(match[1] ?? '');
  const bare = new RegExp(
    `(?:^|[\\s(\\['"])((?:\\./)?(?:[\\p{L}\\p{N}_.@+-]+/)*[\\p{L}\\p{N}_.@+-]+\\.${DOC_EXTENSION})(?=$|[\\s)\\]\`'",;:!?]|\\.(?:\\s|$))`,
    'gimu',
  );
  for (const match of body.matchAll(bare)) add(match[1] ?? '');
  return found.slice(0, MAX_BODY_DOCUMENTS);
}

/**
 * Paths as JSON strings, comma-separated: a path comes from the PR (its body or its files), so quoting
 * keeps a name from reading as part of the sentence.
 */
export function names(paths: string[]): string {
  return paths.map((p) => JSON.stringify(p)).join(', ');
}

function isGlob(value: string): boolean {
  return /[*?[\]{}]/.test(value);
}

function normalise(value: string): string {
  return value.trim().replace(/^\.?\/+/, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

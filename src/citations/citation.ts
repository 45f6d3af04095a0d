import { z } from 'zod';

/**
 * The citation: one concept, defined here. Models write it as structured output (explicit fields, as
 * structured outputs need them); the verifier checks it; the report renders it. Its text form, one
 * grammar for people, models and logs, is formatted and parsed here too:
 *
 * ```text
 * path:12          line 12 at the head commit
 * path:12-18       lines 12 to 18 at the head commit
 * path@base:40     line 40 at the base commit (a removed line)
 * "path":12        a path that would otherwise be ambiguous (see {@link needsQuoting}), as a JSON string
 * ```
 *
 * An RFC is cited the same way, by its path, at the head. Nothing else in the pipeline guesses a side:
 * a citation without `side` means the head (issue #3: "`path:line` means head").
 */

/** The two sides of a pull request a line can be cited on. */
export const CITATION_SIDES = ['head', 'base'] as const;

/** `head`: the PR's head commit (added and context lines, full files, the RFC); `base`: its base commit (removed lines). */
export type CitationSide = (typeof CITATION_SIDES)[number];

/** A citation: lines of a file in the evidence pack, on one side of the PR, and a verbatim quote from them. */
export const citationSchema = z.object({
  path: z
    .string()
    .describe('file path exactly as the evidence pack names it (the text inside the quotes), without a line number'),
  side: z
    .enum(CITATION_SIDES)
    .default('head')
    .describe(
      '"head" for lines at the head commit (FILE blocks, the head column of DIFF blocks, the RFC); "base" for removed lines (the base column of DIFF blocks)',
    ),
  line_start: z.number().int().describe('first cited line number on that side'),
  line_end: z.number().int().describe('last cited line number on that side (equal to line_start for one line)'),
  quote: z.string().describe('verbatim text copied from the cited lines'),
});

/**
 * A citation as code holds it. `side` is optional in the type so that a citation written before sides
 * existed still reads as the grammar says (absent means head); models always send it (the JSON schema
 * they receive requires it) and zod fills it in on parse.
 */
export type Citation = z.input<typeof citationSchema>;

/** Where a citation points, without its quote. */
export type CitationRef = Pick<Citation, 'path' | 'side' | 'line_start' | 'line_end'>;

/** The side a citation points at: its `side`, or the head when absent (the grammar's default). */
export function citationSide(citation: Pick<Citation, 'side'>): CitationSide {
  return citation.side ?? 'head';
}

/** `12` or `12-18`. */
export function formatRange(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

/**
 * True when a path cannot be written bare in a reference without changing its meaning: it is empty,
 * starts with a double quote, has leading or trailing whitespace, holds a control or line-separator
 * character, or ends in `@head` / `@base` (which would read as a side).
 */
export function needsQuoting(path: string): boolean {
  return (
    path === '' ||
    path.startsWith('"') ||
    path !== path.trim() ||
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(path) ||
    /@(head|base)$/.test(path)
  );
}

/**
 * The citation's reference as people and models read it: `path:12`, `path:12-18`, `path@base:40`;
 * a path that {@link needsQuoting} is written as a JSON string. {@link parseCitationRef} reads it back.
 */
export function formatCitationRef(citation: CitationRef): string {
  const path = needsQuoting(citation.path) ? JSON.stringify(citation.path) : citation.path;
  const side = citationSide(citation) === 'base' ? '@base' : '';
  return `${path}${side}:${formatRange(citation.line_start, citation.line_end)}`;
}

/** What {@link parseCitationRef} returns. */
export type ParsedRef = { ok: true; ref: Required<CitationRef> } | { ok: false; error: string };

const BARE_REF = /^(.+?)(@head|@base)?:(\d+)(?:[-\u2013](\d+))?$/s;
const TAIL = /^(@head|@base)?:(\d+)(?:[-\u2013](\d+))?$/;

/**
 * Parses a reference written in the grammar above. Paths may hold spaces, colons and any Unicode;
 * the last `:N` or `:N-M` is the range, and an `@base` / `@head` just before it is the side.
 * `@head` is accepted though {@link formatCitationRef} never writes it; an en dash is accepted for `-`.
 * @param text one reference, e.g. `docs/a b/é.md:3-4` or `lib/x.js@base:40`
 * @returns the reference, or why it is not one (no range, a line below 1, a reversed range, a bad quoted path)
 */
export function parseCitationRef(text: string): ParsedRef {
  let path: string;
  let tail: RegExpExecArray | null;
  if (text.startsWith('"')) {
    const end = closingQuote(text);
    if (end === -1) return { ok: false, error: `unterminated quoted path in ${JSON.stringify(text)}` };
    try {
      path = String(JSON.parse(text.slice(0, end + 1)));
    } catch {
      return { ok: false, error: `the quoted path in ${JSON.stringify(text)} is not a valid JSON string` };
    }
    tail = TAIL.exec(text.slice(end + 1));
  } else {
    const match = BARE_REF.exec(text);
    if (match === null) return { ok: false, error: `${JSON.stringify(text)} is not path:N, path:N-M or path@base:N` };
    path = match[1] ?? '';
    tail = TAIL.exec(text.slice(path.length));
  }
  if (tail === null) return { ok: false, error: `${JSON.stringify(text)} does not end in :N or :N-M` };
  const start = Number(tail[2]);
  const end = tail[3] === undefined ? start : Number(tail[3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 1)
    return { ok: false, error: `line numbers start at 1 (${JSON.stringify(text)})` };
  if (end < start) return { ok: false, error: `the range in ${JSON.stringify(text)} ends before it starts` };
  return { ok: true, ref: { path, side: tail[1] === '@base' ? 'base' : 'head', line_start: start, line_end: end } };
}

/** Index of the double quote that closes the JSON string starting at 0, or -1. */
function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** A reference found in free text by {@link findCitationRefs}. */
export interface FoundRef {
  /** Offset of the reference in the text, in UTF-16 code units; `end` is exclusive. */
  start: number;
  end: number;
  /** The reference as written, e.g. `lib/a.js:12` or a blob link. */
  raw: string;
  ref: Required<CitationRef>;
  /** Set for a blob link: the commit it names. */
  commit?: string;
}

/** The repository whose blob links are references: `{server}/{owner}/{repo}/blob/...`. */
export interface RepositoryUrl {
  serverUrl: string;
  owner: string;
  repo: string;
}

/** Which blob links {@link findCitationRefs} reads as references. */
export interface BlobLinkScope {
  /** Blob links to this repository, at any commit. */
  repository?: RepositoryUrl;
  /** Blob links, on any host, at one of these commits (7 or more leading hex digits name one). */
  commits?: readonly string[];
  /**
   * Paths that count as references even without a `/` or `.` (`LICENSE:3`, `Makefile:12`): the files of
   * the evidence pack. Any other bare word before `:N` (`step:1`) is prose, not a reference.
   */
  paths?: ReadonlySet<string>;
}

/** A GitHub blob URL: host, owner, repository, commit or branch, path, and a line anchor. */
const BLOB_LINK =
  /\bhttps?:\/\/([^\s/]+)\/([^\s/]+)\/([^\s/]+)\/blob\/([^\s/]+)\/([^\s#?)\]>"'`]+)(#L\d+(?:-L\d+)?)?/gi;

/**
 * A bare reference in prose: a path with a `/` or a `.` in it (the shape of a file, not of `12:30`), or
 * a known path (see {@link BlobLinkScope.paths}), then the grammar's tail. The path stops at whitespace, quotes, brackets and the other characters
 * prose puts around a reference; a path with any of these must be written quoted (`"a b.md":3`).
 */
const PROSE_REF =
  /(?<![^\s(\[{"'`*_~,;])(?:("(?:[^"\\\n]|\\.)*")|([^\s"'`()<>[\]{},;*~|\u00a0]*?[^\s"'`()<>[\]{},;*~|\u00a0:@.]))((?:@head|@base)?:\d+(?:[-\u2013]\d+)?)(?![\w-]|[.:]\w)/gu;

/** `#L12` or `#L12-L18` (GitHub's line anchors on a blob URL); without one a link names line 1. */
const LINE_ANCHOR = /^#L(\d+)(?:-L(\d+))?$/;

/**
 * Every reference of the citation grammar in free text (issue #11): `path:N`, `path:N-M`,
 * `path@base:N`, quoted paths, and the blob links of this repository that `scope` names
 * (`{server}/{owner}/{repo}/blob/{commit}/{path}#L{a}-L{b}`, path percent-decoded). Pure.
 * A candidate that the grammar refuses (a line 0, a reversed range) is still returned when it has the
 * shape of a reference, with its range as written, so that the verifier marks it rather than it
 * standing unchecked; it is skipped only when it is no reference at all.
 * @param scope which blob links count; with neither field, no blob link is a reference
 * @returns references in text order, never overlapping
 */
export function findCitationRefs(text: string, scope: BlobLinkScope = {}): FoundRef[] {
  const found: FoundRef[] = [];
  for (const m of text.matchAll(BLOB_LINK)) {
    const [whole, host, owner, repo, commit, written, rawAnchor] = m as unknown as string[];
    if (!isOurBlob(host!, owner!, repo!, commit!, scope)) continue;
    // Without an anchor, punctuation that ends the sentence is not part of the path.
    const rawPath = rawAnchor ? written! : written!.replace(/[.,:;!?]+$/, '');
    const raw = rawAnchor ? whole! : whole!.slice(0, whole!.length - (written!.length - rawPath.length));
    const anchor = LINE_ANCHOR.exec(rawAnchor ?? '');
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = rawPath;
    }
    const start = anchor ? Number(anchor[1]) : 1;
    const end = anchor?.[2] === undefined ? start : Number(anchor[2]);
    found.push({
      start: m.index,
      end: m.index + raw.length,
      raw,
      commit,
      ref: { path, side: 'head', line_start: start, line_end: end },
    });
  }
  for (const m of text.matchAll(PROSE_REF)) {
    const at = m.index;
    if (found.some((f) => at < f.end && at + m[0].length > f.start)) continue;
    const pathText = m[1] ?? m[2] ?? '';
    if (
      m[1] === undefined &&
      ((!/[/.]/.test(pathText) && !scope.paths?.has(pathText)) || /:\/\//.test(pathText) || /^\d[\d.]*$/.test(pathText))
    )
      continue;
    const parsed = parseCitationRef(m[0]);
    const tail = /^(@head|@base)?:(\d+)(?:[-\u2013](\d+))?$/.exec(m[3]!)!;
    const ref: Required<CitationRef> = parsed.ok
      ? parsed.ref
      : {
          path: m[1] === undefined ? pathText : safeJson(pathText),
          side: tail[1] === '@base' ? 'base' : 'head',
          line_start: Number(tail[2]),
          line_end: Number(tail[3] ?? tail[2]),
        };
    found.push({ start: at, end: at + m[0].length, raw: m[0], ref });
  }
  return found.sort((a, b) => a.start - b.start);
}

function isOurBlob(host: string, owner: string, repo: string, commit: string, scope: BlobLinkScope): boolean {
  const repository = scope.repository;
  if (repository) {
    const server = repository.serverUrl
      .replace(/^https?:\/\//i, '')
      .replace(/\/+$/, '')
      .toLowerCase();
    if (
      host.toLowerCase() === server &&
      owner.toLowerCase() === repository.owner.toLowerCase() &&
      repo.toLowerCase() === repository.repo.toLowerCase()
    )
      return true;
  }
  const lower = commit.toLowerCase();
  return /^[0-9a-f]{7,40}$/.test(lower) && (scope.commits ?? []).some((sha) => sha.toLowerCase().startsWith(lower));
}

function safeJson(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted.slice(1, -1);
  }
}

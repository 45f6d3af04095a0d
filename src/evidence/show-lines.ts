import type { Hunk } from './evidence-types.js';

/**
 * How material looks in the evidence pack, line by line: the one place that shapes a line of a file,
 * a hunk row and a FILE block, used alike by the planner (to measure) and the renderer (to write).
 * The verifier compares quotes with lines exactly as shaped here.
 */

/** Characters per estimated token: about 3.5 for code and English (a deliberate over-estimate). */
export const CHARS_PER_TOKEN = 3.5;

/**
 * Input `max-evidence-tokens`' default, in tokens on the models that read the pack (issue #31): the
 * text of 80,000 tokens at 3.5 characters a token, as the default model's tokenizer counts it (x1.3,
 * `claudeModelFacts` of the default model, `tokenizerFactor`), so a debate on the default model reads what it did
 * when the budget was counted at 3.5 characters a token.
 */
export const DEFAULT_EVIDENCE_TOKENS = 104_000;

/** Estimated tokens of a text, at {@link CHARS_PER_TOKEN}. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Longest line shown, in characters; longer lines (minified or generated code) are cut with a mark. */
export const MAX_LINE_CHARS = 2_000;

/** Length of a pack's delimiter tag, in hex digits (the planner measures blocks with it before the tag is known). */
export const TAG_LENGTH = 12;

/** Writes the delimiter lines of a pack's blocks, `=== BEGIN/END EVIDENCE-<tag> <kind> <label> ===`. */
export interface Delimiters {
  begin(kind: string, label: string): string;
  end(kind: string, label: string): string;
}

/** The delimiters of the pack tagged `tag`. */
export function delimiters(tag: string): Delimiters {
  return {
    begin: (kind, label) => `=== BEGIN EVIDENCE-${tag} ${kind} ${label} ===`,
    end: (kind, label) => `=== END EVIDENCE-${tag} ${kind} ${label} ===`,
  };
}

/** Splits file content into lines as an editor numbers them (a final newline does not start a line). */
export function splitLines(content: string): string[] {
  const lines = content.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

// Control characters (but tab), DEL, C1 controls, line and paragraph separators, and bidirectional
// overrides ("Trojan Source", CVE-2021-42574): shown as \uXXXX so the material reads as it is.
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line of material as the pack shows it (and the verifier compares): a trailing carriage return
 * (CRLF files) dropped, unsafe characters escaped as `\uXXXX`, cut at {@link MAX_LINE_CHARS} with a mark.
 */
export function showLine(line: string): string {
  const text = (line.endsWith('\r') ? line.slice(0, -1) : line).replace(
    UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return text.length > MAX_LINE_CHARS
    ? `${text.slice(0, MAX_LINE_CHARS)} [line cut at ${MAX_LINE_CHARS} characters]`
    : text;
}

/** A hunk as the DIFF block shows it: its header, then one row per line with both number columns and the op. */
export function renderHunk(hunk: Hunk): string {
  const rows = [showLine(hunk.header)];
  for (const line of hunk.lines) {
    const op = line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' ';
    rows.push(
      `${String(line.baseLine ?? '').padStart(6)} ${String(line.headLine ?? '').padStart(6)} ${op} ${showLine(line.text)}`,
    );
  }
  return rows.join('\n');
}

/**
 * A FILE block: the first `shown` of `lines` (already shaped by {@link showLine}) numbered from 1, and a
 * mark for the rest when some are left out.
 */
export function renderFileBlock(
  marks: Delimiters,
  path: string,
  label: string,
  lines: string[],
  shown: number,
): string {
  const name = JSON.stringify(path);
  const body = lines.slice(0, shown).map((line, i) => `${i + 1} | ${line}`);
  if (shown < lines.length) body.push(`[lines ${shown + 1}-${lines.length} left out: evidence budget]`);
  return [marks.begin('FILE', `${name} ${label}`), ...body, marks.end('FILE', name), ''].join('\n');
}

/**
 * Characters of {@link renderFileBlock}'s block for the first `shown` lines, without writing it: the
 * planner sizes RFC cuts and full contents with it.
 */
export function fileBlockChars(path: string, label: string, lines: string[], shown: number): number {
  const name = JSON.stringify(path);
  const frame =
    `=== BEGIN EVIDENCE-${'0'.repeat(TAG_LENGTH)} FILE ${name} ${label} ===\n=== END EVIDENCE-${'0'.repeat(TAG_LENGTH)} FILE ${name} ===\n`
      .length;
  let chars = frame;
  for (let i = 0; i < shown; i += 1) chars += String(i + 1).length + 3 + (lines[i]?.length ?? 0) + 1;
  if (shown < lines.length) chars += `[lines ${shown + 1}-${lines.length} left out: evidence budget]`.length + 1;
  return chars;
}

/** Characters a section takes in the pack, with the newline that joins it to the next. */
export function sectionChars(text: string): number {
  return text === '' ? 0 : text.length + 1;
}

import { checkReferences, type CheckedReference } from '../citations/check-references.js';
import { formatCitationRef } from '../citations/citation.js';
import { UNVERIFIED_REASONS } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import { citationUrl } from './render-citation.js';
import { codeSpan, escapeStrayBackticks, sanitiseEngineText, sanitiseText } from './sanitise.js';

/**
 * Renders text a model wrote (reasons, verdict, trade-offs, scenarios, dissent, transcript, labels) for
 * the comment: sanitised, so it forms no link, mention, HTML or command of its own, and with every
 * reference it holds checked (issue #11).
 * @param options `inline` folds newlines to spaces (table cells, headings, list items); `engine` marks text
 *   the engine wrote (a note on the run), whose code spans are its own and shown as written ({@link sanitiseEngineText})
 */
export type Prose = (text: string, options?: { inline?: boolean; engine?: boolean }) => string;

/** Sanitises text as its source needs: the engine's keeps its code spans, anyone else's is escaped whole. */
function sanitiseBy(text: string, options: { inline?: boolean; engine?: boolean } = {}): string {
  return options.engine ? sanitiseEngineText(text, options) : sanitiseText(text, options);
}

/** The prose renderer that only sanitises, for text that is not checked against a pack. */
export const plainProse: Prose = (text, options) => sanitiseBy(text, options);

/** Private-use characters that stand for a reference while the text around it is sanitised. */
const OPEN = '\ue000';
const CLOSE = '\ue001';

/**
 * The prose renderer of a debate comment. Every reference of the citation grammar in the text
 * (`path:N`, `path:N-M`, `path@base:N`, blob links to this repository) is checked against the evidence
 * pack by the verifier of structured citations: a verified one becomes a link to the exact lines (the
 * head commit, or the base commit for base lines); any other is shown as code followed by a visible
 * `⚠️ unverified` mark and the short reason, never a link. A backtick code span that holds a reference
 * loses its backticks, so the reference can be a link. The rest of the text is sanitised.
 */
export function createProse(pack: EvidencePack, context: CommentContext): Prose {
  return (raw, options) => {
    const text = raw.replace(/[\ue000\ue001]/g, '\ufffd');
    const refs = checkReferences(text, pack, context);
    if (refs.length === 0) return sanitiseBy(text, options);
    const unwrapped = unwrapCodeSpans(text, refs);
    let marked = '';
    let last = 0;
    unwrapped.refs.forEach((r, i) => {
      marked += `${unwrapped.text.slice(last, r.start)}${OPEN}${i}${CLOSE}`;
      last = r.end;
    });
    marked += unwrapped.text.slice(last);
    // A `!` just before a reference would turn its link into an image (CommonMark: `![text](url)`); the
    // sanitiser leaves `!` alone, since a `[` of the text never stays live after it, but a link put in here does.
    const safe = escapeStrayBackticks(sanitiseBy(marked, options), OPEN).replace(
      new RegExp(`!(?=${OPEN})`, 'g'),
      '\\!',
    );
    return safe.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'), (_m, i: string) =>
      renderReference(unwrapped.refs[Number(i)]!, context),
    );
  };
}

/** One reference in prose: a link when it checks out, else code with a visible mark and the short reason. */
export function renderReference(reference: CheckedReference, context: CommentContext): string {
  const shown = codeSpan(reference.commit === undefined ? reference.raw : formatCitationRef(reference.ref));
  const url = citationUrl({ ...reference.ref, quote: '', check: reference.check }, context);
  if (url !== undefined) return `[${shown}](${url})`;
  const why =
    reference.check.status === 'unverified' ? UNVERIFIED_REASONS[reference.check.reason] : 'the base commit is unknown';
  return `${shown} (⚠️ **unverified**: ${why})`;
}

/**
 * Removes the backticks of every code span (a run of backticks, its content, the same run again, on one
 * line) that holds a reference, and moves the references' offsets to match.
 */
function unwrapCodeSpans(text: string, refs: CheckedReference[]): { text: string; refs: CheckedReference[] } {
  const cuts: { at: number; length: number }[] = [];
  for (const span of text.matchAll(/(?<!`)(`+)(?!`)([^\n]*?[^`\n])\1(?!`)/g)) {
    const from = span.index;
    const to = from + span[0].length;
    if (!refs.some((r) => r.start >= from && r.end <= to)) continue;
    cuts.push({ at: from, length: span[1]!.length }, { at: to - span[1]!.length, length: span[1]!.length });
  }
  if (cuts.length === 0) return { text, refs };
  const shift = (offset: number) => cuts.filter((c) => c.at < offset).reduce((sum, c) => sum + c.length, 0);
  let out = '';
  let last = 0;
  for (const cut of cuts) {
    out += text.slice(last, cut.at);
    last = cut.at + cut.length;
  }
  out += text.slice(last);
  return { text: out, refs: refs.map((r) => ({ ...r, start: r.start - shift(r.start), end: r.end - shift(r.end) })) };
}

/** A bullet list of model text, each item inline, or `_None given._` when there is none. */
export function renderBullets(items: string[], prose: Prose): string[] {
  return items.length === 0 ? ['', '_None given._'] : items.map((item) => `- ${prose(item, { inline: true })}`);
}

import { findFile, UNVERIFIED_REASONS, verifyCitation } from '../../citations/verify-citations.js';
import { citationSide } from '../../citations/citation.js';
import type { EvidencePack } from '../../evidence/evidence-types.js';
import { addReadings, type Excerpt } from '../../evidence/render-readings.js';
import { indexPart, partRows, renderPart } from '../../evidence/render-part.js';
import { countCoverage } from '../../evidence/split-overflow.js';
import { loadPrompt } from '../prompts.js';
import { EXCERPTS_PER_POSITION, readingFormatFor, type Reading } from '../schemas.js';
import type { ReaderPlan, ReadingResult } from '../reading-types.js';
import { MAX_TOKENS, type DebateContext } from './debate-context.js';

/**
 * The readers (issue #40): when the changed hunks do not all fit the evidence pack, each part of the
 * overflow (`pack.coverage.parts`, src/evidence/split-overflow.ts) is read by one reader call, all in one
 * parallel wave before the openings. A reader reads its part, not the pack, against the positions, and
 * quotes the lines that bear on each; every quote is checked by the citation verifier against the part,
 * as every citation is checked against the pack. The verified excerpts join the evidence every later
 * call reads (`addReadings`); an unverified one is dropped with a note. Parts past the bound (input
 * `max-reader-calls`, or fewer when the spending cap could not hold more) and parts whose reader failed
 * are not read: their hunks are the record's `evidence.unread`, and the readings name them.
 */

/** Longest excerpt kept, in lines on its side: what an advocate can weigh at a glance. */
export const MAX_EXCERPT_LINES = 30;

/** Why an excerpt's citation did not check out, in the verifier's words, against the reader's part. */
const DROP_REASONS = { ...UNVERIFIED_REASONS, 'content-omitted': 'lines not in its part' };

/** Dropped excerpts named one by one in the notes; the rest are counted. */
const NAMED_DROPS = 8;

/**
 * Reads the overflow, when there is one.
 * @returns undefined when the pack holds every changed hunk; else what the readers did, and the pack
 *   with their readings (every call after them reads it, and checks citations against it)
 */
export async function readOverflow(
  ctx: Pick<DebateContext, 'caller' | 'pack' | 'positions' | 'positionList' | 'scopeText' | 'language'>,
  plan: ReaderPlan,
): Promise<{ result: ReadingResult; pack: EvidencePack } | undefined> {
  const { pack } = ctx;
  const parts = pack.coverage.parts;
  if (parts.length === 0) return undefined;
  const toRead = parts.slice(0, Math.max(0, plan.calls));
  const { format, reply } = readingFormatFor(ctx.positions.map((p) => p.id));
  const replies = await Promise.all(
    toRead.map((part) =>
      ctx.caller.attempt<Reading>({
        role: 'reader',
        purpose: `reader (part ${part.number} of ${parts.length})`,
        meta: { phase: 'reading', part: part.number },
        model: plan.model,
        field: 'reading',
        evidence: renderPart(part, pack),
        instructions: loadPrompt('reader', {
          part: String(part.number),
          parts: String(parts.length),
          positions: ctx.positionList,
          out_of_scope: ctx.scopeText,
          max_lines: String(MAX_EXCERPT_LINES),
          per_position: String(EXCERPTS_PER_POSITION),
          language: ctx.language,
        }),
        format,
        schema: reply,
        maxTokens: MAX_TOKENS.reader,
      }),
    ),
  );
  const bound =
    plan.bound === 'max-reader-calls'
      ? `past max-reader-calls (${plan.calls})`
      : 'past what the spending cap (max-cost-usd) could hold beside the debate';
  const unread = parts.slice(toRead.length).map((p) => ({ part: p.number, why: bound }));
  const read: number[] = [];
  const excerpts: Excerpt[] = [];
  const drops: string[] = [];
  let given = 0;
  toRead.forEach((part, i) => {
    const answer = replies[i]!;
    if (!answer.ok) {
      unread.push({ part: part.number, why: `its reader failed: ${answer.error}` });
      return;
    }
    read.push(part.number);
    const view = { ...pack, files: indexPart(part, pack.files) };
    const kept = new Map<string, number>();
    for (const excerpt of answer.output.excerpts) {
      given += 1;
      const count = (kept.get(excerpt.position) ?? 0) + 1;
      const { line_start: start, line_end: end } = excerpt.citation;
      // Named in words, not as `path:line`: the comment would mark such a reference unverified, as the part is not in the pack.
      const where = `part ${part.number}, for ${excerpt.position}, ${JSON.stringify(excerpt.citation.path)} ${start === end ? `line ${start}` : `lines ${start} to ${end}`}`;
      if (count > EXCERPTS_PER_POSITION) {
        drops.push(`${where}: past ${EXCERPTS_PER_POSITION} excerpts for one position`);
        continue;
      }
      const check = verifyCitation(excerpt.citation, view);
      if (check.status !== 'verified') {
        drops.push(`${where}: ${check.status === 'unverified' ? DROP_REASONS[check.reason] : 'no quote'}`);
        continue;
      }
      if (end - start + 1 > MAX_EXCERPT_LINES) {
        drops.push(`${where}: longer than ${MAX_EXCERPT_LINES} lines`);
        continue;
      }
      kept.set(excerpt.position, count);
      const side = citationSide(excerpt.citation);
      const path = findFile(view, excerpt.citation.path)?.path ?? excerpt.citation.path;
      excerpts.push({
        part: part.number,
        position: excerpt.position,
        note: excerpt.note,
        path,
        side,
        lineStart: start,
        lineEnd: end,
        rows: partRows(part, path, side, start, end),
      });
    }
  });
  unread.sort((a, b) => a.part - b.part);
  const notes = readingNotes(parts.length, read.length, unread, drops);
  const { unreadFiles } = countCoverage(pack.coverage, new Set(read));
  return {
    result: { parts: parts.length, read, unread, excerpts, given, notes },
    pack: addReadings(pack, excerpts, { parts: parts.length, readParts: read.length, unreadFiles }),
  };
}

/** The notes of the reading: what was read, what was dropped and why, and the parts no reader read. */
function readingNotes(parts: number, read: number, unread: ReadingResult['unread'], drops: string[]): string[] {
  const notes = [
    `The changed hunks did not all fit the evidence pack: ${read} of ${parts} part${parts === 1 ? '' : 's'} of the rest ${read === 1 ? 'was' : 'were'} read by readers, whose verified excerpts joined the evidence.`,
  ];
  if (drops.length > 0) {
    const named = drops.slice(0, NAMED_DROPS).join('; ');
    notes.push(
      `${drops.length} reader excerpt${drops.length === 1 ? ' was' : 's were'} dropped (${named}${drops.length > NAMED_DROPS ? `; and ${drops.length - NAMED_DROPS} more` : ''}).`,
    );
  }
  return [...notes, ...unreadSentences(parts, unread)];
}

/** One sentence per reason parts were not read, e.g. `Parts 9-12 of 12 were not read: past max-reader-calls (8).` */
export function unreadSentences(parts: number, unread: ReadingResult['unread']): string[] {
  const byWhy = new Map<string, number[]>();
  for (const { part, why } of unread) byWhy.set(why, [...(byWhy.get(why) ?? []), part]);
  return [...byWhy].map(
    ([why, numbers]) =>
      `${numbers.length === 1 ? `Part ${numbers[0]}` : `Parts ${ranges(numbers)}`} of ${parts} ${numbers.length === 1 ? 'was' : 'were'} not read: ${why}.`,
  );
}

/** Part numbers as ranges: `3, 5-9`. */
function ranges(numbers: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < numbers.length; i += 1) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    out.push(j === i ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j;
  }
  return out.join(', ');
}

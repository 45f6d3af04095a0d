import { z } from 'zod';

/**
 * The citation: one concept, defined here. Models write it as structured output; the verifier checks
 * it; the report renders it.
 */

/** A citation: head-side lines of a file in the evidence pack and a verbatim quote from them. */
export const citationSchema = z.object({
  path: z.string().describe('file path exactly as written in the evidence pack'),
  line_start: z.number().int().describe('first cited head-side line number'),
  line_end: z.number().int().describe('last cited head-side line number (equal to line_start for one line)'),
  quote: z.string().describe('verbatim text copied from the cited lines'),
});

/** A citation as the models write it. */
export type Citation = z.infer<typeof citationSchema>;

/** `12` or `12-18`. */
export function formatRange(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

/** The citation's reference as people and models read it: `path:12` or `path:12-18`. */
export function formatCitationRef(citation: Pick<Citation, 'path' | 'line_start' | 'line_end'>): string {
  return `${citation.path}:${formatRange(citation.line_start, citation.line_end)}`;
}

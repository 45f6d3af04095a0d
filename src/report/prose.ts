import { sanitiseText } from './sanitise.js';

/**
 * Renders text a model wrote (reasons, verdict, trade-offs, scenarios, dissent, transcript) for the
 * comment: sanitised, so it forms no link, mention, HTML or command of its own.
 * @param options `inline` folds newlines to spaces (table cells, headings, list items)
 */
export type Prose = (text: string, options?: { inline?: boolean }) => string;

/** The prose renderer that only sanitises. */
export const plainProse: Prose = (text, options) => sanitiseText(text, options);

/** A bullet list of model text, each item inline, or `_None given._` when there is none. */
export function renderBullets(items: string[], prose: Prose): string[] {
  return items.length === 0 ? ['', '_None given._'] : items.map((item) => `- ${prose(item, { inline: true })}`);
}

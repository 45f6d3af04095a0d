import { decisionRecordSchema } from './decision-record.js';
import { sanitiseText } from './sanitise.js';

/**
 * A check run's `output.summary` and `output.text` as GitHub renders them: both are Markdown (GitHub
 * Docs, REST "Create a check run": "output.summary ... Supports Markdown", "output.text ... Supports
 * Markdown"). The summary embeds a record's free text (a model-chosen label, an accept's reason), and
 * the text is the record as canonical JSON; neither may form a link, an image, HTML or a mention from
 * that text (issue #19). Pure.
 */

/** The record's texts that come from people or models, longest first. */
function freeTexts(json: string | undefined): string[] {
  if (json === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const record = decisionRecordSchema.safeParse(value).data;
  if (!record) return [];
  const texts = [
    record.topic,
    ...record.positions.map((p) => p.label),
    record.tied_on_axis ?? '',
    ...record.out_of_scope,
    record.requested_by,
    record.accepted?.by ?? '',
    record.accepted?.reason ?? '',
  ];
  return [...new Set(texts)].filter((t) => sanitiseText(t, { inline: true }) !== t).sort((a, b) => b.length - a.length);
}

/**
 * @param summary our sentence, which may quote the record's texts verbatim
 * @param text the record as canonical JSON, or undefined
 * @returns the summary with every quoted record text sanitised as inline text, and the text with every
 *   character of its strings that Markdown or GitHub gives meaning to written as a JSON `\uXXXX` escape:
 *   it parses back to the same record (so its signature still holds), and renders as plain text
 */
export function safeCheckOutput(
  summary: string,
  text: string | undefined,
): { summary: string; text: string | undefined } {
  let safe = summary;
  for (const quoted of freeTexts(text)) safe = safe.split(quoted).join(sanitiseText(quoted, { inline: true }));
  return { summary: safe, text: text === undefined ? undefined : escapeJsonStrings(text) };
}

/** Characters left as they are inside a JSON string of `output.text`: none of them forms Markdown, a link or a mention. */
const PLAIN = /[A-Za-z0-9 ,;'=+?/_-]/;

function escapeJsonStrings(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"/g, (token) => {
    let value: unknown;
    try {
      value = JSON.parse(token);
    } catch {
      return token;
    }
    if (typeof value !== 'string') return token;
    // A dot is plain except after `www` (GFM's `www.` autolink); everything else outside PLAIN is escaped.
    const escaped = [...value]
      .map((c, i, all) =>
        PLAIN.test(c) || (c === '.' && !/www$/i.test(all.slice(Math.max(0, i - 3), i).join('')))
          ? c
          : [...c].map((unit) => unitEscape(unit)).join(''),
      )
      .join('');
    return `"${escaped}"`;
  });
}

function unitEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i += 1) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

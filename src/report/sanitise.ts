/**
 * Makes model and PR text safe to place in our comment: it cannot open HTML, forge our marker, form a
 * link, autolink, mention or cross-reference, or start a line with a command. Pure.
 */

/** The hidden first line of every debate comment (docs/how-a-debate-runs.md). */
export const MARKER_PREFIX = '<!-- pr-debate:v1';

/**
 * Bidirectional controls (Trojan Source) and invisible characters a reader should see, not be fooled by;
 * also the line and paragraph separators and NEL (U+2028, U+2029, U+0085), which CommonMark does not
 * end a line at but YAML 1.1 readers and JavaScript do, so no copy of a text breaks a line there.
 */
const HIDDEN_CHARACTERS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff\u2028\u2029\u0085]/g;

/**
 * A line ending as CommonMark reads one: a line feed, a carriage return not followed by a line feed, or
 * both (CommonMark spec 0.31.2, "Characters and lines"). A lone CR ends a line too, so text folded or
 * split at `\r?\n` alone can still start a line of its own, e.g. an HTML block that carries a marker.
 * The runner reads a log line the same way (a workflow command starts at any of them).
 */
const LINE_ENDING = /\r\n|\r|\n/;

/** C0 controls other than tab and newline, and DEL: they have no business in a comment. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The start of a line that Markdown would read as a block (a command, fence, heading, quote, table row,
 * thematic break or setext underline): a fence or `/`, `#`, `>`, `|`, `---`, `===`, or a whole line of
 * `-`, `*`, `_`, `=` and blanks (CommonMark spec, "Thematic breaks" and "Setext headings").
 */
const BLOCK_START = /^(?:[/`~#>|]|-{3,}|={3,}|(?=[-*_=][-*_= \t]*$))/;

/** What breaks an autolink or a reference without changing what a reader sees. */
const ZWSP = '\u200b';

/** Shows each hidden character as its code point, e.g. `⟨U+202E⟩`. */
export function revealHiddenCharacters(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** Escapes the characters HTML gives meaning to. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Breaks, with a zero-width space, everything GitHub turns into a link or a reference in the text of
 * a comment (GitHub Docs, "Autolinked references and URLs"; GitHub Flavored Markdown spec, "Autolinks
 * (extension)"):
 * - URLs with a scheme (`https://`, `http://`, `ftp://`, `mailto:`, `xmpp:`) and the schemes a link
 *   must never carry (`javascript:`, `vbscript:`, `data:`, `file:`): a space after the scheme name;
 * - `www.` hosts: after `www`;
 * - e-mail addresses (GFM's extended e-mail autolink): after the `@`;
 * - issue and pull request references `#123`, `owner/repo#123`, `GH-123`: after `#` or `GH-`;
 * - commit SHAs (7 to 40 hex digits, alone or as `user@sha` / `owner/repo@sha`): every 6 digits, so
 *   no run of 7 remains.
 * Mentions are handled by {@link sanitiseText}. Text inside a code span is never autolinked, so this is
 * for text outside code.
 */
export function breakAutolinks(text: string): string {
  return text
    .replace(/(?<![A-Za-z0-9])(https?|ftp|mailto|xmpp|javascript|vbscript|data|file)(?=:)/gi, `$1${ZWSP}`)
    .replace(/(?<![A-Za-z0-9])(www)(?=\.)/gi, `$1${ZWSP}`)
    .replace(/(?<=[A-Za-z0-9._+-])@(?=[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/(?<![A-Za-z0-9])(GH-)(?=\d)/gi, `$1${ZWSP}`)
    .replace(/(?<![0-9A-Za-z])[0-9a-f]{7,40}(?![0-9A-Za-z])/gi, (sha) => sha.replace(/.{6}(?=.)/g, `$&${ZWSP}`));
}

/**
 * Text from a model, a person or the PR, for Markdown paragraphs, headings, list items and table cells.
 * - HTML is escaped, so no tag, comment or marker can be formed;
 * - backslashes and brackets are escaped, so no link or image forms (CommonMark reads `\\[` as a literal
 *   backslash followed by a live `[`, so the backslash is escaped first);
 * - autolinks and references are broken ({@link breakAutolinks});
 * - every `@` not glued to a letter or digit gets a zero-width space after it, so no one is mentioned;
 * - a line loses its leading blanks (four would start an indented code block), and a line starting
 *   with `/` gets a zero-width space first, so it is never a command line;
 * - a line starting with a fence or `#`/`>`/`|`/`---` loses its block meaning (it stays visible), and so
 *   does a line of only `-`, `*`, `_`, `=` and blanks: CommonMark reads `--`, `***` or `- - -` as a
 *   thematic break and `-` or `==` under a line as a setext heading underline, and a thematic break
 *   after a list marker (`- --`) swallows the text of the item;
 * - a backtick that would not close a code span on its own line is escaped ({@link escapeStrayBackticks}),
 *   so no backtick of the text pairs with one of the Markdown it is placed next to.
 * @param text any text
 * @param options `inline` folds newlines to spaces, escapes `|`, breaks a leading list marker and escapes
 *   a trailing ` #` (table cells, headings, list items)
 */
export function sanitiseText(text: string, options: { inline?: boolean } = {}): string {
  let out = escapeHtml(revealHiddenCharacters(text))
    .replace(/[\\[\]]/g, '\\$&')
    // Every `@` not glued to a letter or digit before it, not only one before a name: emphasis markers
    // between `@` and a name vanish when the Markdown is rendered (`@*x*` reads `@x`). After a letter or
    // digit (`lib/a.js@base`) GitHub sees no mention, and the text stays copyable; an e-mail address
    // there is broken by breakAutolinks.
    .replace(/(?<![A-Za-z0-9])@/g, `@${ZWSP}`)
    .replace(CONTROL_CHARACTERS, '');
  out = breakAutolinks(out)
    .split(LINE_ENDING)
    // Leading blanks go: four would make an indented code block, where nothing links (a reference either).
    // Every Unicode blank, not only space and tab: the command parser trims them all (String#trim), so
    // `\u00a0/debate accept B` would otherwise start a line with the command.
    .map((line) => line.replace(/^\s+/u, '').replace(BLOCK_START, (start) => `${ZWSP}${start}`))
    .join(options.inline ? ' ' : '\n');
  if (options.inline) {
    // Inline text often follows a list marker or sits in a heading: a leading marker of its own would nest a list.
    out = out
      .replace(/\|/g, '\\|')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?=(?:[-+*]|\d{1,9}[.)])(?: |$))/, ZWSP);
    // In a heading, a trailing ` #` run is a closing sequence and vanishes (CommonMark, "ATX headings": `# foo \#` keeps it).
    out = out.replace(/(?<= )#+$/, '\\$&');
  }
  return escapeStrayBackticks(out);
}

/** Private-use characters that stand for a code span of the engine's while the text around it is sanitised. */
const SPAN_OPEN = '\ue002';
const SPAN_CLOSE = '\ue003';

/**
 * Text the engine wrote (a gate's reason, a note on the run, a message that echoes an input), for
 * Markdown. Its code spans are the engine's own Markdown (a command, a key, an id), and GitHub shows a
 * code span's content literally, with no HTML, link, mention or reference, so they are not escaped: the
 * reader sees `/debate accept <A|B|C|D> <reason>`, not `&lt;A\|B\|C\|D&gt;`. Each span is written again
 * by {@link codeSpan} (hidden characters shown, `<code>` where a raw span is not safe: a `|`, which would
 * split a table cell). The rest may hold outside values the engine put in (labels, logins, reasons) and
 * is sanitised as {@link sanitiseText} sanitises any text. A span pairs as CommonMark pairs one (a
 * backtick run not escaped by a backslash, to the next run of the same length), on one line.
 * @param options as for {@link sanitiseText}
 */
export function sanitiseEngineText(text: string, options: { inline?: boolean } = {}): string {
  const spans: string[] = [];
  const marked = text
    .replace(/[\ue002\ue003]/g, '\ufffd')
    .split(LINE_ENDING)
    .map((line) => {
      const runs = [...line.matchAll(/(?<!\\)(?:\\\\)*(`+)/g)].map((m) => ({
        at: m.index + m[0].length - m[1]!.length,
        length: m[1]!.length,
      }));
      let out = '';
      let last = 0;
      for (let i = 0; i < runs.length; i += 1) {
        const open = runs[i]!;
        const j = runs.findIndex((run, k) => k > i && run.length === open.length);
        if (j < 0) continue;
        const close = runs[j]!;
        const inner = line.slice(open.at + open.length, close.at);
        // CommonMark strips one space from each side of a span's content when both are there and it is not all spaces.
        spans.push(/^ .* $/.test(inner) && inner.trim() !== '' ? inner.slice(1, -1) : inner);
        out += `${line.slice(last, open.at)}${SPAN_OPEN}${spans.length - 1}${SPAN_CLOSE}`;
        last = close.at + close.length;
        i = j;
      }
      return out + line.slice(last);
    })
    .join('\n');
  return sanitiseText(marked, options).replace(new RegExp(`${SPAN_OPEN}(\\d+)${SPAN_CLOSE}`, 'g'), (_m, n: string) =>
    codeSpan(spans[Number(n)]!),
  );
}

/**
 * Escapes (`\``) every backtick run that would not close a code span on its own line, and both runs of
 * a code span that holds `keepOut`, so that the text's code spans stay inside it: one of its backticks
 * can never pair with a backtick of the Markdown it is put next to, such as a reference's link
 * (`[\`a.ts:3\`](url)`) or a model's name in a heading, which would turn the link's text to code and
 * leave its URL bare, an autolink. A code span runs from a backtick run to the next run of the same
 * length (CommonMark, "Code spans"); it cannot cross a blank line or a list item, so a line is the unit.
 * A run after an odd number of backslashes is escaped already (the sanitiser doubles the text's own).
 * Runs in a span that holds `keepOut` are read again as openers, in order, as CommonMark then would.
 * @param keepOut text no code span may hold (a placeholder put in before a link replaces it)
 */
export function escapeStrayBackticks(text: string, keepOut?: string): string {
  return text
    .split('\n')
    .map((line) => escapeStrayBackticksOfLine(line, keepOut))
    .join('\n');
}

function escapeStrayBackticksOfLine(line: string, keepOut: string | undefined): string {
  const runs = [...line.matchAll(/(?<!\\)(?:\\\\)*(`+)/g)].map((m) => {
    const length = (m[1] ?? '').length;
    return { at: m.index + m[0].length - length, length, closer: -1 };
  });
  // The next run of the same length after each run: the run that would close its span.
  const seen = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k -= 1) {
    const run = runs[k];
    if (!run) continue;
    run.closer = seen.get(run.length) ?? -1;
    seen.set(run.length, k);
  }
  let out = '';
  let last = 0;
  for (let i = 0; i < runs.length; i += 1) {
    const run = runs[i];
    if (!run) continue;
    const closer = runs[run.closer];
    if (closer && (keepOut === undefined || !line.slice(run.at, closer.at).includes(keepOut))) {
      i = run.closer;
      continue;
    }
    out += `${line.slice(last, run.at)}${'\\`'.repeat(run.length)}`;
    last = run.at + run.length;
  }
  return out + line.slice(last);
}

/**
 * A mention of the person a reply answers: `@login` when the login has GitHub's shape (letters,
 * digits and hyphens, at most 39 characters, as GitHub allows them), so
 * a forged payload cannot ping anyone else; any other login is sanitised text and mentions no one.
 */
export function mention(login: string): string {
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(login) ? `@${login}` : sanitiseText(login, { inline: true });
}

/**
 * A text shown verbatim as code, as a Markdown code span: CommonMark renders a code span's content
 * literally (no link, emphasis, HTML or entity), and GitHub makes no autolink, mention or reference in
 * code. The fence is one backtick longer than any backtick run inside, and the content is padded with a
 * space when it starts or ends with a backtick or a space (CommonMark strips one space from each side).
 * Where a code span is not safe, the text is written as `<code>` with every character Markdown gives
 * meaning to as a character reference: a `|` (it would split a table cell), or text of spaces only.
 */
export function codeSpan(text: string): string {
  const content = revealHiddenCharacters(text)
    .replace(new RegExp(LINE_ENDING, 'g'), ' ')
    .replace(CONTROL_CHARACTERS, '');
  if (content.includes('|') || content.trim() === '') {
    const escaped = escapeHtml(content).replace(/[\\`*_[\]()!~|#@:]/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<code>${escaped}</code>`;
  }
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  const pad = /^[` ]|[` ]$/.test(content) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/**
 * A fenced code block whose fence is longer than any backtick run inside, so the content can never
 * close it (CommonMark: a closing fence needs at least as many backticks as the opening one).
 */
export function fencedBlock(content: string, language: string): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/**
 * Text from outside (a label, a reason, a file name) for a line of the job log: the runner reads every
 * line that starts with `::` (or the older `##[`) as a workflow command (GitHub Docs, "Workflow commands
 * for GitHub Actions"), and a line starts after any CR or LF. Each such line gets a zero-width space
 * first, which the runner does not trim, so it is printed, never run; nothing else changes.
 */
export function neutraliseCommands(text: string): string {
  return text
    .split(LINE_ENDING)
    .map((line) => line.replace(/^(\s*)(::|##\[)/, `$1${ZWSP}$2`))
    .join('\n');
}

/** The text with its first character in upper case, for a phrase that starts a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

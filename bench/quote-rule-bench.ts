/**
 * Issue #29's figures, on every real case (../shared/real-cases, materialised in .cache/real-cases):
 *
 * 1. How many quotes the issue #20 rule verified change status under the line rule. The population is
 *    every quote of the forms models write (and the issue #20 bench scripted), built over every shown
 *    line of every pack, head and base, whose folded text is at least 24 characters with a word in it:
 *    the line exact, with its FILE gutter, with its diff marker, its first half of words with a cut end
 *    (`… ...`), its second half with a cut start, the issue #20 bench's "ellipsis slip" (first 10 and
 *    last 10 characters around ` ... `), a middle word dropped behind ` ... `, and for every run of
 *    three shown lines the first and last line around ` ... `. Each is checked under the issue #20 rule
 *    (frozen below: parts in order anywhere in the cited lines, every decoration stripped) and under
 *    the verifier (`verifyCitation`), citing the lines it was built from.
 * 2. The audit prompt's size, before and after the cited lines were added, on a scripted debate over
 *    the commander case whose advocates cite real lines (4 arguments each, exact quotes): the audit
 *    call's instructions as sent, and the same text with the cited-context rows removed (what the
 *    engine sent before: the claims and their checks, and this prompt's own text).
 *
 * `node --import tsx --import ./bench/raw-text-hooks.mjs bench/quote-rule-bench.ts` (`QUOTE_BENCH_CASES=id,...` for some cases)
 */
import { loadRealCases } from '../scripts/materialise-case.js';
import type { CitationSide } from '../src/citations/citation.js';
import { verifyCitation } from '../src/citations/verify-citations.js';
import { planDebate } from '../src/debate/plan.js';
import { runDebate } from '../src/debate/run-debate.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import { estimateTokens } from '../src/evidence/show-lines.js';
import { debateScript, positionsOf, ruling } from '../test/support/debate-script.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { scriptedModels } from '../test/support/scripted-models.js';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The issue #20 rule (src/citations/match-quote.ts and verify-citations.ts before issue #29), frozen for the comparison. */
function oldRuleVerifies(quote: string, cited: string[], sideLines: string[]): boolean {
  const exact = fold(quote);
  const patterns: string[][] = exact === '' ? [] : [[exact]];
  const stripped = quote
    .split(/\r?\n/)
    .map((line) =>
      [/^\s*\d+ \|(?: |$)/, /^\s*\d+\s+\d+ {3,}/, /^\s*(?:\d+\s+){0,2}[+-](?: |$)/].reduce(
        (shown, d) => (shown === line ? line.replace(d, '') : shown),
        line,
      ),
    )
    .join('\n');
  const parts = stripped
    .split(/\.{3,}|…/)
    .map(fold)
    .filter((p) => p !== '');
  if (parts.length > 0 && !(parts.length === 1 && parts[0] === exact)) patterns.push(parts);
  const text = fold(cited.join('\n'));
  const inOrder = (within: string, p: string[]) => {
    let at = 0;
    for (const part of p) {
      const found = within.indexOf(part, at);
      if (found === -1) return false;
      at = found + part.length;
    }
    return true;
  };
  const found = patterns.find((p) => inOrder(text, p));
  if (!found) return false;
  const length = found.reduce((n, p) => n + p.length, 0);
  return length >= 8 || found.join(' ') === text || sideLines.filter((l) => inOrder(fold(l), found)).length === 1;
}

interface Quote {
  form: string;
  path: string;
  side: CitationSide;
  start: number;
  end: number;
  quote: string;
}

/** The population of point 1 on one pack. */
function quotesOf(pack: EvidencePack): Quote[] {
  const quotes: Quote[] = [];
  for (const file of pack.files.values()) {
    for (const side of ['head', 'base'] as const) {
      const shown = side === 'head' ? file.head : file.base;
      if (!shown) continue;
      for (const [n, text] of shown.lines) {
        const f = fold(text);
        if (f.length < 24 || !/[A-Za-z]{4,}/.test(f)) continue;
        const words = f.split(' ');
        const half = Math.ceil(words.length / 2);
        const q = (form: string, quote: string, end = n) =>
          quotes.push({ form, path: file.path, side, start: n, end, quote });
        q('exact line', text.trim());
        q('FILE gutter', `${n} | ${text}`);
        q('diff marker', `${side === 'head' ? '+' : '-'} ${text}`);
        if (words.length >= 4) {
          q('cut end', `${words.slice(0, half).join(' ')} ...`);
          q('cut start', `... ${words.slice(half).join(' ')}`);
          q('middle word dropped', `${words.slice(0, half - 1).join(' ')} ... ${words.slice(half).join(' ')}`);
        }
        q('first 10 ... last 10 characters', `${f.slice(0, 10)} ... ${f.slice(-10)}`);
        const third = shown.lines.get(n + 2);
        if (shown.lines.has(n + 1) && third !== undefined && fold(third).length >= 8)
          q('first ... last of 3 lines', `${text} ... ${third}`, n + 2);
      }
    }
  }
  return quotes;
}

const byForm = new Map<
  string,
  { oldVerified: number; nowUnverified: number; oldUnverified: number; nowVerified: number }
>();
let total = 0;
let auditFigures = '';
// QUOTE_BENCH_CASES=id,id limits the run to those cases (one case takes minutes: every quote not found is looked for across its pack).
const only = process.env['QUOTE_BENCH_CASES']?.split(',');
for (const realCase of (await loadRealCases()).filter((c) => only === undefined || only.includes(c.id))) {
  const { scenario, evidence } = await realCasePack(realCase.id);
  try {
    const pack = evidence.pack;
    // QUOTE_BENCH_AUDIT_ONLY=1 measures only the audit prompt (point 2).
    const quotes = process.env['QUOTE_BENCH_AUDIT_ONLY'] ? [] : quotesOf(pack);
    total += quotes.length;
    let changed = 0;
    let was = 0;
    for (const q of quotes) {
      const file = pack.files.get(q.path)!;
      const side = q.side === 'head' ? file.head! : file.base!;
      const cited = Array.from({ length: q.end - q.start + 1 }, (_, i) => side.lines.get(q.start + i) ?? '');
      const before = oldRuleVerifies(q.quote, cited, [...side.lines.values()]);
      const after =
        verifyCitation({ path: q.path, side: q.side, line_start: q.start, line_end: q.end, quote: q.quote }, pack)
          .status === 'verified';
      const row = byForm.get(q.form) ?? { oldVerified: 0, nowUnverified: 0, oldUnverified: 0, nowVerified: 0 };
      if (before) {
        row.oldVerified += 1;
        was += 1;
        if (!after) {
          row.nowUnverified += 1;
          changed += 1;
        }
      } else {
        row.oldUnverified += 1;
        if (after) row.nowVerified += 1;
      }
      byForm.set(q.form, row);
    }
    console.log(
      `${realCase.id}: ${quotes.length} quotes; ${was} verified under the issue #20 rule, ${changed} of them not under the line rule`,
    );
    if (realCase.id === 'commander-excess-arguments') auditFigures = await auditPromptSize(pack);
  } finally {
    await scenario.close();
  }
}
console.log(`\nall cases: ${total} quotes`);
console.log('form | verified before | of them unverified now | unverified before | of them verified now');
for (const [form, row] of byForm)
  console.log(`${form} | ${row.oldVerified} | ${row.nowUnverified} | ${row.oldUnverified} | ${row.nowVerified}`);
const sum = [...byForm.values()].reduce(
  (s, r) => ({ oldVerified: s.oldVerified + r.oldVerified, nowUnverified: s.nowUnverified + r.nowUnverified }),
  { oldVerified: 0, nowUnverified: 0 },
);
console.log(`total | ${sum.oldVerified} | ${sum.nowUnverified}`);
console.log(`\n${auditFigures}`);

/** Point 2: the audit call's instructions on a scripted commander debate, with and without the cited lines. */
async function auditPromptSize(pack: EvidencePack): Promise<string> {
  const lines = [...pack.files.values()].flatMap((f) =>
    [...(f.head?.lines ?? new Map<number, string>())]
      .filter(([, t]) => fold(t).length >= 24 && /[A-Za-z]{4,}/.test(t))
      .map(([n, text]) => ({ path: f.path, n, text })),
  );
  const pick = (k: number) => lines[Math.floor((k * lines.length) / 9)]!;
  const argumentsOf = (offset: number) =>
    [0, 1, 2, 3].map((i) => {
      const l = pick(offset + i);
      return {
        claim: `Claim ${offset + i}.`,
        reasoning: 'The cited line shows it.',
        confidence: 0.7,
        citations: [{ path: l.path, side: 'head', line_start: l.n, line_end: l.n, quote: l.text.trim() }],
      };
    });
  const models = scriptedModels(
    debateScript({
      opening: (_call, { position }) => ({
        opening: {
          thesis: 't',
          arguments: argumentsOf(position === 'A' ? 0 : 4),
          known_weaknesses: [],
          predicted_attacks: [],
        },
      }),
      judge: (call) => ({ ruling: ruling(positionsOf(call)) }),
    }),
  );
  await runDebate(models, {
    pack,
    positions: ['Keep the change', 'Revert the change'],
    outOfScope: [],
    command: '/debate',
    moderatorModel: 'claude-sonnet-5-5',
    advocateModels: ['claude-sonnet-5-5'],
    judgeModel: 'claude-sonnet-5-5',
    plan: planDebate({ preset: 'quick', maxRounds: undefined, command: {} }),
    language: { language: 'auto', commandText: 'Keep the change vs Revert the change', prText: 'commander' },
  });
  const audit = models.calls.find((c) => c.meta?.phase === 'audit')!.instructions;
  // The cited-context rows: a header `<side> lines a-b (> marks the cited lines):` and its numbered rows, indented under a citation.
  const without = audit
    .split('\n')
    .filter(
      (row) =>
        !/^ {4}(?:head|base) lines \d+(?:-\d+)? \(> marks the cited lines\):$/.test(row) &&
        !/^ {4}[> ] +\d+ \| /.test(row),
    )
    .join('\n');
  const claims = models.calls.filter((c) => c.meta?.phase === 'audit').length;
  return [
    `audit prompt (commander, ${claims} audit call, 8 opening claims citing real lines plus the script's cross-examination claims):`,
    `  instructions without the cited lines: ${without.length} characters, ~${estimateTokens(without)} tokens`,
    `  instructions as sent (with the cited lines): ${audit.length} characters, ~${estimateTokens(audit)} tokens`,
    `  for scale, the cached prefix the auditor reads first (system prompt and evidence pack): ${(() => {
      const c = models.calls.find((x) => x.meta?.phase === 'audit')!;
      return `${c.system.length + c.evidence.length} characters, ~${estimateTokens(c.system + c.evidence)} tokens`;
    })()}`,
  ].join('\n');
}

import type { DebateResult } from '../debate/debate-types.js';
import type { ReadingResult } from '../debate/reading-types.js';
import { countCoverage } from '../evidence/split-overflow.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import { judgeRunsDisagree } from './decision-record.js';
import type { Prose } from './prose.js';
import { renderCitation } from './render-citation.js';
import { renderJudgeRunReasons } from './render-verdict.js';
import { capitalise, codeSpan, sanitiseText } from './sanitise.js';

/**
 * The body of the debate comment after its first screen (docs/how-a-debate-runs.md): the judge's reasons,
 * the irreducible trade-offs and the dissent, then each position's evidence (the evidence that defeated
 * a falsified one). What a reviewer rarely needs first, consensus, open questions, scenarios, blind spots
 * and the evidence pack, is collapsed ({@link renderCollapsed}). Pure.
 */

/** @returns the lines of the body (each section starts with an empty line); it holds no `<details>`, so a cut never leaves one open */
export function renderFindings(outcome: DebateResult, context: CommentContext, prose: Prose): string[] {
  const ruling = outcome.ruling;
  const body: string[] = [];
  if (!ruling) return body;
  // A split verdict's reasons argue for one run's pick: they are shown per run, collapsed (renderJudgeRunReasons).
  if (!judgeRunsDisagree(outcome.judgeRuns)) {
    body.push('', '### Why', ...ruling.key_reasons.map((r, i) => `${i + 1}. ${prose(r, { inline: true })}`));
    body.push('', '### Trade-offs', ...ruling.trade_offs.map((t) => `- ${prose(t, { inline: true })}`));
    body.push('', '### Dissent', '', prose(ruling.dissent));
  }
  body.push('', "### The positions' evidence");
  for (const p of ruling.positions) {
    body.push('', `**${p.id}** (${p.status}): ${prose(p.rationale, { inline: true })}`);
    const turn = outcome.transcript.openings.find((t) => t.positionId === p.id);
    if (p.status === 'falsified' && p.defeating_citations.length > 0) {
      body.push('', 'Defeated by:', ...p.defeating_citations.map((c) => `- ${renderCitation(c, context)}`));
    } else if (turn && turn.status === 'complete') {
      const best = turn.arguments.filter((a) => !a.outOfScope).slice(0, 3);
      body.push(
        '',
        ...best.map(
          (a) =>
            `- ${prose(a.text, { inline: true })} _(${a.tag})_${a.citations.map((c) => `\n  - ${renderCitation(c, context)}`).join('')}`,
        ),
      );
    }
  }
  return body;
}

/**
 * The collapsed blocks after the body, never cut: each judge run's reasons when the runs split, then one
 * block of blind spots, consensus, open questions and scenarios (each part only when the judge gave
 * some), then the evidence pack.
 */
export function renderCollapsed(outcome: DebateResult, pack: EvidencePack, prose: Prose): string[] {
  const ruling = outcome.ruling;
  const block = (title: string, lines: string[]) => [
    '',
    `<details><summary>${title}</summary>`,
    '',
    ...lines,
    '',
    '</details>',
  ];
  const lines = renderJudgeRunReasons(outcome, prose);
  if (ruling) {
    // One block for what the judge noted beside its decision: each part only when the judge gave some.
    const parts: [string, string[]][] = [
      ['Blind spots', ruling.blind_spots],
      ['Consensus', ruling.consensus],
      ['Open questions', ruling.open_questions],
    ];
    const given = parts.filter(([, items]) => items.length > 0);
    const more = given.flatMap(([title, items], i) => [
      ...(i > 0 ? [''] : []),
      `**${title}**`,
      ...items.map((item) => `- ${prose(item, { inline: true })}`),
    ]);
    if (ruling.scenarios.length > 0) {
      const rows = ruling.scenarios.map(
        (sc) =>
          `| ${prose(sc.scenario, { inline: true })} | ${sc.recommendation} | ${prose(sc.rationale, { inline: true })} |`,
      );
      more.push(
        ...(more.length > 0 ? [''] : []),
        '**Scenarios**',
        '',
        '| Scenario | Recommendation | Why |',
        '|---|---|---|',
        ...rows,
      );
    }
    const names = [
      ...given.map(([title]) => title.toLowerCase()),
      ...(ruling.scenarios.length > 0 ? ['scenarios'] : []),
    ];
    if (names.length > 0)
      lines.push(
        ...block(
          capitalise(names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`),
          more,
        ),
      );
  }
  lines.push(...block('Evidence pack', [renderEvidenceNotes(pack, outcome.reading?.result)]));
  return lines;
}

/**
 * The run's notes ({@link DebateResult.notes}), then the engine's corrections of the judge's ruling
 * (issue #11: off the first screen): one line that says how many there were, then the corrections in a
 * collapsed `<details>` block. Empty when there are neither.
 */
export function renderEngineNotes(outcome: DebateResult, prose: Prose): string[] {
  // Notes on the run (a round cap, a fallback, the confirmed plan) are not corrections: a short visible list.
  const run =
    outcome.notes.length === 0
      ? []
      : ['', '**Notes on this run:**', ...outcome.notes.map((n) => `- ${prose(n, { inline: true, engine: true })}`)];
  const notes = outcome.enforcement;
  if (notes.length === 0) return run;
  const count = notes.length === 1 ? 'one ruling of the judge' : `${notes.length} rulings of the judge`;
  return [
    ...run,
    '',
    `_The engine corrected ${count} to keep the debate's rules (collapsed below)._`,
    '',
    `<details><summary>Rulings the engine corrected (${notes.length})</summary>`,
    '',
    ...notes.map((n) => `- ${prose(n, { inline: true })}`),
    '',
    '</details>',
  ];
}

/** Files named in the evidence notes' lists of generated files no one read. */
const NAMED_GENERATED = 10;

/** What the evidence pack held and what it left out, what readers read of the rest, and the generated files no one read. */
function renderEvidenceNotes(pack: EvidencePack, reading: ReadingResult | undefined): string {
  const lines = [
    `- ${pack.fileCount.listed === pack.fileCount.total ? `${pack.fileCount.total} changed files` : `${pack.fileCount.listed} of ${pack.fileCount.total} changed files (GitHub lists at most 3,000)`}; evidence pack of about ${pack.tokens.toLocaleString('en-US')} tokens, digest \`${pack.digest.slice(0, 19)}…\``,
    `- ${sanitiseText(pack.rfcNote, { inline: true })}`,
    ...pack.notes.map((n) => `- ${sanitiseText(n, { inline: true })}`),
  ];
  if (pack.omitted.length > 0) {
    const shown = pack.omitted
      .slice(0, 30)
      .map(
        (o) =>
          `${codeSpan(o.path)} (${o.what === 'hunks' ? 'diff' : o.what === 'content' ? 'full content' : 'RFC tail'})`,
      );
    const more = pack.omitted.length > 30 ? `, and ${pack.omitted.length - 30} more` : '';
    lines.push(`- Left out of the pack: ${shown.join(', ')}${more}`);
  }
  const { parts, generatedSkipped } = pack.coverage;
  if (parts.length > 0) {
    const hunks = countCoverage(pack.coverage, new Set(reading?.read ?? []));
    const verified = reading
      ? `; ${reading.excerpts.length} of the ${reading.given} excerpts they quoted checked out and joined the evidence`
      : '';
    lines.push(
      `- Read by readers: ${hunks.read} changed hunks in ${reading?.read.length ?? 0} of ${parts.length} part${parts.length === 1 ? '' : 's'} that did not fit the pack${verified}`,
    );
  }
  if (generatedSkipped.length > 0) {
    const named = generatedSkipped
      .slice(0, NAMED_GENERATED)
      .map((f) => codeSpan(f.path))
      .join(', ');
    const more =
      generatedSkipped.length > NAMED_GENERATED ? `, and ${generatedSkipped.length - NAMED_GENERATED} more` : '';
    lines.push(
      `- Read by no one (generated, vendored or lock files that did not fit or cannot be shown; config \`read-generated\`): ${named}${more}`,
    );
  }
  return lines.join('\n');
}

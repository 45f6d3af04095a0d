import type { DebateResult } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import { renderBullets, type Prose } from './prose.js';
import { renderCitation } from './render-citation.js';
import { codeSpan, sanitiseText } from './sanitise.js';

/**
 * The body of the debate comment after its head (contract section 7): surviving, falsified, conceded
 * and unresolved positions with their evidence, then the judge's reasons, trade-offs, what would change
 * the decision, dissent, blind spots, consensus, open questions, scenarios, and the evidence notes.
 * The engine's notes follow, collapsed ({@link renderEngineNotes}). Pure.
 */

const GROUPS = [
  ['survived', 'Surviving positions'],
  ['falsified', 'Falsified positions'],
  ['conceded', 'Conceded positions (the advocate surrendered)'],
  ['unresolved', 'Unresolved positions'],
] as const;

/** @returns the lines of the body (each section starts with an empty line) */
export function renderFindings(outcome: DebateResult, pack: EvidencePack, context: CommentContext, prose: Prose): string[] {
  const ruling = outcome.ruling;
  const label = (id: string) => outcome.positions.find((p) => p.id === id)?.label ?? id;
  const bullets = (items: string[]) => renderBullets(items, prose);
  const body: string[] = [];
  if (ruling) {
    for (const [status, title] of GROUPS) {
      const group = ruling.positions.filter((p) => p.status === status);
      if (group.length === 0) continue;
      body.push('', `### ${title}`);
      for (const p of group) {
        // A label that ends in a full stop would read `write.**:`; the colon ends it instead.
        body.push('', `**${p.id}. ${prose(label(p.id).replace(/[.。]\s*$/u, ''), { inline: true })}**: ${prose(p.rationale, { inline: true })}`);
        const turn = outcome.transcript.openings.find((t) => t.positionId === p.id);
        if (status === 'falsified' && p.defeating_citations.length > 0) {
          body.push('', 'Defeated by:', ...p.defeating_citations.map((c) => `- ${renderCitation(c, context)}`));
        } else if (turn && turn.status === 'complete') {
          const best = turn.arguments.filter((a) => !a.outOfScope).slice(0, 3);
          body.push('', ...best.map((a) => `- ${prose(a.text, { inline: true })} _(${a.tag})_${a.citations.map((c) => `\n  - ${renderCitation(c, context)}`).join('')}`));
        }
      }
    }
    body.push('', '### Key reasons', ...ruling.key_reasons.map((r, i) => `${i + 1}. ${prose(r, { inline: true })}`));
    body.push('', '### Trade-offs', ...ruling.trade_offs.map((t) => `- ${prose(t, { inline: true })}`));
    body.push('', '### What would change the decision', ...bullets(ruling.what_would_change));
    body.push('', '### Dissent', '', prose(ruling.dissent));
    body.push('', '### Blind spots', ...bullets(ruling.blind_spots));
    body.push('', '### Consensus', ...bullets(ruling.consensus));
    body.push('', '### Open questions', ...bullets(ruling.open_questions));
    if (ruling.scenarios.length > 0) {
      body.push('', '### Scenarios', '', '| Scenario | Recommendation | Why |', '|---|---|---|');
      for (const sc of ruling.scenarios) {
        const rec = sc.recommendation === 'none' ? 'none' : `${sc.recommendation}. ${prose(label(sc.recommendation), { inline: true })}`;
        body.push(`| ${prose(sc.scenario, { inline: true })} | ${rec} | ${prose(sc.rationale, { inline: true })} |`);
      }
    }
  }
  body.push('', '### Evidence', '', renderEvidenceNotes(pack));
  return body;
}

/**
 * The run's notes ({@link DebateResult.notes}), then the engine's corrections of the judge's ruling
 * (issue #11: off the first screen): one line that says how many there were, then the corrections in a
 * collapsed `<details>` block. Empty when there are neither.
 */
export function renderEngineNotes(outcome: DebateResult, prose: Prose): string[] {
  // Notes on the run (a round cap, a fallback, the confirmed plan) are not corrections: a short visible list.
  const run = outcome.notes.length === 0 ? [] : ['', '**Notes on this run:**', ...outcome.notes.map((n) => `- ${prose(n, { inline: true })}`)];
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

/** What the evidence pack held and what it left out. */
function renderEvidenceNotes(pack: EvidencePack): string {
  const lines = [
    `- ${pack.fileCount.listed === pack.fileCount.total ? `${pack.fileCount.total} changed files` : `${pack.fileCount.listed} of ${pack.fileCount.total} changed files (GitHub lists at most 3,000)`}; evidence pack of about ${pack.tokens.toLocaleString('en-US')} tokens, digest \`${pack.digest.slice(0, 19)}…\``,
    `- ${sanitiseText(pack.rfcNote, { inline: true })}`,
    ...pack.notes.map((n) => `- ${sanitiseText(n, { inline: true })}`),
  ];
  if (pack.omitted.length > 0) {
    const shown = pack.omitted.slice(0, 30).map((o) => `${codeSpan(o.path)} (${o.what === 'hunks' ? 'diff' : o.what === 'content' ? 'full content' : 'RFC tail'})`);
    const more = pack.omitted.length > 30 ? `, and ${pack.omitted.length - 30} more` : '';
    lines.push(`- Left out of the pack: ${shown.join(', ')}${more}`);
  }
  return lines.join('\n');
}

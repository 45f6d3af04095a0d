import type { DebateResult } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import { judgeRunsDisagree } from './decision-record.js';
import { createProse } from './prose.js';
import { renderCitation } from './render-citation.js';

/**
 * The reasoning of a decision document (input `decision-record-path`, issue 28): sections 2-6 of the
 * reference protocol's decision document (Confidence, Key reasoning, Irreducible trade-offs, What would
 * change this decision, Dissenting position) and the falsified positions with the evidence that
 * defeated them. Rendered once, when the debate ends (only then is the ruling at hand); an accept or
 * the gate rewrites the record file around it (`render-record-file.ts`). Pure.
 */

/** Opens and closes the narrative in the record file, so a later rewrite finds it and keeps it. */
export const NARRATIVE_START = '<!-- pr-debate:narrative -->';
export const NARRATIVE_END = '<!-- /pr-debate:narrative -->';

/**
 * @param context where the defeating citations link (the head commit the debate saw)
 * @returns Markdown that starts with `## Confidence`, between {@link NARRATIVE_START} and {@link NARRATIVE_END}
 */
export function renderDecisionNarrative(outcome: DebateResult, pack: EvidencePack, context: CommentContext): string {
  const prose = createProse(pack, context);
  const ruling = outcome.ruling;
  const label = (id: string) => outcome.positions.find((p) => p.id === id)?.label ?? id;
  const lines = [NARRATIVE_START, '', '## Confidence', ''];
  if (!ruling) {
    lines.push(
      `None: the debate was aborted before the judge ruled. ${prose(outcome.problems.join(' '), { inline: true })}`,
      '',
      NARRATIVE_END,
    );
    return lines.join('\n');
  }
  lines.push(`${ruling.confidence}: ${prose(ruling.confidence_reason, { inline: true })}`);
  // Split runs: each run's reasons, attributed, rather than run 1's under a verdict of no clear winner.
  const sources = judgeRunsDisagree(outcome.judgeRuns)
    ? outcome.judgeRuns.flatMap((r, i) =>
        r.ruling
          ? [{ title: ` (judge run ${i + 1}, which recommended ${r.ruling.recommendation})`, ruling: r.ruling }]
          : [],
      )
    : [{ title: '', ruling }];
  const section = (heading: string, items: (r: NonNullable<DebateResult['ruling']>) => string[], numbered = false) => {
    for (const source of sources) {
      const list = items(source.ruling);
      lines.push(
        '',
        `## ${heading}${source.title}`,
        '',
        ...(list.length === 0
          ? ['None given.']
          : list.map((item, i) => `${numbered ? `${i + 1}.` : '-'} ${prose(item, { inline: true })}`)),
      );
    }
  };
  section('Key reasoning', (r) => r.key_reasons, true);
  section('Irreducible trade-offs', (r) => r.trade_offs);
  section('What would change this decision', (r) => r.what_would_change);
  section('Dissenting position', (r) => [r.dissent]);
  const falsified = ruling.positions.filter((p) => p.status === 'falsified');
  lines.push('', '## Falsified positions', '');
  if (falsified.length === 0) lines.push('None: no position was defeated by verified evidence.');
  for (const p of falsified) {
    lines.push(
      `- **${p.id}. ${prose(label(p.id), { inline: true })}**: ${prose(p.rationale, { inline: true })}`,
      ...p.defeating_citations.map((c) => `  - ${renderCitation(c, context)}`),
    );
  }
  lines.push('', NARRATIVE_END);
  return lines.join('\n');
}

/**
 * The narrative a record file already holds, for a rewrite that has no ruling at hand (an accept, the gate).
 * @param previous the file's text, or undefined when there is none
 * @param id the record id the narrative must belong to
 * @returns the narrative with its markers, or undefined when the file holds none for this id
 */
export function keptNarrative(previous: string | undefined, id: string): string | undefined {
  if (!previous || !new RegExp(`^id: ${id}$`, 'm').test(previous)) return undefined;
  const start = previous.indexOf(NARRATIVE_START);
  const end = previous.indexOf(NARRATIVE_END, start);
  return start < 0 || end < 0 ? undefined : previous.slice(start, end + NARRATIVE_END.length);
}

import { stringify } from 'yaml';
import type { DecisionRecord } from '../report/decision-record.js';
import { describeMergeMeaning, recordMeaning } from '../report/merge-meaning.js';
import { NARRATIVE_END, NARRATIVE_START } from '../report/render-decision-narrative.js';
import { mention, sanitiseText } from '../report/sanitise.js';
import type { GateConclusion } from './gate-types.js';

/**
 * The decision document (input `decision-record-path`, docs/config.md, issue 28): a Markdown file a
 * team commits to its decision log, readable on its own. YAML front matter holds the record exactly
 * (the `yaml` library quotes any line ending inside a text, so it parses back to the same object) plus
 * MADR 4.0's `status` and `decision-makers` (MADR's `date` is the record's own `date`, an ISO 8601 time
 * whose first ten characters are MADR's YYYY-MM-DD). The body has the six sections of the reference
 * protocol's decision document, Decision, Confidence, Key reasoning, Irreducible trade-offs, What would
 * change this decision and Dissenting position, then the falsified positions with the evidence that
 * defeated them. Sections 2-6 come from the debate (`renderDecisionNarrative`); a rewrite without it (an
 * accept, the gate) keeps the file's own. Pure; the file is written by the caller.
 */

/** What the file says besides the record. */
export interface RecordFileContext {
  conclusion: GateConclusion;
  headSha: string;
  link: string | undefined;
  /** The debate's narrative (`renderDecisionNarrative`), or the one the file already holds; undefined when neither exists. */
  narrative?: string | undefined;
}

/**
 * @returns `name`: `pr-<number>-<debate id>.md` (one file per PR and topic: a re-run or an accept
 *   overwrites it), and the file's text
 */
export function renderRecordFile(record: DecisionRecord, context: RecordFileContext): { name: string; text: string } {
  // The body is Markdown for people (a decision log rendered on GitHub): the record's texts are sanitised there.
  const text = (value: string) => sanitiseText(value, { inline: true });
  const label = (id: string) => text(record.positions.find((p) => p.id === id)?.label ?? id);
  const meaning = recordMeaning(record);
  const decided = meaning.kind !== 'no-decision';
  // MADR 4.0 (template/adr-template.md): status proposed | rejected | accepted | ...; decision-makers: everyone involved in the decision.
  const madr = {
    status: decided ? 'accepted' : 'proposed',
    'decision-makers': record.accepted ? [record.accepted.by] : [`pr-debate judge (${record.models.judge})`],
  };
  const lines = [
    '---',
    stringify({ ...record, ...madr }, { lineWidth: 0 }).trimEnd(),
    '---',
    '',
    `# PR #${record.pull_request}: ${text(record.topic)}`,
    '',
    '## Decision',
    '',
    describeMergeMeaning(meaning, label),
    '',
    ...record.positions.map(
      (p) =>
        `- **${p.id}. ${label(p.id)}**${p.id === record.pr_position ? ' (this PR)' : ''}: ${p.status}; ${p.verified_citations} verified and ${p.unverified_citations} unverified citations.`,
    ),
    '',
    record.accepted
      ? `Accepted by ${mention(record.accepted.by)}: ${text(record.accepted.reason)}`
      : `Recommended by the judge: ${record.recommendation === 'none' ? 'no position' : `position ${record.recommendation}`}.`,
    `Gate: ${context.conclusion} on ${context.headSha}; debate of ${record.date.slice(0, 10)}, ${record.rounds} cross-examination round${record.rounds === 1 ? '' : 's'}, completion ${record.completion}.`,
    ...(context.link ? ['', `Debate: ${context.link}`] : []),
    '',
    context.narrative ??
      [
        NARRATIVE_START,
        '',
        '## Confidence',
        '',
        `${record.confidence}. The debate's reasoning was not available when this file was written; the debate comment has it.`,
        '',
        NARRATIVE_END,
      ].join('\n'),
    '',
  ];
  return { name: `pr-${record.pull_request}-${record.id}.md`, text: lines.join('\n') };
}

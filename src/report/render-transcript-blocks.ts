import { countedAttacks } from '../debate/judge-facts.js';
import { attackOutcomeText } from '../debate/render-transcript.js';
import type {
  Attack,
  Claim,
  CrossTurn,
  DebateResult,
  JudgeRun,
  OpeningTurn,
  Position,
  SteelmanTurn,
  Turn,
} from '../debate/debate-types.js';
import type { CommentContext } from './comment-context.js';
import { renderBullets, type Prose } from './prose.js';
import { renderCitation } from './render-citation.js';
import { codeSpan, sanitiseText } from './sanitise.js';

/**
 * The transcript for people: one `<details>` block per phase (issue #5), each advocate labelled with
 * its position and model, every citation rendered with its check. Pure.
 */

/** One phase of the transcript, rendered. */
export interface TranscriptSection {
  /** E.g. `Openings`, `Cross-examination round 1`; names the block and the note when it is left out. */
  title: string;
  lines: string[];
  /** Lower is left out first when the comment is too long: cross-examination detail before openings, the judge's runs last. */
  keep: number;
}

/** What a section's renderers need. */
interface Scope {
  context: CommentContext;
  prose: Prose;
  /** Whether an attack counts (`rubric.ts` COUNTED_ATTACK_RULE). */
  counts: (attack: Attack) => boolean;
}

/** The phases of the transcript in debate order. */
export function transcriptSections(outcome: DebateResult, context: CommentContext, prose: Prose): TranscriptSection[] {
  const { transcript, positions } = outcome;
  const scope: Scope = { context, prose, counts: countedAttacks(transcript) };
  const position = (id: string) => positions.find((p) => p.id === id)!;
  const sections: TranscriptSection[] = [];
  sections.push({
    title: 'Openings',
    keep: 4,
    lines: transcript.openings.flatMap((turn) => [...renderOpening(turn, position(turn.positionId), scope), '']),
  });
  for (const round of transcript.rounds) {
    sections.push({
      title: `Cross-examination round ${round.round}`,
      keep: 1,
      lines: round.turns.flatMap((turn) => [...renderCross(turn, position(turn.positionId), scope), '']),
    });
  }
  if (transcript.closing.length > 0) {
    sections.push({
      title: 'Closing answers',
      keep: 1,
      lines: transcript.closing.flatMap((turn) => [...renderCross(turn, position(turn.positionId), scope), '']),
    });
  }
  if (transcript.steelmans.length > 0) {
    sections.push({
      title: 'Steelman swap',
      keep: 2,
      lines: transcript.steelmans.flatMap((turn) => [
        ...renderSteelman(turn, position(turn.positionId), position(turn.target), scope),
        '',
      ]),
    });
  }
  if (outcome.audit) {
    const t = outcome.audit.tally;
    sections.push({
      title: 'Evidence audit',
      keep: 3,
      lines: [
        `Checked by ${outcome.audit.status === 'checked' ? `the verifier and the auditor ${codeSpan(outcome.audit.model)}` : 'the verifier only'}: ${t.verified} verified · ${t.exaggerated} exaggerated · ${t.irrelevant} irrelevant · ${t.unverified} unverified · ${t['no-citation']} without citation · ${outcome.audit.ignored} ignored as out of scope`,
        ...outcome.audit.notes.map((n) => `- ${prose(n, { inline: true })}`),
        '',
      ],
    });
  }
  if (outcome.judgeRuns.length > 0) {
    sections.push({
      title: 'Judge',
      keep: 5,
      lines: outcome.judgeRuns.flatMap((run, i) => [...renderJudgeRun(run, i + 1, outcome.judgeModel, prose), '']),
    });
  }
  return sections;
}

/** Renders the sections, leaving out the named ones with a line that says so. */
export function renderTranscriptBlocks(sections: TranscriptSection[], dropped: Set<string>): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (dropped.has(section.title)) continue;
    parts.push(`<details><summary>Transcript: ${section.title}</summary>`, '', ...section.lines, '</details>', '');
  }
  if (dropped.size > 0)
    parts.push(
      `_Left out of this comment for its size (they are in the job summary): ${[...dropped].join(', ')}._`,
      '',
    );
  return parts.join('\n');
}

function turnHead(title: string, turn: Turn): string {
  const flags = [
    turn.repaired ? 'repaired after an unusable reply' : '',
    turn.truncated ? `cut at its ${turn.truncated.capWords}-word cap (${turn.truncated.words} words written)` : '',
  ].filter(Boolean);
  return `#### ${title} (${codeSpan(turn.model)})${flags.length > 0 ? ` · ${flags.join(' · ')}` : ''}`;
}

function incompleteLine(turn: Turn): string {
  return `**[INCOMPLETE]** ${sanitiseText(turn.error ?? 'no reply', { inline: true })}`;
}

function renderClaim(claim: Claim, scope: Scope, indent: string): string {
  const { prose } = scope;
  const tag = claim.outOfScope
    ? `ignored: out of scope (${sanitiseText(claim.outOfScope, { inline: true })})`
    : claim.tag === 'exaggerated' || claim.tag === 'irrelevant'
      ? `${claim.tag}: ${prose(claim.tagReason ?? '', { inline: true })}`
      : claim.tag;
  const reasoning = claim.reasoning ? ` ${prose(claim.reasoning, { inline: true })}` : '';
  return `${prose(claim.text, { inline: true })}${reasoning} _(${claim.id}, ${tag})_${claim.citations.map((c) => `\n${indent}- ${renderCitation(c, scope.context)}`).join('')}`;
}

function renderOpening(turn: OpeningTurn, position: Position, scope: Scope): string[] {
  const head = turnHead(`Opening of ${position.id}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  return [
    head,
    '',
    scope.prose(turn.thesis),
    '',
    ...turn.arguments.map((a, i) => `${i + 1}. ${renderClaim(a, scope, '   ')}`),
    '',
    '**Known weaknesses**',
    ...renderBullets(turn.knownWeaknesses, scope.prose),
    '',
    '**Predicted attacks**',
    ...renderBullets(turn.predictedAttacks, scope.prose),
  ];
}

function renderCross(turn: CrossTurn, position: Position, scope: Scope): string[] {
  const { prose } = scope;
  const head = turnHead(`${turn.phase === 'closing' ? 'Closing answers of' : 'Turn of'} ${position.id}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  const lines = [head, ''];
  for (const a of turn.answers)
    lines.push(
      `- **${a.answer}** ${a.attackId}: ${renderClaim(a.claim, scope, '  ')}${a.finding ? `\n  - the auditor found it ${a.finding.kind}: ${prose(a.finding.reason, { inline: true })}` : ''}`,
    );
  lines.push(...turn.weaknesses.map((w) => `- **weakness:** ${prose(w, { inline: true })}`));
  for (const a of turn.attacks)
    lines.push(
      `- **attack on ${a.target}** ${renderClaim(a.claim, scope, '  ')}\n  - outcome: ${sanitiseText(attackOutcomeText(a, scope.counts(a)), { inline: true })}`,
    );
  lines.push(...turn.notes.map((n) => `- _engine: ${prose(n, { inline: true })}_`));
  if (lines.length === 2) lines.push('_No answers, weaknesses or attacks._');
  return lines;
}

function renderSteelman(turn: SteelmanTurn, author: Position, target: Position, scope: Scope): string[] {
  const head = turnHead(`${author.id} steelmans ${target.id}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  return [
    head,
    '',
    scope.prose(turn.thesis),
    '',
    ...turn.arguments.map((a, i) => `${i + 1}. ${renderClaim(a, scope, '   ')}`),
  ];
}

function renderJudgeRun(run: JudgeRun, n: number, model: string, prose: Prose): string[] {
  const head = `#### Judge run ${n}, positions in the order ${run.order.join(', ')}${run.swapped ? ' under swapped ids, mapped back' : ''} (${codeSpan(model)})`;
  if (!run.ruling) return [head, '', `**[FAILED]** ${sanitiseText(run.error ?? 'no ruling', { inline: true })}`];
  const lines = [head, ''];
  if (run.retried)
    lines.push(
      `_The first ruling broke the rules and was retried: ${prose(run.violations.join(' '), { inline: true })}_`,
      '',
    );
  for (const p of run.ruling.positions)
    lines.push(`- **${p.id}**: ${p.status}. ${prose(p.rationale, { inline: true })}`);
  lines.push(
    `- recommendation: ${run.ruling.recommendation}; confidence ${run.ruling.confidence}. ${prose(run.ruling.summary, { inline: true })}`,
  );
  return lines;
}

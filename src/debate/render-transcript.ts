import { tagCitationForModels, tagReferenceForModels } from '../citations/tally-citations.js';
import { explainTag } from './claim-rules.js';
import { CONCESSION_NOTES, UNCITED_ATTACK } from './rubric.js';
import type {
  Attack,
  AttackOutcome,
  StopReason,
  Claim,
  CrossTurn,
  OpeningTurn,
  Position,
  SteelmanTurn,
  Transcript,
  Turn,
} from './debate-types.js';

/**
 * The transcript as the models read it: every turn verbatim (never a summary, issue #4), every
 * citation tagged with its mechanical check, every uncited attack marked as not counted. The judge's
 * view adds the audit tags and findings, the fate of every attack, the advocates' own weaknesses marked
 * `[weakness]` and the steelmans, and leaves out what argues an out-of-scope topic. Pure.
 */

/** Which reader the transcript is for. */
export interface TranscriptView {
  /** The order positions are presented in, within each phase (the judge reads two orders). */
  order: string[];
  /** The judge's view: audit tags, attack outcomes, steelmans, out-of-scope claims removed. */
  judge: boolean;
  /** Whether an attack counts (`judge-facts.ts` countedAttacks); every attack counts when absent. */
  counts?: (attack: Attack) => boolean;
}

/**
 * @param positions the debate's positions
 * @param transcript what has been said so far
 * @param view the reader
 * @returns plain text with `##` per phase and `###` per turn
 */
export function renderTranscript(positions: Position[], transcript: Transcript, view: TranscriptView): string {
  const label = (id: string) => positions.find((p) => p.id === id)?.label ?? id;
  const sorted = <T extends Turn>(turns: T[]) =>
    [...turns].sort((a, b) => view.order.indexOf(a.positionId) - view.order.indexOf(b.positionId));
  const parts: string[] = ['## Openings'];
  for (const turn of sorted(transcript.openings)) parts.push('', renderOpening(turn, label(turn.positionId), view));
  for (const round of transcript.rounds) {
    parts.push('', `## Cross-examination round ${round.round}`);
    for (const turn of sorted(round.turns)) parts.push('', renderCross(turn, view));
  }
  if (transcript.closing.length > 0) {
    parts.push('', '## Closing answers to the last round');
    for (const turn of sorted(transcript.closing)) parts.push('', renderCross(turn, view));
  }
  if (view.judge && transcript.steelmans.length > 0) {
    parts.push('', '## Steelman swap (each advocate wrote the best case for another position)');
    for (const turn of sorted(transcript.steelmans)) parts.push('', renderSteelman(turn, label(turn.target), view));
  }
  return parts.join('\n');
}

function renderOpening(turn: OpeningTurn, label: string, view: TranscriptView): string {
  const head = `### Opening of position ${turn.positionId}: ${label}`;
  if (turn.status === 'incomplete') return `${head}\n${incomplete(turn)}`;
  return [
    head,
    ...turnNotes(turn),
    `Thesis: ${turn.thesis}`,
    ...turn.arguments.map((c) => renderClaim('Argument', c, view)),
    `Known weaknesses${view.judge ? ' [weakness]' : ''}: ${list(turn.knownWeaknesses)}`,
    `Predicted attacks: ${list(turn.predictedAttacks)}`,
  ].join('\n');
}

function renderCross(turn: CrossTurn, view: TranscriptView): string {
  const head = `### ${turn.phase === 'closing' ? 'Closing answers' : 'Turn'} of position ${turn.positionId}`;
  if (turn.status === 'incomplete') return `${head}\n${incomplete(turn)}`;
  const lines = [head, ...turnNotes(turn)];
  lines.push('Answers:');
  if (turn.answers.length === 0) lines.push('(none)');
  for (const answer of turn.answers) {
    lines.push(renderClaim('- Answer', answer.claim, view, '  ', ` to attack ${answer.attackId} (${answer.answer})`));
    if (view.judge && answer.finding)
      lines.push(`  The auditor found it ${answer.finding.kind}: ${answer.finding.reason}`);
  }
  lines.push(`Acknowledged weaknesses${view.judge ? ' [weakness]' : ''}: ${list(turn.weaknesses)}`);
  if (turn.phase === 'cross-examination') {
    lines.push('Attacks:');
    if (turn.attacks.length === 0) lines.push('(none)');
    for (const attack of turn.attacks) {
      const counted = view.counts?.(attack) ?? true;
      lines.push(
        renderClaim(
          '- Attack',
          attack.claim,
          view,
          '  ',
          ` on position ${attack.target}${attack.targetClaim ? ` (claim ${attack.targetClaim})` : ''}${counted ? '' : ` [${UNCITED_ATTACK}]`}`,
        ),
      );
      if (view.judge) lines.push(`  Outcome: ${attackOutcomeText(attack, counted)}`);
    }
  }
  if (turn.notes.length > 0) lines.push(`Engine notes: ${turn.notes.join(' ')}`);
  return lines.join('\n');
}

function renderSteelman(turn: SteelmanTurn, targetLabel: string, view: TranscriptView): string {
  const head = `### Position ${turn.positionId}'s advocate, steelmanning position ${turn.target}: ${targetLabel}`;
  if (turn.status === 'incomplete') return `${head}\n${incomplete(turn)}`;
  return [
    head,
    ...turnNotes(turn),
    `Thesis: ${turn.thesis}`,
    ...turn.arguments.map((c) => renderClaim('Argument', c, view)),
  ].join('\n');
}

function renderClaim(lead: string, claim: Claim, view: TranscriptView, indent = '', after = ''): string {
  if (view.judge && claim.outOfScope) {
    return `${lead} ${claim.id}${after}: [IGNORED by the engine: it argues an out-of-scope topic (${claim.outOfScope})]`;
  }
  // The judge reads the claim's tag and, for attacks, its outcome; never the advocate's own confidence.
  const tag = view.judge ? ` ${claimTag(claim)}` : '';
  const lines = [`${lead} ${claim.id}${after}${tag}: ${claim.text}`];
  if (claim.reasoning) lines.push(`${indent}Reasoning: ${claim.reasoning}`);
  for (const c of claim.citations) lines.push(`${indent}- ${tagCitationForModels(c)}`);
  for (const r of claim.references) lines.push(`${indent}- ${tagReferenceForModels(r)}`);
  return lines.join('\n');
}

/**
 * The audit tag of a claim as the judge reads it, with what decided it (issue #20), e.g.
 * `[unverified: 1 of its 3 references did not check out (in the prose: a.ts:21, quote mismatch); 2 structured citations checked out]`.
 */
export function claimTag(claim: Claim): string {
  return `[${claim.tag}: ${explainTag(claim)}]`;
}

/** What became of an attack, in one phrase, an uncited one marked as not counted (`rubric.ts` COUNTED_ATTACK_RULE). */
export function attackOutcomeText(attack: Pick<Attack, 'outcome'>, counted: boolean): string {
  if (counted) return outcomeText(attack.outcome);
  const o = attack.outcome;
  return `${UNCITED_ATTACK} (${o.kind === 'unanswered' ? 'no answer' : o.kind === 'open' ? 'not answered yet' : `answered: ${o.answerId}`})`;
}

/** What became of an attack, in one phrase. */
export function outcomeText(outcome: AttackOutcome): string {
  switch (outcome.kind) {
    case 'refuted':
      return `refuted (${outcome.answerId})`;
    case 'conceded':
      return outcome.because === 'concede'
        ? `conceded (${outcome.answerId})`
        : `conceded (${outcome.answerId}: ${CONCESSION_NOTES[outcome.because]})`;
    case 'surrendered':
      return `the target surrendered its position (${outcome.answerId})`;
    case 'unanswered':
      return outcome.countsAsConceded
        ? `unanswered, so counted as conceded (${outcome.why})`
        : `unanswered, not counted (${outcome.why})`;
    case 'open':
      return 'not answered yet';
  }
}

function turnNotes(turn: Turn): string[] {
  const notes: string[] = [];
  if (turn.truncated)
    notes.push(
      `[This turn was cut at its ${turn.truncated.capWords}-word cap; the advocate wrote ${turn.truncated.words} words.]`,
    );
  if (turn.repaired) notes.push("[This turn is the advocate's repair retry after an unusable first reply.]");
  return notes;
}

function incomplete(turn: Turn): string {
  return `[INCOMPLETE: this advocate's turn failed (${turn.error ?? 'no reply'}); weigh nothing in its favour or against it from this turn.]`;
}

function list(items: string[]): string {
  return items.length === 0 ? '(none given)' : items.join(' | ');
}

/** One sentence for a stop reason, for the judge and the comment. */
export function describeStop(stop: StopReason): string {
  switch (stop.kind) {
    case 'no-rounds':
      return 'No cross-examination rounds were held (preset quick).';
    case 'max-rounds':
      return stop.rounds === 1
        ? 'Cross-examination held its 1 planned round.'
        : `Cross-examination held all ${stop.rounds} planned rounds.`;
    case 'surrender':
      return `Cross-examination stopped in round ${stop.round}: position ${stop.positionIds.join(', ')} surrendered.`;
    case 'converged':
      return `Cross-examination converged in round ${stop.round}: it brought no new verified citation and no new attack.`;
    case 'too-few-advocates':
      return stop.round === 0
        ? 'No cross-examination was held: fewer than two advocates produced an opening.'
        : `Cross-examination stopped after round ${stop.round}: fewer than two advocates were still able to argue.`;
  }
}

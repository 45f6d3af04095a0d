import type { PlannedPhase } from '../debate/plan.js';
import { markerLine } from './comment-context.js';
import { packTokensNote, planMarker, renderPositionList } from './render-plan.js';
import { plainProse, type Prose } from './prose.js';
import { sanitiseText } from './sanitise.js';

/**
 * The debate comment while the run is in progress (issue #5): the plan first, then a checklist of
 * phases, updated in place as each phase ends. Pure.
 */

/** What the progress comment shows. */
export interface ProgressState {
  id: string;
  topic: string | undefined;
  /** Position labels; undefined until the moderator has framed them. */
  positions: string[] | undefined;
  /** The id of the position that is the change as written, null when none is; undefined until known (framing). */
  prPosition?: string | null;
  /** The configured command word, for the line that says how to correct the PR's position. */
  command?: string;
  outOfScope: string[];
  /** E.g. `standard (1 cross-examination round, steelman swap)`. */
  preset: string;
  models: { advocates: string[]; judge: string };
  /** Filled once the evidence is read. */
  evidence: { files: number; tokens: number; rfc: string } | undefined;
  /** `packTokens`: how the pack's tokens in the cost were found (`DebateEstimate.packTokens`). */
  estimate:
    { calls: number; costUsd: number | undefined; packTokens?: 'estimated' | 'counted' | 'partly-counted' } | undefined;
  phases: PlannedPhase[];
  /** Ids of the phases that have ended. */
  done: Set<string>;
  evidenceDone: boolean;
  runUrl: string | undefined;
  /** `plan`: a `confirm-plan` run, which frames the positions and posts a plan instead of debating. */
  stage?: 'plan';
  /**
   * Renders the topic, positions and out-of-scope topics: once the evidence is read, `createProse` over
   * the pack, so references in the moderator's text are checked and marked (issue #11); else sanitised.
   */
  prose?: Prose;
}

/**
 * @returns the comment body: marker first, then the plan and the checklist. A phase is shown done (✅),
 *   running (⏳, the first not done), skipped (⏭️, not done but a later phase is), or waiting (⬜).
 */
export function renderProgressComment(state: ProgressState): string {
  const planning = state.stage === 'plan';
  const lines = [
    planning ? planMarker(state.id) : markerLine(state.id),
    planning
      ? '## ⏳ pr-debate is framing a debate on this pull request, for confirmation'
      : '## ⏳ pr-debate is debating this pull request',
    '',
  ];
  const prose = state.prose ?? plainProse;
  if (state.topic) lines.push(`**Topic:** ${prose(state.topic, { inline: true })}`, '');
  if (state.positions) {
    if (state.prPosition === undefined)
      lines.push(
        '**Positions:**',
        ...state.positions.map((p, i) => `- **${String.fromCharCode(65 + i)}.** ${prose(p, { inline: true })}`),
        '',
      );
    else
      lines.push(
        ...renderPositionList(state.positions, state.prPosition, { command: state.command ?? '/debate', prose }),
        '',
      );
  } else {
    lines.push('**Positions:** to be framed by a moderator from the PR and its design document (2-4 positions).', '');
  }
  if (state.outOfScope.length > 0)
    lines.push(`**Out of scope:** ${state.outOfScope.map((t) => prose(t, { inline: true })).join('; ')}`, '');
  const models = [...new Set(state.models.advocates)].join(', ');
  lines.push(
    `**Preset:** ${state.preset} · **Advocates:** ${sanitiseText(models, { inline: true })} · **Judge:** ${sanitiseText(state.models.judge, { inline: true })}`,
  );
  if (state.evidence) {
    lines.push(
      `**Evidence:** ${state.evidence.files} changed files, about ${state.evidence.tokens.toLocaleString('en-US')} tokens; ${sanitiseText(state.evidence.rfc, { inline: true })}`,
    );
  }
  if (state.estimate) {
    const cost =
      state.estimate.costUsd === undefined
        ? 'cost unknown for this model'
        : `about $${state.estimate.costUsd.toFixed(2)}${packTokensNote(state.estimate.packTokens)}`;
    lines.push(`**Estimate:** up to ${state.estimate.calls} model calls, ${cost}`);
  }
  lines.push('');

  const all = [{ id: 'evidence', label: 'Evidence pack' }, ...state.phases];
  const isDone = (id: string) => (id === 'evidence' ? state.evidenceDone : state.done.has(id));
  const lastDone = all.reduce((last, phase, i) => (isDone(phase.id) ? i : last), -1);
  let running = false;
  all.forEach((phase, i) => {
    let icon = '⬜';
    if (isDone(phase.id)) icon = '✅';
    else if (i < lastDone) icon = '⏭️';
    else if (!running) {
      icon = '⏳';
      running = true;
    }
    lines.push(`- ${icon} ${phase.label}${icon === '⏭️' ? ' (skipped: the debate converged or stopped early)' : ''}`);
  });
  const then = planning
    ? 'This comment is replaced by the plan; no advocate or judge is called before a maintainer confirms it.'
    : 'This comment is replaced by the verdict when the debate ends.';
  lines.push('', state.runUrl ? `[Follow the workflow run](${state.runUrl}). ${then}` : then);
  return lines.join('\n');
}

import { describeReasons } from '../citations/audit-citations.js';
import { citationSide, formatCitationRef } from '../citations/citation.js';
import { describeStop, outcomeText } from '../debate/render-transcript.js';
import type { AuditedCitation, Claim, CrossTurn, DebateOutcome, JudgeRun, OpeningTurn, Position, SteelmanTurn, Turn } from '../debate/types.js';
import type { Framing } from '../debate/schemas.js';
import type { EvidencePack } from '../evidence/types.js';
import { recordToYaml, type DecisionRecord } from './decision-record.js';
import { codeSpan, fencedBlock, MARKER_PREFIX, sanitiseText } from './sanitise.js';

/**
 * Renders the PR comment of contract section 7. Pure.
 * Layout: marker, verdict and confidence, summary, positions table, surviving / falsified / unresolved
 * positions with their citations, reasons, trade-offs, what would change the decision, dissent, blind
 * spots, evidence notes, the transcript and the decision record in `<details>`, and a footer.
 */

/** GitHub's limit on a comment body, in characters. */
export const MAX_COMMENT_CHARS = 65_536;
/** We stay this far below the limit so a small miscount never fails the post. */
const SAFE_COMMENT_CHARS = MAX_COMMENT_CHARS - 1_536;

/** Where links point and who asked. */
export interface CommentContext {
  id: string;
  serverUrl: string;
  owner: string;
  repo: string;
  headSha: string;
  /** The base commit, for citations of removed lines (`path@base:N`); without it they are not linked. */
  baseSha?: string;
  runUrl: string | undefined;
  /** Wall time of the run so far, in milliseconds. */
  durationMs: number;
  /** The PR's head when the result was posted; differs from `headSha` when a push made the result stale. */
  currentHeadSha: string;
}

/** The marker line that identifies a debate's comment. */
export function markerLine(id: string): string {
  return `${MARKER_PREFIX} id=${id} -->`;
}

/** A link to lines of a file at the head commit: `{server}/{owner}/{repo}/blob/{sha}/{path}#L{a}-L{b}`. */
export function blobLink(context: Pick<CommentContext, 'serverUrl' | 'owner' | 'repo' | 'headSha'>, path: string, start: number, end: number): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const anchor = start === end ? `#L${start}` : `#L${start}-L${end}`;
  return `${context.serverUrl}/${context.owner}/${context.repo}/blob/${context.headSha}/${encoded}${anchor}`;
}

/**
 * One citation: a link when verified, plain code with a visible mark and the reason when not.
 */
export function renderCitation(citation: AuditedCitation, context: CommentContext): string {
  const where = formatCitationRef(citation);
  const base = citationSide(citation) === 'base';
  if (citation.check.status === 'verified' && (!base || context.baseSha !== undefined)) {
    // A removed line exists only at the base commit: its link points there.
    const at = base ? { ...context, headSha: context.baseSha ?? context.headSha } : context;
    return `[${codeSpan(where)}](${blobLink(at, citation.check.sidePath ?? citation.path, citation.line_start, citation.line_end)}) ${codeSpan(citation.quote)}`;
  }
  if (citation.check.status === 'verified') return `${codeSpan(where)} ${codeSpan(citation.quote)}`;
  return `⚠️ **unverified** ${codeSpan(where)} ${codeSpan(citation.quote)} (${sanitiseText(citation.check.detail, { inline: true })})`;
}

const STATUS_ICON: Record<string, string> = { survived: '✅ survived', falsified: '❌ falsified', conceded: '🏳️ conceded', unresolved: '❔ unresolved' };

/**
 * The final comment of a debate.
 * @returns Markdown under {@link MAX_COMMENT_CHARS}: the transcript is dropped first, then the body is
 *   cut at a line boundary with a note; the full text is returned as `full` for the job summary
 */
export function renderDebateComment(
  outcome: Extract<DebateOutcome, { kind: 'debate' }>,
  record: DecisionRecord,
  pack: EvidencePack,
  context: CommentContext,
): { body: string; full: string } {
  const ruling = outcome.ruling;
  const label = (id: string) => outcome.positions.find((p) => p.id === id)?.label ?? id;
  const head: string[] = [markerLine(context.id)];

  if (!ruling) {
    head.push('## ⚠️ pr-debate: no verdict', '', `**The debate was aborted.** ${sanitiseText(outcome.problems.join(' '), { inline: true })}`);
    head.push('', 'What the advocates produced is kept below. Re-run the debate to get a verdict.');
  } else if (ruling.recommendation === 'none') {
    const axis = ruling.tied_on_axis ? ` on axis: ${sanitiseText(ruling.tied_on_axis, { inline: true })}` : '';
    head.push(`## ⚖️ pr-debate verdict: no clear winner${axis}`, '', `**Confidence: ${ruling.confidence}.** ${sanitiseText(ruling.confidence_reason, { inline: true })}`);
  } else {
    head.push(
      `## ⚖️ pr-debate verdict: ${ruling.recommendation}. ${sanitiseText(label(ruling.recommendation), { inline: true })}`,
      '',
      `**Confidence: ${ruling.confidence}.** ${sanitiseText(ruling.confidence_reason, { inline: true })}`,
    );
  }
  if (ruling) head.push('', `> ${sanitiseText(ruling.summary, { inline: true })}`);
  head.push('', `**Debate:** preset ${record.preset}, ${record.rounds} cross-examination round(s). ${sanitiseText(describeStop(outcome.stop), { inline: true })}${judgeAgreement(outcome.judgeRuns)}`);
  if (outcome.completion === 'degraded-success') {
    head.push('', `> [!WARNING]\n> **Degraded run.** ${sanitiseText(outcome.problems.join(' '), { inline: true })}`);
  }
  if (context.currentHeadSha !== context.headSha) {
    head.push('', `> [!CAUTION]\n> **Stale result:** the PR head moved to \`${context.currentHeadSha.slice(0, 7)}\` during the run; this debate saw \`${context.headSha.slice(0, 7)}\`. Re-run it for the new head.`);
  }
  if (pack.truncated) head.push('', '> [!WARNING]\n> **Evidence truncated:** some changed hunks did not fit the evidence budget (listed under Evidence).');
  head.push('', `**Topic:** ${sanitiseText(outcome.topic, { inline: true })}`, '');
  head.push('| Position | Status | Citations |', '|---|---|---|');
  for (const p of record.positions) {
    const reasons = describeReasons(outcome.counts.get(p.id)?.reasons);
    head.push(`| **${p.id}.** ${sanitiseText(p.label, { inline: true })} | ${STATUS_ICON[p.status]} | ${p.verified_citations} verified · ${p.unverified_citations} unverified${reasons ? ` (${reasons})` : ''} |`);
  }

  const body: string[] = [];
  if (ruling) {
    for (const [status, title] of [
      ['survived', 'Surviving positions'],
      ['falsified', 'Falsified positions'],
      ['conceded', 'Conceded positions (the advocate surrendered)'],
      ['unresolved', 'Unresolved positions'],
    ] as const) {
      const group = ruling.positions.filter((p) => p.status === status);
      if (group.length === 0) continue;
      body.push('', `### ${title}`);
      for (const p of group) {
        body.push('', `**${p.id}. ${sanitiseText(label(p.id), { inline: true })}**: ${sanitiseText(p.rationale, { inline: true })}`);
        const turn = outcome.transcript.openings.find((t) => t.positionId === p.id);
        if (status === 'falsified' && p.defeating_citations.length > 0) {
          body.push('', 'Defeated by:', ...p.defeating_citations.map((c) => `- ${renderCitation(c, context)}`));
        } else if (turn && turn.status === 'complete') {
          const best = turn.arguments.filter((a) => !a.outOfScope).slice(0, 3);
          body.push('', ...best.map((a) => `- ${sanitiseText(a.text, { inline: true })} _(${a.tag})_${a.citations.map((c) => `\n  - ${renderCitation(c, context)}`).join('')}`));
        }
      }
    }
    body.push('', '### Key reasons', ...ruling.key_reasons.map((r, i) => `${i + 1}. ${sanitiseText(r, { inline: true })}`));
    body.push('', '### Trade-offs', ...ruling.trade_offs.map((t) => `- ${sanitiseText(t, { inline: true })}`));
    body.push('', '### What would change the decision', ...bullets(ruling.what_would_change));
    body.push('', '### Dissent', '', sanitiseText(ruling.dissent));
    body.push('', '### Blind spots', ...bullets(ruling.blind_spots));
    body.push('', '### Consensus', ...bullets(ruling.consensus));
    body.push('', '### Open questions', ...bullets(ruling.open_questions));
    if (ruling.scenarios.length > 0) {
      body.push('', '### Scenarios', '', '| Scenario | Recommendation | Why |', '|---|---|---|');
      for (const sc of ruling.scenarios) {
        const rec = sc.recommendation === 'none' ? 'none' : `${sc.recommendation}. ${sanitiseText(label(sc.recommendation), { inline: true })}`;
        body.push(`| ${sanitiseText(sc.scenario, { inline: true })} | ${rec} | ${sanitiseText(sc.rationale, { inline: true })} |`);
      }
    }
    if (outcome.enforcement.length > 0) {
      body.push('', '### Rulings the engine corrected', ...outcome.enforcement.map((n) => `- ${sanitiseText(n, { inline: true })}`));
    }
  }
  body.push('', '### Evidence', '', renderEvidenceNotes(pack));

  const sections = transcriptSections(outcome, context);
  const recordBlock = ['', '<details><summary>Decision record</summary>', '', fencedBlock(recordToYaml(record).trimEnd(), 'yaml'), '', '</details>'];
  const footer = ['', renderFooter(outcome, record, pack, context)];
  const assemble = (dropped: Set<string>, middle: string[] = body) => [...head, ...middle, '', renderTranscript(outcome, sections, dropped), ...recordBlock, ...footer].join('\n');

  const full = assemble(new Set());
  if (full.length <= SAFE_COMMENT_CHARS) return { body: full, full };
  // Too long: leave out transcript phases, the least decisive and then the largest first.
  const order = [...sections].sort((x, y) => x.keep - y.keep || y.lines.join('\n').length - x.lines.join('\n').length);
  const dropped = new Set<string>();
  for (const section of order) {
    dropped.add(section.title);
    const candidate = assemble(dropped);
    if (candidate.length <= SAFE_COMMENT_CHARS) return { body: candidate, full };
  }
  // Still too long: cut the middle at a line boundary; the head, the record and the footer stay whole,
  // and the middle holds no <details> or fence that a cut could leave open.
  const note = ['', '> [!NOTE]', '> This comment reached GitHub\'s size limit and was cut here; the whole report is in the job summary of the workflow run.'];
  const room = SAFE_COMMENT_CHARS - assemble(dropped, note).length - 200;
  let middle = body.join('\n').slice(0, Math.max(0, room));
  middle = middle.slice(0, Math.max(0, middle.lastIndexOf('\n')));
  return { body: assemble(dropped, [middle, ...note]), full };
}

function bullets(items: string[]): string[] {
  return items.length === 0 ? ['', '_None given._'] : items.map((item) => `- ${sanitiseText(item, { inline: true })}`);
}

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

/** One phase of the transcript, rendered; `weight` orders what is dropped first when the comment is too long. */
interface TranscriptSection {
  title: string;
  lines: string[];
  /** Lower goes first: cross-examination detail before openings, the judge's runs last. */
  keep: number;
}

/** The transcript as one `<details>` block per phase (issue #5), each advocate labelled with its position and model. */
function transcriptSections(outcome: Extract<DebateOutcome, { kind: 'debate' }>, context: CommentContext): TranscriptSection[] {
  const { transcript, positions } = outcome;
  const position = (id: string) => positions.find((p) => p.id === id)!;
  const sections: TranscriptSection[] = [];
  sections.push({ title: 'Openings', keep: 4, lines: transcript.openings.flatMap((turn) => [...renderOpening(turn, position(turn.positionId), context), '']) });
  for (const round of transcript.rounds) {
    sections.push({ title: `Cross-examination round ${round.round}`, keep: 1, lines: round.turns.flatMap((turn) => [...renderCross(turn, position(turn.positionId), context), '']) });
  }
  if (transcript.closing.length > 0) {
    sections.push({ title: 'Closing answers', keep: 1, lines: transcript.closing.flatMap((turn) => [...renderCross(turn, position(turn.positionId), context), '']) });
  }
  if (transcript.steelmans.length > 0) {
    sections.push({ title: 'Steelman swap', keep: 2, lines: transcript.steelmans.flatMap((turn) => [...renderSteelman(turn, position(turn.positionId), position(turn.target), context), '']) });
  }
  if (outcome.audit) {
    const t = outcome.audit.tally;
    sections.push({
      title: 'Evidence audit',
      keep: 3,
      lines: [
        `Checked by ${outcome.audit.status === 'checked' ? `the verifier and the auditor ${codeSpan(outcome.audit.model)}` : 'the verifier only'}: ${t.verified} verified · ${t.exaggerated} exaggerated · ${t.unverified} unverified · ${t['no-citation']} without citation · ${outcome.audit.ignored} ignored as out of scope`,
        ...outcome.audit.notes.map((n) => `- ${sanitiseText(n, { inline: true })}`),
        '',
      ],
    });
  }
  if (outcome.judgeRuns.length > 0) {
    sections.push({ title: 'Judge', keep: 5, lines: outcome.judgeRuns.flatMap((run, i) => [...renderJudgeRun(run, i + 1, outcome.judgeModel), '']) });
  }
  return sections;
}

/** Renders the sections, leaving out the named ones with a line that says so. */
function renderTranscript(outcome: Extract<DebateOutcome, { kind: 'debate' }>, sections: TranscriptSection[], dropped: Set<string>): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (dropped.has(section.title)) continue;
    parts.push(`<details><summary>Transcript: ${section.title}</summary>`, '', ...section.lines, '</details>', '');
  }
  if (dropped.size > 0) parts.push(`_Left out of this comment for its size (they are in the job summary): ${[...dropped].join(', ')}._`, '');
  return parts.join('\n');
}

function turnHead(title: string, turn: Turn): string {
  const flags = [turn.repaired ? 'repaired after an unusable reply' : '', turn.truncated ? `cut at its ${turn.truncated.capWords}-word cap (${turn.truncated.words} words written)` : ''].filter(Boolean);
  return `#### ${title} (${codeSpan(turn.model)})${flags.length > 0 ? ` · ${flags.join(' · ')}` : ''}`;
}

function incompleteLine(turn: Turn): string {
  return `**[INCOMPLETE]** ${sanitiseText(turn.error ?? 'no reply', { inline: true })}`;
}

function renderClaim(claim: Claim, context: CommentContext, indent: string): string {
  const tag = claim.outOfScope
    ? `ignored: out of scope (${sanitiseText(claim.outOfScope, { inline: true })})`
    : claim.tag === 'exaggerated'
      ? `exaggerated: ${sanitiseText(claim.tagReason ?? '', { inline: true })}`
      : claim.tag;
  const reasoning = claim.reasoning ? ` ${sanitiseText(claim.reasoning, { inline: true })}` : '';
  return `${sanitiseText(claim.text, { inline: true })}${reasoning} _(${claim.id}, ${tag})_${claim.citations.map((c) => `\n${indent}- ${renderCitation(c, context)}`).join('')}`;
}

function renderOpening(turn: OpeningTurn, position: Position, context: CommentContext): string[] {
  const head = turnHead(`Opening of ${position.id}. ${sanitiseText(position.label, { inline: true })}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  return [
    head,
    '',
    sanitiseText(turn.thesis),
    '',
    ...turn.arguments.map((a, i) => `${i + 1}. ${renderClaim(a, context, '   ')}`),
    '',
    '**Known weaknesses**',
    ...bullets(turn.knownWeaknesses),
    '',
    '**Predicted attacks**',
    ...bullets(turn.predictedAttacks),
  ];
}

function renderCross(turn: CrossTurn, position: Position, context: CommentContext): string[] {
  const head = turnHead(`${turn.phase === 'closing' ? 'Closing answers of' : 'Turn of'} ${position.id}. ${sanitiseText(position.label, { inline: true })}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  const lines = [head, ''];
  for (const a of turn.answers) lines.push(`- **${a.answer}** ${a.attackId}: ${renderClaim(a.claim, context, '  ')}`);
  lines.push(...turn.weaknesses.map((w) => `- **weakness:** ${sanitiseText(w, { inline: true })}`));
  for (const a of turn.attacks) lines.push(`- **attack on ${a.target}** ${renderClaim(a.claim, context, '  ')}\n  - outcome: ${sanitiseText(outcomeText(a.outcome), { inline: true })}`);
  lines.push(...turn.notes.map((n) => `- _engine: ${sanitiseText(n, { inline: true })}_`));
  if (lines.length === 2) lines.push('_No answers, weaknesses or attacks._');
  return lines;
}

function renderSteelman(turn: SteelmanTurn, author: Position, target: Position, context: CommentContext): string[] {
  const head = turnHead(`${author.id} steelmans ${target.id}. ${sanitiseText(target.label, { inline: true })}`, turn);
  if (turn.status === 'incomplete') return [head, '', incompleteLine(turn)];
  return [head, '', sanitiseText(turn.thesis), '', ...turn.arguments.map((a, i) => `${i + 1}. ${renderClaim(a, context, '   ')}`)];
}

function renderJudgeRun(run: JudgeRun, n: number, model: string): string[] {
  const head = `#### Judge run ${n}, positions in the order ${run.order.join(', ')} (${codeSpan(model)})`;
  if (!run.ruling) return [head, '', `**[FAILED]** ${sanitiseText(run.error ?? 'no ruling', { inline: true })}`];
  const lines = [head, ''];
  if (run.retried) lines.push(`_The first ruling broke the rules and was retried: ${sanitiseText(run.violations.join(' '), { inline: true })}_`, '');
  for (const p of run.ruling.positions) lines.push(`- **${p.id}**: ${p.status}. ${sanitiseText(p.rationale, { inline: true })}`);
  lines.push(`- recommendation: ${run.ruling.recommendation}; confidence ${run.ruling.confidence}. ${sanitiseText(run.ruling.summary, { inline: true })}`);
  return lines;
}

function judgeAgreement(runs: JudgeRun[]): string {
  const rulings = runs.flatMap((r) => (r.ruling ? [r.ruling] : []));
  if (rulings.length < 2) return '';
  const [first, second] = [rulings[0]!, rulings[1]!];
  if (first.recommendation !== second.recommendation) return ' The judge ran twice, with the positions in different orders, and the runs disagreed on the recommendation.';
  const split = first.positions.filter((p) => second.positions.find((q) => q.id === p.id)?.status !== p.status).map((p) => p.id);
  return split.length === 0
    ? ' The judge ran twice, with the positions in different orders, and both runs agreed.'
    : ` The judge ran twice, with the positions in different orders; the runs agreed on the recommendation but not on the status of position${split.length > 1 ? 's' : ''} ${split.join(', ')}.`;
}

/** The stop reason in a word or two, for the footer; the head of the comment says it in full. */
const STOP_WORDS: Record<Extract<DebateOutcome, { kind: 'debate' }>['stop']['kind'], string> = {
  'no-rounds': 'no rounds planned',
  'max-rounds': 'round cap',
  surrender: 'surrender',
  converged: 'converged',
  'too-few-advocates': 'too few advocates',
};

function renderFooter(outcome: Extract<DebateOutcome, { kind: 'debate' }>, record: DecisionRecord, pack: EvidencePack, context: CommentContext): string {
  const usage = outcome.usage;
  const advocates = [...new Set(record.models.advocates)].join(', ');
  const cost = `$${usage.cost_usd.toFixed(4)}${usage.unpricedCalls > 0 ? ` (plus ${usage.unpricedCalls} calls on models without a known price)` : ''}`;
  const run = context.runUrl ? ` · [workflow run](${context.runUrl})` : '';
  return [
    `<sub>pr-debate · preset ${record.preset} · rounds ${record.rounds} (stop: ${STOP_WORDS[outcome.stop.kind]}) · advocates ${sanitiseText(advocates, { inline: true })} · judge ${sanitiseText(record.models.judge, { inline: true })}`,
    ` · ${outcome.calls.length} model calls · tokens: ${usage.input_tokens} in, ${usage.output_tokens} out, ${usage.cache_creation_input_tokens} cache written, ${usage.cache_read_input_tokens} cache read`,
    ` · cost ${cost} · ${(context.durationMs / 1000).toFixed(1)} s · ${record.completion} · head ${pack.headSha.slice(0, 7)}${run}</sub>`,
  ].join('');
}

/** The comment when the moderator found nothing contested: why, and a sharper command to run. */
export function renderNotContestedComment(framing: Framing, context: CommentContext, command: string): string {
  const suggestion = framing.suggested_command ? `\n\nA sharper command to try:\n\n${codeSpan(framing.suggested_command)}` : '';
  return [
    markerLine(context.id),
    '## pr-debate: nothing to debate',
    '',
    sanitiseText(framing.reason),
    suggestion,
    '',
    `To debate a decision anyway, name the positions: ${codeSpan(`${command} <position A> vs <position B>`)}.`,
  ].join('\n');
}

/** The comment when the run failed before a debate existed: what failed and what to do. */
export function renderFailureComment(id: string, problem: string, runUrl: string | undefined): string {
  return [
    markerLine(id),
    '## ⚠️ pr-debate: the run failed',
    '',
    sanitiseText(problem),
    '',
    runUrl ? `The log of the [workflow run](${runUrl}) has the details.` : 'The workflow log has the details.',
  ].join('\n');
}

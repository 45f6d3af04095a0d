import { tagCitationForModels } from '../citations/audit-citations.js';
import type { EvidencePack } from '../evidence/types.js';
import { buildCrossTurn, buildOpening, buildSteelman, incompleteCross, incompleteOpening, incompleteSteelman, settleAttacks } from './build-turns.js';
import { createCaller, type Caller } from './call-models.js';
import { allClaims, applyAudit, countCitations, tallyClaims, verifiedKeys, verifiedSupport } from './claims.js';
import { judgeTwice } from './judge.js';
import { expectedScript, languageRule, type LanguageSetting } from './language.js';
import type { ModelClient } from './model-client.js';
import type { DebatePlan } from './plan.js';
import { loadPrompt } from './prompts.js';
import { describeStop, renderTranscript } from './render-transcript.js';
import { POSITION_IDS, replyOf, type Framing } from './schemas.js';
import type { Attack, AuditResult, CrossTurn, DebateOutcome, Position, StopReason, Transcript } from './types.js';
import { WORD_CAPS } from './word-cap.js';

/**
 * The debate engine: the falsification protocol of issue #4, phase by phase.
 *
 * 0. Framing: the positions of the command, or a moderator's (2-4 in real tension, or "not contested").
 * 1. Openings, in parallel; no advocate sees another.
 * 2. Cross-examination rounds: each advocate reads every turn so far verbatim, answers every attack
 *    on it (`refute`, `concede`, `surrender`), marks weaknesses and attacks; unanswered = conceded.
 *    The last round's attacks get closing answers.
 * 3. Convergence: stop early on a surrender, or on a round with no new verified citation and no new attack.
 * 4. Steelman swap: A for B, B for C, ..., last for A.
 * 5. Evidence audit: every claim tagged verified / unverified / no-citation (the verifier) or exaggerated (the auditor).
 * 6. Judge, twice, the positions in different orders; the engine enforces the rules on each ruling.
 *
 * Pure logic over {@link ModelClient}: no SDK, no GitHub. Calls within a phase run concurrently.
 */

/** What a debate needs. */
export interface DebateRequest {
  pack: EvidencePack;
  /** 2-4 positions from the command, or [] to let the moderator infer them. */
  positions: string[];
  outOfScope: string[];
  /** The comment command word, for the moderator's suggestions. */
  command: string;
  /** Input `model`: the moderator's model. */
  moderatorModel: string;
  /** Input `advocate-models`: one per position, cycled. */
  advocateModels: string[];
  /** Input `judge-model`: the auditor's and the judge's model (the neutral roles). */
  judgeModel: string;
  plan: DebatePlan;
  language: LanguageSetting;
  /**
   * Told when a phase ends (ids of {@link plannedPhases}), in order, once per phase; framing reports the
   * positions it framed. For the progress checklist; it must not throw.
   */
  onPhaseEnd?: (event: { phase: string; positions?: string[]; topic?: string }) => void;
}

/** Output caps in tokens per role; thinking counts against them, so they are generous. */
export const MAX_TOKENS = { moderator: 8_000, advocate: 16_000, auditor: 8_000, judge: 16_000 } as const;

/**
 * Runs the debate.
 * @returns the outcome; model failures do not throw: a failed advocate turn is `[INCOMPLETE]` and the
 *   run `degraded-success`; a judge that fails in both runs makes it `aborted`; both keep the transcript
 * @throws Error only when the moderator fails (there is nothing to debate without positions)
 */
export async function runDebate(client: ModelClient, request: DebateRequest): Promise<DebateOutcome> {
  const { pack, plan } = request;
  const language = languageRule(request.language);
  const caller = createCaller(client, { system: loadPrompt('system'), evidence: pack.text }, expectedScript(request.language));
  const problems: string[] = [];
  const enforcement: string[] = [];
  if (plan.note) enforcement.push(plan.note);

  // 0. Framing.
  let framing: Framing | undefined;
  let labels = request.positions;
  let outOfScope = request.outOfScope;
  let topic = labels.join(' vs ');
  if (labels.length === 0) {
    const framed = await frame(caller, request, language);
    framing = framed.framing;
    enforcement.push(...framed.notes);
    problems.push(...framed.warnings.map((w) => `The moderator: ${w}.`));
    if (!framing.contested || framed.labels.length < 2) return { kind: 'not-contested', framing, calls: caller.calls };
    labels = framed.labels;
    outOfScope = [...new Set([...outOfScope, ...framing.out_of_scope.map((t) => t.trim()).filter(Boolean)])];
    topic = framing.topic;
    request.onPhaseEnd?.({ phase: 'framing', positions: labels, topic });
  }
  const positions: Position[] = labels.slice(0, POSITION_IDS.length).map((label, i) => ({
    id: POSITION_IDS[i]!,
    label,
    model: request.advocateModels[i % request.advocateModels.length] ?? request.moderatorModel,
  }));
  const positionList = positions.map((p) => `- ${p.id}: ${p.label}`).join('\n');
  const scopeText = outOfScopeText(outOfScope);
  const transcript: Transcript = { openings: [], rounds: [], closing: [], steelmans: [] };
  const noteWarnings = (who: string, warnings: string[]) => problems.push(...warnings.map((w) => `${who}: ${w}.`));

  // 1. Openings, in parallel; no advocate sees another.
  transcript.openings = await Promise.all(
    positions.map(async (position) => {
      const reply = await caller.attempt({
        role: 'advocate',
        purpose: 'opening',
        positionId: position.id,
        model: position.model,
        field: 'opening',
        instructions: loadPrompt('opening', {
          position_id: position.id,
          position_label: position.label,
          positions: positionList,
          out_of_scope: scopeText,
          word_cap: String(WORD_CAPS.opening),
          language,
        }),
        schema: replyOf('opening'),
        maxTokens: MAX_TOKENS.advocate,
      });
      if (!reply.ok) {
        problems.push(`The opening of position ${position.id} is incomplete: ${reply.error}`);
        return incompleteOpening(position.id, position.model, reply.error);
      }
      noteWarnings(`The opening of position ${position.id}`, reply.warnings);
      return buildOpening(reply.output, { positionId: position.id, model: reply.model, repaired: reply.repaired, pack });
    }),
  );
  request.onPhaseEnd?.({ phase: 'openings' });
  const active = new Set(transcript.openings.filter((t) => t.status === 'complete').map((t) => t.positionId));
  const surrendered = new Set<string>();

  // 2-3. Cross-examination rounds until a cap, a surrender or convergence.
  let stop: StopReason = { kind: 'no-rounds' };
  let open: Attack[] = [];
  const seenVerified = verifiedKeys(allClaims(transcript));
  for (let round = 1; round <= plan.rounds; round += 1) {
    if (active.size < 2) {
      stop = { kind: 'too-few-advocates', round: round - 1 };
      break;
    }
    const turns = await crossTurns(caller, { phase: 'cross-examination', round, positions, active, open, transcript, positionList, scopeText, language, pack, plan, problems });
    transcript.rounds.push({ round, turns });
    request.onPhaseEnd?.({ phase: `round-${round}` });
    recordTurnProblems(turns, problems, active, `cross-examination round ${round}`);
    const attacks = turns.flatMap((t) => t.attacks);
    const claims = turns.flatMap((t) => [...t.answers.map((a) => a.claim), ...t.attacks.map((a) => a.claim)]);
    const fresh = [...verifiedKeys(claims)].filter((k) => !seenVerified.has(k));
    fresh.forEach((k) => seenVerified.add(k));
    const quitters = turns.filter((t) => t.answers.some((a) => a.answer === 'surrender')).map((t) => t.positionId);
    quitters.forEach((id) => surrendered.add(id));
    open = attacks;
    if (quitters.length > 0) {
      stop = { kind: 'surrender', round, positionIds: quitters };
      break;
    }
    if (attacks.length === 0 && fresh.length === 0) {
      stop = { kind: 'converged', round };
      break;
    }
    stop = { kind: 'max-rounds', rounds: round };
  }
  // The last round's attacks get answers, unless the debate stopped on a surrender.
  if (stop.kind === 'surrender') {
    for (const attack of open) attack.outcome = { kind: 'unanswered', countsAsConceded: false, why: 'the cross-examination ended on a surrender before it could be answered' };
  } else if (open.length > 0) {
    const round = transcript.rounds.at(-1)?.round ?? 0;
    transcript.closing = await crossTurns(caller, { phase: 'closing', round, positions, active, open, transcript, positionList, scopeText, language, pack, plan, problems });
    request.onPhaseEnd?.({ phase: 'closing' });
    recordTurnProblems(transcript.closing, problems, active, 'the closing answers');
    transcript.closing.filter((t) => t.answers.some((a) => a.answer === 'surrender')).forEach((t) => surrendered.add(t.positionId));
  }

  // 4. Steelman swap: the advocate of each position writes the best case for the next one, the last for the first.
  // Only advocates still in the debate take part, so the rotation closes over them (with B dropped: A for C, C for A).
  if (plan.steelman && transcript.rounds.length > 0 && active.size >= 2) {
    const rendered = renderTranscript(positions, transcript, { order: positions.map((p) => p.id), judge: false });
    const authors = positions.filter((p) => active.has(p.id));
    transcript.steelmans = await Promise.all(
      authors.map(async (author) => {
        const target = authors[(authors.indexOf(author) + 1) % authors.length]!;
        const reply = await caller.attempt({
          role: 'advocate',
          purpose: `steelman of ${target.id}`,
          positionId: author.id,
          model: author.model,
          field: 'steelman',
          instructions: loadPrompt('steelman', {
            position_id: author.id,
            position_label: author.label,
            positions: positionList,
            out_of_scope: scopeText,
            transcript: rendered,
            target_id: target.id,
            target_label: target.label,
            word_cap: String(WORD_CAPS.steelman),
            language,
          }),
          schema: replyOf('steelman'),
          maxTokens: MAX_TOKENS.advocate,
        });
        if (!reply.ok) {
          problems.push(`Position ${author.id}'s steelman of position ${target.id} is incomplete: ${reply.error}`);
          return incompleteSteelman(author.id, author.model, reply.error, target.id);
        }
        noteWarnings(`Position ${author.id}'s steelman`, reply.warnings);
        return buildSteelman(reply.output, { positionId: author.id, model: reply.model, repaired: reply.repaired, pack, target: target.id });
      }),
    );
  }

  if (transcript.steelmans.length > 0) request.onPhaseEnd?.({ phase: 'steelman' });
  const roundsHeld = transcript.rounds.length;
  const base = {
    kind: 'debate' as const,
    topic,
    positions,
    outOfScope,
    framing,
    plan,
    language,
    transcript,
    stop,
    surrendered: positions.filter((p) => surrendered.has(p.id)).map((p) => p.id),
    roundsHeld,
    judgeModel: request.judgeModel,
    enforcement,
  };
  if (transcript.openings.every((t) => t.status === 'incomplete')) {
    problems.push('No advocate produced an opening, so the judge was not called.');
    return { ...base, audit: undefined, judgeRuns: [], ruling: undefined, counts: countCitations(transcript, positions), completion: 'aborted', problems, calls: caller.calls };
  }

  // 5. Evidence audit.
  const audit = await runAudit(caller, { transcript, positions, outOfScope, judgeModel: request.judgeModel, language });
  problems.push(...audit.problems);
  request.onPhaseEnd?.({ phase: 'audit' });

  // 6. Judge, twice.
  const support = new Map(positions.map((p) => [p.id, verifiedSupport(transcript, p.id).length]));
  const judged = await judgeTwice(caller, {
    transcript,
    rules: { positions, support, surrendered, pack },
    judgeModel: request.judgeModel,
    outOfScopeText: scopeText,
    facts: debateFacts(positions, transcript, stop, surrendered, support, audit.result),
    language,
    maxTokens: MAX_TOKENS.judge,
  });
  enforcement.push(...judged.enforcement);
  problems.push(...judged.problems);
  request.onPhaseEnd?.({ phase: 'judge' });
  const counts = countCitations(transcript, positions);
  if (!judged.ruling) {
    return { ...base, audit: audit.result, judgeRuns: judged.runs, ruling: undefined, counts, completion: 'aborted', problems, calls: caller.calls };
  }
  return {
    ...base,
    audit: audit.result,
    judgeRuns: judged.runs,
    ruling: judged.ruling,
    counts,
    completion: problems.length > 0 ? 'degraded-success' : 'success',
    problems,
    calls: caller.calls,
  };
}

/** The moderator's framing, with the framing rules applied in code (2-4 distinct positions). */
async function frame(caller: Caller, request: DebateRequest, language: string): Promise<{ framing: Framing; labels: string[]; notes: string[]; warnings: string[] }> {
  const spec = {
    role: 'moderator' as const,
    purpose: 'framing',
    model: request.moderatorModel,
    field: 'framing',
    instructions: loadPrompt('moderator', { command: request.command, out_of_scope: outOfScopeText(request.outOfScope), language }),
    schema: replyOf('framing'),
    maxTokens: MAX_TOKENS.moderator,
  };
  const reply = await caller.attempt(spec);
  if (!reply.ok) throw new Error(`The moderator could not frame the debate: ${reply.error}`);
  let framing = reply.output;
  let labels = distinctLabels(framing);
  if (framing.contested && labels.length < 2) {
    // Issue #4: with one side only, the moderator writes its strongest counter-position; it gets one retry to do so.
    const retry = await caller.retryWith(
      spec,
      loadPrompt('repair', {
        what: 'It did not keep the framing rules.',
        issues: `- \`contested\` is true but ${labels.length === 0 ? 'no position was' : 'only one distinct position was'} given: a debate needs two. Write the strongest counter-position as the second, or set \`contested\` to false.`,
        field: 'framing',
      }),
    );
    if (retry.ok) {
      framing = retry.output;
      labels = distinctLabels(framing);
    }
    if (labels.length < 2) {
      return { framing: { ...framing, contested: false, reason: `${framing.reason} (The moderator found only one side, so there is nothing to debate.)` }, labels, notes: [], warnings: reply.warnings };
    }
  }
  const notes = labels.length > POSITION_IDS.length ? [`The moderator framed ${labels.length} positions; the first ${POSITION_IDS.length} are debated (at most ${POSITION_IDS.length}).`] : [];
  return { framing, labels: labels.slice(0, POSITION_IDS.length), notes, warnings: reply.warnings };
}

function distinctLabels(framing: Framing): string[] {
  const seen = new Set<string>();
  return framing.positions
    .map((p) => p.label.trim())
    .filter((label) => {
      const key = label.toLowerCase().replace(/\s+/g, ' ');
      if (label === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** One cross-examination round (or the closing answers): every active advocate, in parallel. */
async function crossTurns(
  caller: Caller,
  ctx: {
    phase: CrossTurn['phase'];
    round: number;
    positions: Position[];
    active: Set<string>;
    open: Attack[];
    transcript: Transcript;
    positionList: string;
    scopeText: string;
    language: string;
    pack: EvidencePack;
    plan: DebatePlan;
    problems: string[];
  },
): Promise<CrossTurn[]> {
  const rendered = renderTranscript(ctx.positions, ctx.transcript, { order: ctx.positions.map((p) => p.id), judge: false });
  const speakers = ctx.positions.filter((p) => ctx.active.has(p.id) && (ctx.phase === 'cross-examination' || ctx.open.some((a) => a.target === p.id)));
  // Attacks on an advocate that has dropped out cannot be answered; they are not its concession.
  for (const attack of ctx.open) {
    if (!ctx.active.has(attack.target)) attack.outcome = { kind: 'unanswered', countsAsConceded: false, why: `the advocate of position ${attack.target} had dropped out after a failed turn` };
  }
  return Promise.all(
    speakers.map(async (position) => {
      const pending = ctx.open.filter((a) => a.target === position.id);
      const reply = await caller.attempt({
        role: 'advocate',
        purpose: ctx.phase === 'closing' ? 'closing answers' : `cross-examination ${ctx.round}`,
        positionId: position.id,
        model: position.model,
        field: 'cross_examination',
        instructions: loadPrompt(ctx.phase === 'closing' ? 'closing' : 'cross-examination', {
          position_id: position.id,
          position_label: position.label,
          positions: ctx.positionList,
          out_of_scope: ctx.scopeText,
          transcript: rendered,
          attacks_on_you: renderAttacks(pending),
          word_cap: String(ctx.phase === 'closing' ? WORD_CAPS.closing : WORD_CAPS['cross-examination']),
          language: ctx.language,
          ...(ctx.phase === 'closing' ? {} : { round: String(ctx.round), rounds: String(ctx.plan.rounds) }),
        }),
        schema: replyOf('cross_examination'),
        maxTokens: MAX_TOKENS.advocate,
      });
      const turn = reply.ok
        ? buildCrossTurn(reply.output, {
            positionId: position.id,
            model: reply.model,
            repaired: reply.repaired,
            pack: ctx.pack,
            phase: ctx.phase,
            round: ctx.round,
            pending,
            targets: ctx.positions.filter((p) => ctx.active.has(p.id) && p.id !== position.id).map((p) => p.id),
          })
        : incompleteCross(position.id, position.model, reply.error, ctx.phase, ctx.round);
      if (reply.ok) ctx.problems.push(...reply.warnings.map((w) => `Position ${position.id}'s ${ctx.phase === 'closing' ? 'closing answers' : `turn in round ${ctx.round}`}: ${w}.`));
      settleAttacks(pending, turn);
      return turn;
    }),
  );
}

/** Failed turns drop their advocate from later phases (issue #4: the debate goes on with the rest). */
function recordTurnProblems(turns: CrossTurn[], problems: string[], active: Set<string>, phase: string): void {
  for (const turn of turns) {
    if (turn.status === 'incomplete') {
      problems.push(`Position ${turn.positionId}'s turn in ${phase} is incomplete: ${turn.error}`);
      active.delete(turn.positionId);
    }
  }
}

function renderAttacks(attacks: Attack[]): string {
  if (attacks.length === 0) return '(none: no attack is open against your position; leave `answers` empty)';
  return attacks
    .map((a) => [`- attack_id ${a.id}, by position ${a.by}: ${a.claim.text}`, ...a.claim.citations.map((c) => `  - ${tagCitationForModels(c)}`)].join('\n'))
    .join('\n');
}

/** Phase 5: the mechanical tags are already on every claim; the auditor adds `exaggerated` and marks out-of-scope claims. */
async function runAudit(
  caller: Caller,
  input: { transcript: Transcript; positions: Position[]; outOfScope: string[]; judgeModel: string; language: string },
): Promise<{ result: AuditResult; problems: string[] }> {
  const claims = allClaims(input.transcript);
  const result = (status: AuditResult['status'], notes: string[]): AuditResult => ({ status, model: input.judgeModel, ...tallyClaims(input.transcript), notes });
  if (claims.length === 0) return { result: result('mechanical', ['There were no claims to audit.']), problems: [] };
  const reply = await caller.attempt({
    role: 'auditor',
    purpose: 'evidence audit',
    model: input.judgeModel,
    field: 'audit',
    instructions: loadPrompt('audit', {
      positions: input.positions.map((p) => `- ${p.id}: ${p.label}`).join('\n'),
      out_of_scope: input.outOfScope.length > 0 ? input.outOfScope.map((t) => JSON.stringify(t)).join('; ') : '(none)',
      claims: claims
        .map((c) =>
          [
            `- ${c.id} (position ${c.positionId}, ${c.tag}): ${c.text}`,
            ...(c.reasoning ? [`  Reasoning: ${c.reasoning}`] : []),
            ...c.citations.map((x) => `  - ${tagCitationForModels(x)}`),
          ].join('\n'),
        )
        .join('\n'),
      language: input.language,
    }),
    schema: replyOf('audit'),
    maxTokens: MAX_TOKENS.auditor,
  });
  if (!reply.ok) {
    const problem = `The evidence audit failed (${reply.error}); claims carry only the verifier's tags, and out-of-scope claims were not filtered.`;
    return { result: result('mechanical', [problem]), problems: [problem] };
  }
  const notes = applyAudit(input.transcript, reply.output, input.outOfScope);
  return { result: result('checked', notes), problems: reply.warnings.map((w) => `The evidence audit: ${w}.`) };
}

/** What the engine recorded, for the judge: the stop reason, surrenders, concessions, support and the audit tally. */
function debateFacts(positions: Position[], transcript: Transcript, stop: StopReason, surrendered: Set<string>, support: Map<string, number>, audit: AuditResult): string {
  const attacks = [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing].flatMap((t) => t.attacks);
  const lines = ['Facts the engine recorded:', `- ${describeStop(stop)}`];
  for (const p of positions) {
    const against = attacks.filter((a) => a.target === p.id);
    const conceded = against.filter((a) => a.outcome.kind === 'conceded' || (a.outcome.kind === 'unanswered' && a.outcome.countsAsConceded)).length;
    const refuted = against.filter((a) => a.outcome.kind === 'refuted').length;
    lines.push(
      `- Position ${p.id}: ${support.get(p.id) ?? 0} own claim(s) tagged verified; attacks against it: ${against.length} (${refuted} refuted, ${conceded} conceded or unanswered)${surrendered.has(p.id) ? '; its advocate SURRENDERED' : ''}.`,
    );
  }
  const t = audit.tally;
  lines.push(`- Evidence audit (${audit.status === 'checked' ? 'verifier and auditor' : "verifier only"}): ${t.verified} verified, ${t.exaggerated} exaggerated, ${t.unverified} unverified, ${t['no-citation']} without citation; ${audit.ignored} ignored as out of scope.`);
  return lines.join('\n');
}

function outOfScopeText(topics: string[]): string {
  return topics.length === 0 ? '' : `\nOut of scope (do not argue about these; arguments about them are ignored): ${topics.join('; ')}\n`;
}


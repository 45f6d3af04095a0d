import { tallyCitations } from '../citations/tally-citations.js';
import { formatCitationRef, type Citation } from '../citations/citation.js';
import { referencesAsCitations } from '../citations/check-references.js';
import { withCitationCheck, type CheckedCitation } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { mechanicalTag } from './claim-rules.js';
import { answerOutcome } from './rubric.js';
import type { Audit } from './schemas.js';
import type {
  Answer,
  Attack,
  AttackOutcome,
  Claim,
  ClaimTag,
  CitationCounts,
  CrossTurn,
  Position,
  Transcript,
} from './debate-types.js';

/**
 * Factual claims of the transcript: their citations checked by the verifier, their audit tags
 * (issue #4, phase 5), and what they count for. Pure.
 */

/** Checks every citation of a claim and every reference in its text and reasoning, and tags it mechanically (`claim-rules.ts`). */
export function makeClaim(
  fields: {
    id: string;
    positionId: string;
    text: string;
    reasoning?: string;
    citations: Citation[];
    confidence?: number | undefined;
  },
  pack: EvidencePack,
): Claim {
  const citations: CheckedCitation[] = fields.citations.map((c) => withCitationCheck(c, pack));
  const references = referencesAsCitations([fields.text, fields.reasoning], pack);
  return {
    id: fields.id,
    positionId: fields.positionId,
    text: fields.text,
    reasoning: fields.reasoning,
    citations,
    references,
    tag: mechanicalTag(citations, references),
    tagReason: undefined,
    outOfScope: undefined,
    ...(fields.confidence === undefined ? {} : { confidence: fields.confidence }),
  };
}

/** Every claim of the transcript in reading order: openings, rounds, closing answers, steelmans. */
export function allClaims(transcript: Transcript): Claim[] {
  const claims: Claim[] = [];
  for (const turn of transcript.openings) claims.push(...turn.arguments);
  for (const turn of [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing]) {
    claims.push(...turn.answers.map((a) => a.claim), ...turn.attacks.map((a) => a.claim));
  }
  for (const turn of transcript.steelmans) claims.push(...turn.arguments);
  return claims;
}

/**
 * Applies the auditor's findings: `exaggerated` and `irrelevant` only to claims the verifier tagged
 * `verified` (the auditor cannot rescue an unverified claim or tag a claim it was not shown); out of
 * scope only for a listed topic; `unresponsive` only to a `refute` tagged verified, `stalling` only to
 * an answer with no verified citation (`rubric.ts` AUDIT_ANSWER_RULES). An unanswered attack that turns
 * out to be out of scope no longer counts as conceded, and every answered attack is decided again by its
 * audited answer (`rubric.ts` answerOutcome).
 * @returns the transcript with the findings applied (new turns and claims; the input is unchanged),
 *   and one sentence per finding the engine did not apply
 */
export function applyAudit(
  transcript: Transcript,
  audit: Audit,
  outOfScope: string[],
): { transcript: Transcript; notes: string[] } {
  const notes: string[] = [];
  const byId = new Map(allClaims(transcript).map((c) => [c.id, c]));
  const changes = new Map<string, Partial<Claim>>();
  const current = (claim: Claim): Claim => ({ ...claim, ...changes.get(claim.id) });
  // Irrelevant first: lines that do not bear on the claim outrank lines that say less (issue #29).
  for (const [tag, findings] of [
    ['irrelevant', audit.irrelevant],
    ['exaggerated', audit.exaggerated],
  ] as const) {
    for (const finding of findings) {
      const found = byId.get(finding.claim_id);
      const claim = found && current(found);
      if (!claim) notes.push(`The auditor tagged an unknown claim ${finding.claim_id} as ${tag}; ignored.`);
      else if (claim.tag !== 'verified')
        notes.push(`The auditor tagged claim ${claim.id} as ${tag}, but it was ${claim.tag}; it stays ${claim.tag}.`);
      else changes.set(claim.id, { ...changes.get(claim.id), tag, tagReason: finding.reason });
    }
  }
  const topics = new Map(outOfScope.map((t) => [normaliseTopic(t), t]));
  for (const finding of audit.out_of_scope) {
    const claim = byId.get(finding.claim_id);
    const topic = topics.get(normaliseTopic(finding.topic));
    if (!claim) notes.push(`The auditor marked an unknown claim ${finding.claim_id} as out of scope; ignored.`);
    else if (!topic)
      notes.push(
        `The auditor marked claim ${claim.id} as out of scope for "${finding.topic}", which is not a listed topic; it stays in.`,
      );
    else changes.set(claim.id, { ...changes.get(claim.id), outOfScope: topic });
  }
  const audited = (claim: Claim) => (changes.has(claim.id) ? current(claim) : claim);
  const cross = [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing];
  const answers = new Map(cross.flatMap((t) => t.answers).map((a) => [a.claim.id, { ...a, claim: audited(a.claim) }]));
  for (const [kind, findings] of [
    ['unresponsive', audit.unresponsive],
    ['stalling', audit.stalling],
  ] as const) {
    for (const finding of findings) {
      const answer = answers.get(finding.answer_id);
      const fault = answer ? findingFault(kind, answer) : 'names no answer of the debate';
      if (answer && !fault) answers.set(answer.claim.id, { ...answer, finding: { kind, reason: finding.reason } });
      else notes.push(`The auditor found answer ${finding.answer_id} ${kind}, but it ${fault}; ignored.`);
    }
  }
  // An answer the audit changed may count for something else now (an exaggerated or unresponsive refute refutes nothing).
  const decided = (outcome: AttackOutcome, attack: Attack): AttackOutcome => {
    if (outcome.kind !== 'refuted' && outcome.kind !== 'conceded') return outcome;
    const answer = answers.get(outcome.answerId);
    return answer ? answerOutcome(answer, { claim: audited(attack.claim) }) : outcome;
  };
  const crossTurn = (turn: CrossTurn): CrossTurn => ({
    ...turn,
    answers: turn.answers.map((a) => answers.get(a.claim.id) ?? a),
    attacks: turn.attacks.map((a) => {
      const claim = audited(a.claim);
      const outcome: AttackOutcome =
        claim.outOfScope && a.outcome.kind === 'unanswered' && a.outcome.countsAsConceded
          ? {
              kind: 'unanswered',
              countsAsConceded: false,
              why: `the attack argues an out-of-scope topic (${claim.outOfScope})`,
            }
          : decided(a.outcome, a);
      return { ...a, claim, outcome };
    }),
  });
  return {
    transcript: {
      openings: transcript.openings.map((t) => ({ ...t, arguments: t.arguments.map(audited) })),
      rounds: transcript.rounds.map((r) => ({ ...r, turns: r.turns.map(crossTurn) })),
      closing: transcript.closing.map(crossTurn),
      steelmans: transcript.steelmans.map((t) => ({ ...t, arguments: t.arguments.map(audited) })),
    },
    notes,
  };
}

/** Why a finding on an answer does not apply (`rubric.ts` AUDIT_ANSWER_RULES), or undefined when it does. */
function findingFault(kind: 'unresponsive' | 'stalling', answer: Answer): string | undefined {
  const verifiedLine = answer.claim.citations.some((c) => c.check.status === 'verified');
  if (answer.answer === 'surrender') return 'is a surrender';
  if (kind === 'unresponsive')
    return answer.answer === 'refute' && answer.claim.tag === 'verified'
      ? undefined
      : 'is not a refute tagged verified (it counts as conceded already)';
  return verifiedLine ? 'has a verified citation (an answer with one can only be found unresponsive)' : undefined;
}

/**
 * Citation counts per position (decision record `verified_citations` / `unverified_citations`):
 * the structured citations of the position's own advocate in its openings, cross-examination and
 * closing turns, with the references in the prose of those claims that failed their check (issue #11):
 * a prose reference can only lower a claim, so one that checks out is not counted as verified (issue #20).
 * Steelmans argue for another position and are not counted; out-of-scope claims count for nothing, and
 * so do the citations of a claim the auditor found irrelevant (real lines that support nothing, issue #29).
 */
export function countCitations(transcript: Transcript, positions: Position[]): Map<string, CitationCounts> {
  const citations = new Map<string, Claim['citations']>(positions.map((p) => [p.id, []]));
  // A steelman argues for another position: its claims are not its author's own.
  for (const claim of allClaims({ ...transcript, steelmans: [] })) {
    if (!claim.outOfScope && claim.tag !== 'irrelevant')
      citations
        .get(claim.positionId)
        ?.push(...claim.citations, ...claim.references.filter((r) => r.check.status === 'unverified'));
  }
  return new Map([...citations].map(([id, list]) => [id, tallyCitations(list)]));
}

/**
 * Claims that can carry a position (`rubric.ts` SUPPORT_RULE): its opening arguments tagged `verified`
 * and in scope, and its own `refute` answers that refuted their attack. Never its concessions, its
 * attacks on other positions or a steelman. A position with none cannot survive.
 */
export function verifiedSupport(transcript: Transcript, positionId: string): Claim[] {
  const openings = transcript.openings.filter((t) => t.positionId === positionId).flatMap((t) => t.arguments);
  const cross = [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing];
  const refuting = new Set(
    cross.flatMap((t) => t.attacks).flatMap((a) => (a.outcome.kind === 'refuted' ? [a.outcome.answerId] : [])),
  );
  const answers = cross
    .filter((t) => t.positionId === positionId)
    .flatMap((t) => t.answers.map((a) => a.claim))
    .filter((c) => refuting.has(c.id));
  return [...openings, ...answers].filter((c) => c.tag === 'verified' && !c.outOfScope);
}

/** Count of claims per tag, and of claims ignored as out of scope. */
export function tallyClaims(transcript: Transcript): { tally: Record<ClaimTag, number>; ignored: number } {
  const tally: Record<ClaimTag, number> = {
    verified: 0,
    unverified: 0,
    'no-citation': 0,
    exaggerated: 0,
    irrelevant: 0,
  };
  let ignored = 0;
  for (const claim of allClaims(transcript)) {
    if (claim.outOfScope) ignored += 1;
    else tally[claim.tag] += 1;
  }
  return { tally, ignored };
}

/** Keys of verified citations (`path:lines`), for convergence: a round that adds none is not new evidence. */
export function verifiedKeys(claims: Claim[]): Set<string> {
  return new Set(
    claims.flatMap((c) => c.citations.filter((x) => x.check.status === 'verified').map((x) => formatCitationRef(x))),
  );
}

function normaliseTopic(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

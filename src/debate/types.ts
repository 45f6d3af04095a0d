import type { CitationAudit } from '../citations/audit-citations.js';
import type { Citation } from '../citations/citation.js';
import type { CitationCheck } from '../citations/verify-citations.js';
import type { TokenUsage } from './model-client.js';
import type { Framing, Opening, Ruling } from './schemas.js';

/** A position of the debate; ids are A..D in the order given (contract section 8). */
export interface Position {
  id: string;
  label: string;
  /** The advocate's model. */
  model: string;
}

/** A citation with the verifier's verdict. */
export interface AuditedCitation extends Citation {
  check: CitationCheck;
}

/** An opening whose citations were checked. */
export interface AuditedOpening extends Omit<Opening, 'arguments'> {
  arguments: { claim: string; reasoning: string; citations: AuditedCitation[] }[];
}

/** One advocate's turn in a phase; `incomplete` when its call failed (the debate goes on without it). */
export interface AdvocateTurn {
  positionId: string;
  model: string;
  phase: 'opening';
  status: 'complete' | 'incomplete';
  opening: AuditedOpening | undefined;
  /** Why the turn is incomplete. */
  error: string | undefined;
}

/** Verified and unverified citation counts of one position, with the unverified ones by reason (the audit, `src/citations/audit-citations.ts`). */
export interface CitationCounts {
  verified: number;
  unverified: number;
  reasons?: CitationAudit['reasons'];
}

/** The judge's ruling after the engine enforced the rules, with its citations checked. */
export interface FinalRuling extends Omit<Ruling, 'positions'> {
  positions: (Omit<Ruling['positions'][number], 'defeating_citations'> & { defeating_citations: AuditedCitation[] })[];
}

/** One model call of the run, for the footer and the record. */
export interface CallRecord {
  role: 'moderator' | 'advocate' | 'judge';
  positionId: string | undefined;
  model: string;
  usage: TokenUsage;
  /** Wall time of the call in milliseconds. */
  durationMs: number;
  ok: boolean;
}

/** How the run ended (contract section 8, `completion`). */
export type Completion = 'success' | 'degraded-success' | 'aborted';

/** What the debate stage produced. */
export type DebateOutcome =
  | { kind: 'not-contested'; framing: Framing; calls: CallRecord[] }
  | {
      kind: 'debate';
      topic: string;
      positions: Position[];
      outOfScope: string[];
      framing: Framing | undefined;
      openings: AdvocateTurn[];
      counts: Map<string, CitationCounts>;
      /** Undefined when the judge failed (`aborted`). */
      ruling: FinalRuling | undefined;
      judgeModel: string;
      /** What the engine changed in the judge's ruling, and why; shown in the comment. */
      enforcement: string[];
      completion: Completion;
      /** What went wrong, for a degraded or aborted run. */
      problems: string[];
      calls: CallRecord[];
    };

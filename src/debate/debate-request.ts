/** What a debate needs: the request that `runDebate` and `framePositions` (`run-debate.ts`) read. */
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { LanguageSetting } from './language.js';
import type { DebatePlan, PrPositionInput } from './plan.js';
import type { ReaderPlan } from './reading-types.js';

/** What a debate needs. */
export interface DebateRequest {
  pack: EvidencePack;
  /** 2-4 positions from the command, or [] to let the moderator infer them. */
  positions: string[];
  /**
   * What the run knows of which position is the PR ({@link PrPositionInput}); default `ask`. When the
   * moderator frames the positions it names it then, unless the command said `--no-pr-position`.
   */
  prPosition?: PrPositionInput;
  outOfScope: string[];
  /** The topic, when the positions were framed before (a plan confirmed with `/debate go`); else the moderator's, or the positions joined. */
  topic?: string;
  /** The comment command word, for the moderator's suggestions. */
  command: string;
  /** Input `model`: the moderator's model. */
  moderatorModel: string;
  /** Input `advocate-models`: one per position, cycled. */
  advocateModels: string[];
  /** Input `judge-model`: the auditor's and the judge's model (the neutral roles). */
  judgeModel: string;
  plan: DebatePlan;
  /** The readers of the changed hunks the pack could not hold (issue #40); without it, no part is read. */
  readers?: ReaderPlan;
  language: LanguageSetting;
  /**
   * Told when a phase ends (ids of {@link plannedPhases}), in order, once per phase; framing reports the
   * positions it framed. For the progress checklist; it must not throw.
   */
  onPhaseEnd?: (event: { phase: string; positions?: string[]; topic?: string; prPosition?: string | null }) => void;
  /** Told once the moderator has named (or confirmed) which position is the PR; it must not throw. */
  onPrPosition?: (prPosition: string) => void;
}

import type { RunModelClient } from '../llm/refusal-fallback.js';
import type { GitHubClients } from '../github/create-octokit.js';
import type { Publisher } from '../github/create-publisher.js';
import type { NoDecisionReason } from '../report/no-decision-reason.js';
import type { EvidenceSource } from '../evidence/evidence-source.js';
import type { RequestCounts } from '../github/pull-request-source.js';

/** Where the pipeline reports progress; `main.ts` backs it with `@actions/core`, a CLI with its own. */
export interface Log {
  info(message: string): void;
  warning(message: string): void;
  notice(message: string): void;
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** The action's outputs (action.yml, docs/config.md). */
export interface ActionOutputs {
  status: 'success' | 'degraded-success' | 'aborted' | 'skipped';
  recommendation: string;
  confidence: string;
  commentUrl: string;
  /** The decision record as one line of JSON, or '' when there is none. */
  decision: string;
  /** Why there is no decision to merge on (output `no-decision-reason`, src/report/no-decision-reason.ts), or '' when there is one; unset when the run does not know (mode: gate). */
  noDecisionReason?: NoDecisionReason | '';
  /** The `pr-debate` check run's conclusion, when a run wrote one (`gate-conclusion`). */
  gateConclusion?: string;
  /** The Markdown record file, when a run wrote one (`decision-record-file`). */
  decisionRecordFile?: string;
}

/**
 * Where a run saves what it produced (the step's outputs and job summary), as soon as it exists:
 * before any further GitHub call, so a failure afterwards loses nothing. `main.ts` backs it with `core.setOutput` and `core.summary`.
 */
export interface StepOutputs {
  /** Sets these outputs now; a later value wins (the runner reads the last one from `GITHUB_OUTPUT`). */
  setOutputs(outputs: Partial<ActionOutputs>): void;
  /** Writes the job summary. Never throws: a failed write (GHES without `GITHUB_STEP_SUMMARY`) is a warning. */
  writeSummary(markdown: string): Promise<void>;
}

/** Where a run's evidence is read: the PR on GitHub, or a local clone's range (`PipelineClients.evidenceSource`). */
export type CountedEvidenceSource = EvidenceSource & { requests(): number; requestCounts(): RequestCounts };

/** The clients a run uses, built once by the caller (`main.ts`, a CLI, a test). */
export interface PipelineClients {
  github: GitHubClients;
  /** The run's model client; a {@link RunModelClient} may also count tokens and say what its fallback did. */
  models: RunModelClient;
  log: Log;
  stepOutputs: StepOutputs;
  now?: () => Date;
  /**
   * Where the run's comments and reactions go; default: the PR through `github.writes`
   * (`createPublisher`). The CLI passes one that keeps the bodies, and in a dry run writes nothing.
   */
  publisher?: Publisher;
  /** The CLI's dry run: no `pr-debate` check run is written either. */
  dryRun?: boolean;
  /**
   * Where the evidence is read; default: the PR on GitHub through `github.reads`. The CLI's local-range
   * run (`pr-debate run BASE..HEAD`) passes a clone's git (`src/cli/local-git-source.ts`).
   */
  evidenceSource?: CountedEvidenceSource;
}

/** The run's result: the action outputs, the whole report and, when the step must fail, why. */
export interface PipelineResult extends ActionOutputs {
  /**
   * What the run means for the PR in one line (`merge-meaning.ts` meaningLine): the comment's first line,
   * the CLI's last line and the action's log; undefined when the run has no outcome to state (a gate or accept run).
   */
  outcome?: string;
  /** The whole report (Markdown) for the job summary, or '' when nothing was debated. */
  report: string;
  /** Set when the step must fail: what went wrong, in one sentence. */
  failure: string | undefined;
}

/** A result with nothing debated. */
export function skipped(extra: Partial<PipelineResult> = {}): PipelineResult {
  return {
    status: 'skipped',
    recommendation: 'none',
    confidence: '',
    commentUrl: '',
    decision: '',
    noDecisionReason: 'not-run',
    report: '',
    failure: undefined,
    ...extra,
  };
}

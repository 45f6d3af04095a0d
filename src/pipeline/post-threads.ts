import type { Position } from '../debate/debate-types.js';
import type { CheckAnnotation } from '../github/check-runs.js';
import { createReviewThreadsClient } from '../github/review-threads.js';
import { redactSecrets } from '../report/redact.js';
import { planThreads, threadAnnotations, type PlannedThread } from '../threads/plan-threads.js';
import { publishThreads, type ThreadsOutcome } from '../threads/publish-threads.js';
import type { RunEvidence } from './read-evidence.js';
import type { RunContext } from './run-context.js';
import type { SavedResult } from './save-result.js';
import { describeFailure } from './step-error.js';

/**
 * The debate's review threads and check-run notices (issue #34), planned once from the saved result:
 * no model call, and nothing here can fail the run (a failure is a warning; the verdict stands).
 */

/** The planned threads, the positions they name, and the check run's notices on the same lines. */
export interface ResultThreads {
  threads: PlannedThread[];
  positions: Position[];
  annotations: CheckAnnotation[];
}

/**
 * The threads of a saved result, and the check run's notices on the same lines. Their text (the claims,
 * the quoted lines, the position labels) comes from the PR and the models, and goes out beside the
 * publisher's door (a review, a check run's notices): it is redacted here, once, for every way out.
 */
export function planResultThreads(run: RunContext, result: SavedResult, evidence: RunEvidence): ResultThreads {
  const clean = (text: string) => redactSecrets(text, run.secrets);
  const threads = planThreads(result.debate, evidence.files, run.settings.debate.reviewThreads).map((t) => ({
    ...t,
    claim: clean(t.claim),
    lines: t.lines.map(clean),
  }));
  const positions = result.debate.positions.map((p) => ({ ...p, label: clean(p.label) }));
  return { threads, positions, annotations: threadAnnotations(threads, positions) };
}

/**
 * Posts the threads in one review (and a file-level comment for each line outside the diff), updating
 * an earlier run's in place; logs what it did.
 * @returns what was posted, or undefined when nothing was planned or GitHub refused (warned)
 */
export async function postResultThreads(
  run: RunContext,
  evidence: RunEvidence,
  { threads, positions }: Pick<ResultThreads, 'threads' | 'positions'>,
  verdictUrl: string,
): Promise<ThreadsOutcome | undefined> {
  const { log } = run.clients;
  if (threads.length === 0 || run.clients.dryRun) return undefined;
  const { pack } = evidence;
  const context = {
    id: run.id,
    serverUrl: run.settings.github.serverUrl,
    ...run.repo,
    headSha: pack.headSha,
    baseSha: pack.baseSha,
    runUrl: run.settings.github.runUrl,
    durationMs: 0,
    currentHeadSha: pack.headSha,
  };
  try {
    const outcome = await publishThreads(
      createReviewThreadsClient(run.clients.github.writes, run.repo),
      {
        pullNumber: run.trigger.pullNumber,
        headSha: pack.headSha,
        debateId: run.id,
        botLogin: run.settings.github.botLogin,
        positions,
        context,
        verdictUrl,
      },
      threads,
    );
    log.info(
      `Review threads: ${outcome.inline} on diff lines, ${outcome.fileLevel} on files, ${outcome.verdictOnly} in the verdict comment only; ${outcome.updated} updated, ${outcome.retired} retired (${outcome.writes} writes).`,
    );
    return outcome;
  } catch (error) {
    log.warning(
      `The verdict is posted, but its review comments on the diff could not be: ${describeFailure(error)}. Give the job \`pull-requests: write\`, or set \`review-threads: off\`.`,
    );
    return undefined;
  }
}

import { CHECK_TITLES } from './check-titles.js';
import type { CheckOutput, GateSource } from './gate-types.js';

/**
 * A `pr-debate` check run that is started is always finished. GitHub keeps a check that was created
 * `in_progress` in progress until it is updated with a conclusion (docs.github.com/rest/checks/runs:
 * "status ... completed", "Required if you provide a status of completed": `conclusion`), and a
 * required check in progress blocks merging without saying why. So every check the gate or an accept
 * starts is held here, and completed in a `finally` when the work between fails.
 */

/** A started check run. */
export interface HeldCheck {
  id: number;
  /** The app that wrote it (the token's app): the gate's own records are that app's. */
  appId: number;
  /** Completes the check with a conclusion and output; after this, a failure leaves the check as it is. */
  complete(output: CheckOutput): Promise<{ htmlUrl: string }>;
}

/** What failed, as the check's output: not passing (`action_required`), the failure in the summary. */
function failedCheck(kind: 'gate' | 'accept', reason: string): CheckOutput {
  return kind === 'gate'
    ? {
        conclusion: 'action_required',
        title: CHECK_TITLES.gateFailed,
        summary: `The gate could not evaluate this head: ${reason}`,
        text: undefined,
        detailsUrl: undefined,
      }
    : {
        conclusion: 'action_required',
        title: CHECK_TITLES.acceptFailed,
        summary: `The accept could not be recorded: ${reason}`,
        text: undefined,
        detailsUrl: undefined,
      };
}

/**
 * Starts an in-progress check on `headSha`, runs `work` with it, and completes it in a `finally` when
 * `work` did not: with {@link failedCheck} for what `work` threw (or for a `work` that returned without
 * completing it). Completing it again after a failed completion is tried once.
 * @param options.describe one sentence for an error (the pipeline's `describeFailure`)
 * @param options.warn where a check that could not be completed is reported
 * @returns what `work` returns
 * @throws what starting the check throws (nothing was started then, or no id came back to finish);
 *   what `work` throws, once the check is completed (a check whose app GitHub did not name included)
 */
export async function holdCheck<T>(
  source: Pick<GateSource, 'startCheck' | 'finishCheck'>,
  headSha: string,
  kind: 'gate' | 'accept',
  options: { describe: (error: unknown) => string; warn: (message: string) => void },
  work: (check: HeldCheck) => Promise<T>,
): Promise<T> {
  const started = await source.startCheck(headSha);
  let completed = false;
  let failed: { error: unknown } | undefined;
  try {
    const { appId } = started;
    if (appId === undefined)
      throw new Error(
        'GitHub did not say which app wrote the check run, so the gate cannot tell its own records from others',
      );
    const check: HeldCheck = {
      id: started.id,
      appId,
      async complete(output) {
        const written = await source.finishCheck(started.id, output);
        completed = true;
        return written;
      },
    };
    return await work(check);
  } catch (error) {
    failed = { error };
    throw error;
  } finally {
    if (!completed) {
      const reason = failed ? options.describe(failed.error) : 'the run ended before it reached a verdict';
      await source
        .finishCheck(started.id, failedCheck(kind, reason))
        .catch((error: unknown) =>
          options.warn(
            `Could not complete the pr-debate check run ${started.id} on ${headSha} either: ${options.describe(error)}`,
          ),
        );
    }
  }
}

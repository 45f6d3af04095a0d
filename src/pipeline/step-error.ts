import { describeGitHubError } from '../github/describe-github-error.js';

/** A failure of one step of the run, named for the comment and the log. */
export class StepError extends Error {
  override name = 'StepError';
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`${step} failed: ${describeFailure(cause)}`);
  }
}

/** Runs one step; a failure is rethrown as a {@link StepError} that names the step (an inner one is kept). */
export async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw error instanceof StepError ? error : new StepError(name, error);
  }
}

/**
 * One sentence for a failure, with the fix where it is known: a failed step names itself; GitHub's
 * errors are read by {@link describeGitHubError}; anything else keeps its own message.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof StepError) return error.message;
  return describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error));
}

/** Ends a problem with a full stop, so that problems joined into one paragraph read as sentences. */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

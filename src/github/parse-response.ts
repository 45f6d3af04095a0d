import { RequestError } from '@octokit/request-error';
import type { z } from 'zod';

/**
 * Parses a REST or GraphQL response the action depends on (house rule: zod where data enters).
 * @param endpoint named in the error, e.g. `GET pulls/3`
 * @throws Error naming the endpoint and the first field that is not shaped as GitHub documents it
 */
export function parseResponse<T>(schema: z.ZodType<T>, data: unknown, endpoint: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `GitHub's answer to ${endpoint} is not shaped as documented: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return result.data;
}

/**
 * True when `error` is Octokit's `RequestError` (`@octokit/request-error`: typed `status`, `request`,
 * `response.headers`) with this HTTP status. A network failure is a `RequestError` with status 500.
 */
export function isStatus(error: unknown, status: number): error is RequestError {
  return error instanceof RequestError && error.status === status;
}

import { z } from 'zod';
import { mayTrigger } from '../trigger/may-trigger.js';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';

const permissionSchema = z.object({ permission: z.string(), role_name: z.string().optional() });

/**
 * Whether a user may start a debate: reads `GET /repos/{o}/{r}/collaborators/{user}/permission` and
 * applies the rule of `src/trigger/may-trigger.ts` (admin, maintain or write; a 404, not a collaborator, is a no).
 * @returns `allowed`, and the role for the refusal's log line
 * @throws Octokit's `RequestError` for any other failure
 */
export async function canTrigger(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  username: string,
): Promise<{ allowed: boolean; role: string }> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
    return mayTrigger(parseResponse(permissionSchema, data, 'GET collaborators/permission'));
  } catch (error) {
    if (isStatus(error, 404)) return mayTrigger(undefined);
    throw error;
  }
}

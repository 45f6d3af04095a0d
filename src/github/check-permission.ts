import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';

const permissionSchema = z.object({ permission: z.string(), role_name: z.string().optional() });

/** Repository roles allowed to start a debate (contract section 4). */
const ALLOWED_ROLES = new Set(['admin', 'maintain', 'write']);

/**
 * Whether a user may start a debate: `GET /repos/{o}/{r}/collaborators/{user}/permission` says admin,
 * maintain or write (`role_name` for custom roles, else `permission`). A 404 (not a collaborator) is a no.
 * @returns `allowed`, and the role for the refusal's log line
 * @throws Octokit's `RequestError` for any other failure
 */
export async function canTrigger(octokit: GitHubClient, repo: { owner: string; repo: string }, username: string): Promise<{ allowed: boolean; role: string }> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
    const level = parseResponse(permissionSchema, data, 'GET collaborators/permission');
    const role = level.role_name ?? level.permission;
    return { allowed: ALLOWED_ROLES.has(role) || ALLOWED_ROLES.has(level.permission), role };
  } catch (error) {
    if (isStatus(error, 404)) return { allowed: false, role: 'none' };
    throw error;
  }
}

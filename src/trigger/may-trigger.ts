/**
 * Who may trigger a run (docs/security.md): the rule alone, pure. `src/github/check-permission.ts`
 * reads the collaborator permission through the REST API and asks this.
 */

/** Repository roles allowed to start a debate or record a decision (docs/security.md). */
const ALLOWED_ROLES = new Set(['admin', 'maintain', 'write']);

/**
 * A user's permission on the repository, as `GET /repos/{owner}/{repo}/collaborators/{username}/permission`
 * answers it (https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user):
 * `permission` is one of admin, write, read, none (maintain and triage map to write and read), `role_name`
 * the role itself, a custom role's name included.
 */
export interface CollaboratorPermission {
  permission: string;
  role_name?: string | undefined;
}

/**
 * Whether a user may trigger: the role (`role_name`, else `permission`) or the base `permission` is
 * admin, maintain or write. A custom role counts through the base permission it inherits.
 * @param level the REST answer, or undefined when the user is not a collaborator (the API's 404): a no
 * @returns `allowed`, and the role for the refusal's log line (`none` for a 404)
 */
export function mayTrigger(level: CollaboratorPermission | undefined): { allowed: boolean; role: string } {
  if (level === undefined) return { allowed: false, role: 'none' };
  const role = level.role_name ?? level.permission;
  return { allowed: ALLOWED_ROLES.has(role) || ALLOWED_ROLES.has(level.permission), role };
}

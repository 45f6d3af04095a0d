/**
 * The local GitHub server's repository activity: the pushes to its pull requests' head branches.
 */
import type { ServerKit } from './kit.js';
import { PAGED } from './kit.js';
import { DOCS, nodeId, notFound, numericId } from './util.js';

/** Registers the repository activity route. */
export function activityRoutes(k: ServerKit) {
  const { route, send, sendPage, visibleRepo, simpleUser } = k;

  /**
   * `GET /repos/{o}/{r}/activity` (List repository activities: "Lists a detailed history of changes to a
   * repository, such as pushes, merges, force pushes, and branch changes, and associates these changes with
   * commits and users"; GitHub's OpenAPI description, `repos/list-activities`): each activity's `before`,
   * `after`, `ref` ("The full Git reference, formatted as `refs/heads/<branch name>`"), `activity_type`
   * and `actor`; filtered by `ref` ("formatted either as `refs/heads/BRANCH_NAME` or `BRANCH_NAME`"),
   * newest first unless `direction=asc`, paginated. The pushes of this repository's PR head branches.
   */
  route('GET', '/repos/:owner/:repo/activity', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.activity));
    const own = `${entry.repo.owner}/${entry.repo.name}`.toLowerCase();
    const wanted = ctx.query.get('ref')?.replace(/^refs\/heads\//, '');
    const activities = entry.repo.pulls
      .filter((p) => (p.headRepository ?? own).toLowerCase() === own && (wanted === undefined || p.head.ref === wanted))
      .flatMap((p) =>
        (p.pushes ?? [{ after: p.head.sha, actor: p.user.login }]).map((push, i, all) => {
          const id = numericId(`activity:${entry.id}/${p.number}/${i}`);
          return { id, node_id: nodeId('RepositoryActivity', id), before: i === 0 ? '0'.repeat(40) : all[i - 1]!.after, after: push.after, ref: `refs/heads/${p.head.ref}`, timestamp: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), activity_type: push.type ?? 'push', actor: simpleUser(push.actor) };
        }),
      );
    sendPage(ctx, ctx.query.get('direction') === 'asc' ? activities : activities.reverse());
  }, { query: ['ref', 'direction', ...PAGED] });
}

/**
 * The local GitHub server's repository activity: the pushes to its pull requests' head branches.
 */
import type { ServerKit } from './kit.js';
import { DOCS, MAX_PER_PAGE, nodeId, notFound, numericId } from './util.js';

/** Registers the repository activity route. */
export function activityRoutes(k: ServerKit) {
  const { route, send, visibleRepo, simpleUser } = k;

  /**
   * `GET /repos/{o}/{r}/activity` (List repository activities: "Lists a detailed history of changes to a
   * repository, such as pushes, merges, force pushes, and branch changes, and associates these changes with
   * commits and users"; GitHub's OpenAPI description, `repos/list-activities`): each activity's `before`,
   * `after`, `ref` ("The full Git reference, formatted as `refs/heads/<branch name>`"), `activity_type`
   * and `actor`; filtered by `ref` ("formatted either as `refs/heads/BRANCH_NAME` or `BRANCH_NAME`"),
   * newest first unless `direction=asc`. Its pages are cursors, not numbers: `per_page` (at most 100,
   * default 30) and `after`, the cursor a `Link` header's `rel="next"` names ("Some endpoints use
   * cursor-based pagination ... `before` or `after`", docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api).
   * The pushes of this repository's PR head branches.
   */
  route(
    'GET',
    '/repos/:owner/:repo/activity',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.activity));
      const own = `${entry.repo.owner}/${entry.repo.name}`.toLowerCase();
      const wanted = ctx.query.get('ref')?.replace(/^refs\/heads\//, '');
      const activities = entry.repo.pulls
        .filter(
          (p) => (p.headRepository ?? own).toLowerCase() === own && (wanted === undefined || p.head.ref === wanted),
        )
        .flatMap((p) =>
          (p.pushes ?? [{ after: p.head.sha, actor: p.user.login }]).map((push, i, all) => {
            const id = numericId(`activity:${entry.id}/${p.number}/${i}`);
            return {
              id,
              node_id: nodeId('RepositoryActivity', id),
              before: i === 0 ? '0'.repeat(40) : all[i - 1]!.after,
              after: push.after,
              ref: `refs/heads/${p.head.ref}`,
              timestamp: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
              activity_type: push.type ?? 'push',
              actor: simpleUser(push.actor),
            };
          }),
        );
      const ordered = ctx.query.get('direction') === 'asc' ? activities : activities.reverse();
      const perPage = Math.min(Number(ctx.query.get('per_page') ?? '30') || 30, MAX_PER_PAGE);
      const after = ctx.query.get('after');
      const start =
        after === null
          ? 0
          : Number(
              Buffer.from(after, 'base64url')
                .toString('utf8')
                .replace(/^cursor:/, ''),
            ) || 0;
      const page = ordered.slice(start, start + perPage);
      const next = new URLSearchParams({
        ...(ctx.query.get('ref') === null ? {} : { ref: ctx.query.get('ref')! }),
        per_page: String(perPage),
        after: Buffer.from(`cursor:${start + perPage}`).toString('base64url'),
      });
      send(ctx, {
        status: 200,
        body: page,
        headers:
          start + perPage < ordered.length
            ? { link: `<${k.apiUrl()}${ctx.linkPathname}?${next.toString()}>; rel="next"` }
            : {},
      });
    },
    { query: ['ref', 'direction', 'per_page', 'after'] },
  );
}

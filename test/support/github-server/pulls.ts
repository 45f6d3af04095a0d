/**
 * The local GitHub server's pull requests: one pull request (JSON, or its `.diff` / `.patch`, refused with
 * 406 `too_large` past GitHub's limits), its files (at most 3,000), its commits, a comparison of two
 * commits, the list of pull requests (by state, head and base), and the pull requests of a commit.
 */
import type { ServerKit } from './kit.js';
import { PAGED } from './kit.js';
import type { Shapes } from './shapes.js';
import {
  DOCS,
  formatPatch,
  MAX_COMPARE_FILES,
  MAX_LISTED_FILES,
  mediaFormat,
  notFound,
  type JsonObject,
} from './util.js';

/** Registers the routes of pull requests and commits. */
export function pullRoutes(k: ServerKit, { pullJson, fileJson, diffRefusal, commitJson }: Shapes) {
  const { route, send, sendPage, visibleRepo, findPull, resolveRef, repoApi, repoHtml } = k;

  route('GET', '/repos/:owner/:repo/pulls/:number', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pull));
    const media = mediaFormat(ctx.req.headers.accept);
    if (media.format === 'diff' || media.format === 'patch') {
      const refusal = diffRefusal(pull);
      if (refusal !== undefined) {
        return send(ctx, {
          status: 406,
          body: {
            message: refusal,
            errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
            documentation_url: DOCS.pull,
            status: '406',
          },
        });
      }
      const text = media.format === 'diff' ? pull.diff : formatPatch(pull);
      return send(ctx, {
        status: 200,
        body: text,
        contentType: `${media.type}; charset=utf-8`,
        mediaType: `github.v3; param=${media.format}; format=${media.format}`,
      });
    }
    send(ctx, { status: 200, body: pullJson(entry, pull) });
  });

  route(
    'GET',
    '/repos/:owner/:repo/pulls/:number/files',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const pull = entry && findPull(entry, params.number);
      if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pullFiles));
      const listed = pull.files.slice(0, MAX_LISTED_FILES).map((file) => fileJson(entry, pull, file));
      sendPage(ctx, listed);
    },
    { query: PAGED },
  );

  // "Lists a maximum of 250 commits for a pull request", oldest first, paginated (30 by default).
  route(
    'GET',
    '/repos/:owner/:repo/pulls/:number/commits',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const pull = entry && findPull(entry, params.number);
      if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pullCommits));
      sendPage(
        ctx,
        (pull.commits ?? [pull.head.sha]).slice(0, 250).map((sha) => commitJson(entry, sha)),
      );
    },
    { query: PAGED },
  );

  // `basehead` is `BASE...HEAD`; `commits` are those reachable from HEAD and not from BASE, oldest
  // first; this server walks `parents` from HEAD and stops at BASE. "The response from the API is limited
  // to 250 commits"; "Compare REST API now supports pagination ... It can also now return the results for
  // comparisons over 250 commits" (GitHub changelog 2021-03-22): with `per_page` or `page`, every commit
  // is served, a page at a time with a `Link` header, and the other fields on every page.
  route(
    'GET',
    '/repos/:owner/:repo/compare/:basehead',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.compare));
      const [base = '', head = ''] = decodeURIComponent(params.basehead ?? '').split('...');
      const baseSha = resolveRef(entry, base);
      const headSha = resolveRef(entry, head);
      if (baseSha === undefined || headSha === undefined) return send(ctx, notFound(DOCS.compare));
      const paginated = ctx.query.has('per_page') || ctx.query.has('page');
      const seen = new Set<string>();
      const order: string[] = [];
      const queue = [headSha];
      while (queue.length > 0 && (paginated || order.length < 250)) {
        const sha = queue.shift()!;
        if (sha === baseSha || seen.has(sha)) continue;
        seen.add(sha);
        order.push(sha);
        queue.push(...(entry.repo.commits?.find((c) => c.sha === sha)?.parents ?? []));
      }
      const commits = order.reverse().map((sha) => commitJson(entry, sha));
      // A pull request's own comparison: its merge base, and "up to 300 changed files for the entire
      // comparison", listed on the first page only, shaped as the file list shapes them.
      const pull = entry.repo.pulls.find((p) => p.base.sha === baseSha && p.head.sha === headSha);
      const firstPage = (Number(ctx.query.get('page') ?? '1') || 1) === 1;
      const body = (page: JsonObject[]): JsonObject => ({
        url: `${repoApi(entry)}/compare/${base}...${head}`,
        html_url: `${repoHtml(entry)}/compare/${base}...${head}`,
        status: commits.length === 0 ? 'identical' : 'ahead',
        ahead_by: commits.length,
        behind_by: 0,
        total_commits: commits.length,
        base_commit: commitJson(entry, baseSha),
        merge_base_commit: commitJson(entry, pull?.mergeBaseSha ?? baseSha),
        commits: page,
        files:
          pull !== undefined && firstPage
            ? pull.files.slice(0, MAX_COMPARE_FILES).map((file) => fileJson(entry, pull, file))
            : [],
      });
      if (paginated) return sendPage(ctx, commits, body);
      send(ctx, { status: 200, body: body(commits) });
    },
    { query: PAGED },
  );

  /**
   * `GET /repos/{o}/{r}/pulls` (List pull requests): `state` (default `open`), `head` ("Filter pulls by
   * head user or head organization and branch name in the format of user:ref-name"), `base`.
   */
  route(
    'GET',
    '/repos/:owner/:repo/pulls',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.listPulls));
      const wanted = ctx.query.get('state') ?? 'open';
      const head = ctx.query.get('head');
      const base = ctx.query.get('base');
      const pulls = entry.repo.pulls.filter((p) => {
        if (wanted !== 'all' && (p.state ?? 'open') !== wanted) return false;
        if (base !== null && p.base.ref !== base) return false;
        if (head === null) return true;
        const owner = (p.headRepository ?? `${entry.repo.owner}/${entry.repo.name}`).split('/')[0]!;
        return `${owner}:${p.head.ref}`.toLowerCase() === head.toLowerCase();
      });
      sendPage(
        ctx,
        pulls.map((p) => pullJson(entry, p)),
      );
    },
    { query: ['state', 'head', 'base', ...PAGED] },
  );

  // "Lists the merged pull request that introduced the commit ... [or] merged and open pull requests associated with the commit."
  route(
    'GET',
    '/repos/:owner/:repo/commits/:sha/pulls',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.commitPulls));
      const sha = params.sha ?? '';
      const listed = new Set(entry.repo.commits?.find((c) => c.sha === sha)?.pulls ?? []);
      const pulls = entry.repo.pulls.filter(
        (p) => listed.has(p.number) || p.head.sha === sha || p.commits?.includes(sha) === true,
      );
      sendPage(
        ctx,
        pulls.map((p) => pullJson(entry, p)),
      );
    },
    { query: PAGED },
  );
}

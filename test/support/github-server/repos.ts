/**
 * The local GitHub server's users and repositories: the token's user, a repository, a git tree, a file's
 * contents (JSON or raw) at a ref, and a user's permission on a repository.
 */
import type { ServerKit } from './kit.js';
import type { Shapes } from './shapes.js';
import {
  decodePath,
  DOCS,
  encodePath,
  errorReply,
  gitBlobSha,
  MAX_JSON_CONTENT_BYTES,
  MAX_TREE_ENTRIES,
  mediaFormat,
  notFound,
  permissionFlags,
  rawDownloadUrl,
  treeEntries,
  treeSha,
  wrapBase64,
  type JsonObject,
} from './util.js';

/** Registers the routes of users and repositories. */
export function repoRoutes(k: ServerKit, { repoJson }: Shapes) {
  const {
    route,
    send,
    serverUrl,
    simpleUser,
    visibleRepo,
    resolveRef,
    readAt,
    roleOf,
    repoApi,
    repoHtml,
    defaultBranch,
  } = k;

  /**
   * `GET /user` (docs.github.com/rest/users/users#get-the-authenticated-user): the token's user. An
   * installation token (the Actions bot) is not a user: GitHub answers 403 "Resource not accessible by integration".
   */
  route('GET', '/user', (ctx) => {
    if (ctx.actor.isBot) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.user));
    send(ctx, { status: 200, body: simpleUser(ctx.actor.login, ctx.actor.type) });
  });

  route('GET', '/repos/:owner/:repo', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.repo));
    send(ctx, { status: 200, body: repoJson(entry, ctx.actor) });
  });

  /**
   * `GET /repos/{o}/{r}/git/trees/{tree_sha}[?recursive=1]` (REST, Get a tree): a commit SHA or its tree
   * SHA; recursive, every blob and submodule with its folders, cut at the pull request's `treeLimit` (or
   * 100,000 entries) with `truncated: true`; without `recursive`, the top level only.
   */
  route(
    'GET',
    '/repos/:owner/:repo/git/trees/:sha',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const wanted = params.sha ?? '';
      const found = entry?.repo.pulls
        .flatMap((p) => [p.head.sha, p.base.sha, p.mergeBaseSha ?? p.base.sha].map((sha) => ({ p, sha })))
        .find(({ sha }) => sha === wanted || treeSha(sha) === wanted);
      const blobs = found?.p.listTree?.(found.sha);
      if (entry === undefined || found === undefined || blobs === undefined) return send(ctx, notFound(DOCS.tree));
      const recursive = ctx.query.has('recursive') && !['0', 'false'].includes(ctx.query.get('recursive') ?? '');
      const listed = treeEntries(blobs, recursive);
      const limit = found.p.treeLimit ?? MAX_TREE_ENTRIES;
      const item = (e: { path: string; mode: string; type: string; sha: string; size?: number }): JsonObject => ({
        ...e,
        url: `${repoApi(entry)}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`,
      });
      send(ctx, {
        status: 200,
        body: {
          sha: treeSha(found.sha),
          url: `${repoApi(entry)}/git/trees/${treeSha(found.sha)}`,
          tree: listed.slice(0, limit).map(item),
          truncated: recursive && listed.length > limit,
        },
      });
    },
    { query: ['recursive'] },
  );

  route(
    'GET',
    '/repos/:owner/:repo/contents/*path',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.contents));
      const path = decodePath(params.path ?? '');
      if (path === undefined) return send(ctx, notFound(DOCS.contents));
      const ref = ctx.query.get('ref');
      const sha = resolveRef(entry, ref);
      if (sha === undefined) {
        return send(
          ctx,
          errorReply(404, `No commit found for the ref ${ref ?? ''}`, 'https://docs.github.com/rest/repos/contents'),
        );
      }
      const content = readAt(entry, sha, path);
      if (content === undefined) return send(ctx, notFound(DOCS.contents));
      const media = mediaFormat(ctx.req.headers.accept);
      if (media.format === 'raw') {
        return send(ctx, {
          status: 200,
          body: content,
          contentType: `${media.type}; charset=utf-8`,
          mediaType: 'github.v3; param=raw; format=raw',
        });
      }
      const refLabel = ref === null || ref === '' ? defaultBranch(entry) : ref;
      const encoded = encodePath(path);
      const blobSha = gitBlobSha(content);
      const self = `${repoApi(entry)}/contents/${encoded}?ref=${encodeURIComponent(refLabel)}`;
      const git = `${repoApi(entry)}/git/blobs/${blobSha}`;
      const html = `${repoHtml(entry)}/blob/${refLabel}/${encoded}`;
      const small = content.length <= MAX_JSON_CONTENT_BYTES;
      send(ctx, {
        status: 200,
        body: {
          type: 'file',
          encoding: small ? 'base64' : 'none',
          size: content.length,
          name: path.slice(path.lastIndexOf('/') + 1),
          path,
          content: small ? wrapBase64(content.toString('base64')) : '',
          sha: blobSha,
          url: self,
          git_url: git,
          html_url: html,
          download_url: rawDownloadUrl(serverUrl, entry.repo, refLabel, encoded),
          _links: { self, git, html },
        },
      });
    },
    { query: ['ref'] },
  );

  route('GET', '/repos/:owner/:repo/collaborators/:user/permission', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.permission));
    const login = params.user ?? '';
    const role = roleOf(entry, login);
    if (role === 'none' && entry.repo.private === true) return send(ctx, notFound(DOCS.permission));
    const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
    send(ctx, {
      status: 200,
      body: {
        permission,
        role_name: role,
        user: { ...simpleUser(login), permissions: permissionFlags(role), role_name: role },
      },
    });
  });
}

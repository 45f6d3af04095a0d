/**
 * How the local GitHub server answers: every reply with GitHub's headers (a request id, the API version,
 * the token's rate limit, its resource and reset), JSON or a media type's text, and lists a page at a
 * time with GitHub's `Link` header ("per_page": "The number of results per page (max 100)", default 30;
 * docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api).
 */
import type { ServerResponse } from 'node:http';
import type { Actor, Context } from './kit.js';
import { MAX_PER_PAGE, RATE_LIMIT, requestId, type Reply } from './util.js';

/** The reply functions of one server; `apiUrl` is read when a `Link` is written (the port is known after listening). */
export function createReplies(apiUrl: () => string) {
  // Page size when `per_page` is absent: 30, as GitHub.
  const perPageDefault = 30;
  const rateUsed = new Map<string, number>();
  const rateReset = Math.floor(Date.now() / 1000) + 3600;

  const baseHeaders = (actor: Actor | undefined): Record<string, string> => {
    const key = actor?.rateKey ?? 'anonymous';
    const used = (rateUsed.get(key) ?? 0) + 1;
    rateUsed.set(key, used);
    const limit = actor === undefined ? 60 : RATE_LIMIT;
    return {
      'x-github-request-id': requestId(),
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': String(rateReset),
      'x-ratelimit-used': String(used),
      'x-ratelimit-resource': 'core',
      'access-control-expose-headers':
        'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
      server: 'github.com',
    };
  };

  const actorHeaders = new WeakMap<ServerResponse, Actor | undefined>();

  const send = (ctx: { res: ServerResponse }, reply: Reply): void => {
    const { res } = ctx;
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string> = {
      ...baseHeaders(actorHeaders.get(res)),
      'x-github-media-type': reply.mediaType ?? 'github.v3; format=json',
    };
    let payload: Buffer | undefined;
    if (reply.status !== 204 && reply.status !== 304 && reply.body !== undefined) {
      if (Buffer.isBuffer(reply.body)) {
        payload = reply.body;
        headers['content-type'] = reply.contentType ?? 'application/octet-stream';
      } else if (typeof reply.body === 'string' && reply.contentType !== undefined) {
        payload = Buffer.from(reply.body, 'utf8');
        headers['content-type'] = reply.contentType;
      } else {
        payload = Buffer.from(JSON.stringify(reply.body), 'utf8');
        headers['content-type'] = 'application/json; charset=utf-8';
      }
      headers['content-length'] = String(payload.length);
    }
    Object.assign(headers, reply.headers);
    res.writeHead(reply.status, headers);
    res.end(payload);
  };

  /** Sends one page of `items` with GitHub's `Link` header; `wrap` shapes the body (check runs). */
  const sendPage = <T>(ctx: Context, items: T[], wrap?: (page: T[]) => unknown): void => {
    const perPageRaw = Number.parseInt(ctx.query.get('per_page') ?? '', 10);
    const perPage = Number.isFinite(perPageRaw) && perPageRaw > 0 ? Math.min(perPageRaw, MAX_PER_PAGE) : perPageDefault;
    const pageRaw = Number.parseInt(ctx.query.get('page') ?? '', 10);
    const page = Number.isFinite(pageRaw) && pageRaw > 0 ? pageRaw : 1;
    const lastPage = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const pageUrl = (n: number): string => {
      const query = new URLSearchParams(ctx.query);
      query.delete('page');
      query.append('page', String(n));
      return `${apiUrl()}${ctx.linkPathname}?${query.toString()}`;
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`);
    if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`);
    send(ctx, {
      status: 200,
      body: wrap === undefined ? slice : wrap(slice),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    });
  };

  return { actorHeaders, send, sendPage };
}

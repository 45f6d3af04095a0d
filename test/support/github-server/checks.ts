/**
 * The local GitHub server's check runs: created and updated only by a GitHub App (the run names it; an
 * app updates only its own), with `checks: write`; outputs of at most 65,535 characters and 50
 * annotations a request; listed for a ref (the latest of each name unless `filter=all`).
 */
import type { Context, RepoEntry, ServerKit } from './kit.js';
import { PAGED } from './kit.js';
import type { Shapes } from './shapes.js';
import type { CheckRun, CheckRunAnnotation } from './state.js';
import {
  ANNOTATION_LEVELS,
  CHECK_CONCLUSIONS,
  CHECK_STATUSES,
  DOCS,
  encodePath,
  errorReply,
  includes,
  invalid,
  isObject,
  MAX_ANNOTATIONS_PER_REQUEST,
  MAX_CHECK_TEXT_LENGTH,
  nodeId,
  notFound,
  numericId,
  timestamp,
  validationFailed,
  type JsonObject,
  type Reply,
} from './util.js';

/** The body fields of a check run a create or an update sets. */
const CHECK_RUN_FIELDS = [
  'name',
  'details_url',
  'external_id',
  'status',
  'conclusion',
  'started_at',
  'completed_at',
  'output',
];

/** Registers the routes of check runs. */
export function checkRoutes(k: ServerKit, { pullRefsOf }: Shapes) {
  const { route, send, sendPage, state, serverUrl, visibleRepo, resolveRef, scopeAllows, repoApi, repoHtml } = k;
  let nextCheckRunId = 9_000_001;

  const findCheckRun = (entry: RepoEntry, id: string | undefined): CheckRun | undefined =>
    /^\d+$/.test(id ?? '')
      ? state.checkRuns.find((run) => run.id === Number(id) && run.url.startsWith(`${repoApi(entry)}/check-runs/`))
      : undefined;

  /**
   * Applies the writable fields of a create/update body to `run`; returns an error reply when the
   * body is invalid (nothing is applied then).
   */
  const applyCheckRunBody = (run: CheckRun, body: JsonObject, docs: string, creating: boolean): Reply | undefined => {
    const str = (name: string): Reply | string | undefined => {
      const value = body[name];
      if (value === undefined || value === null) return undefined;
      return typeof value === 'string'
        ? value
        : invalid(`For 'properties/${name}', ${JSON.stringify(value)} is not a string.`, docs);
    };
    const fields: Record<string, string | undefined> = {};
    for (const name of ['name', 'details_url', 'external_id', 'status', 'conclusion', 'started_at', 'completed_at']) {
      const value = str(name);
      if (typeof value === 'object') return value;
      fields[name] = value;
    }
    if (creating && fields.name === undefined) return invalid(`"name" wasn't supplied.`, docs);
    if (fields.status !== undefined && !includes(CHECK_STATUSES, fields.status)) {
      return invalid(
        `For 'properties/status', "${fields.status}" is not one of ${JSON.stringify(CHECK_STATUSES)}.`,
        docs,
      );
    }
    if (fields.conclusion !== undefined && !includes(CHECK_CONCLUSIONS, fields.conclusion)) {
      return invalid(
        `For 'properties/conclusion', "${fields.conclusion}" is not one of ${JSON.stringify(CHECK_CONCLUSIONS)}.`,
        docs,
      );
    }
    if (fields.status === 'completed' && fields.conclusion === undefined && run.conclusion === null) {
      return invalid(`"conclusion" wasn't supplied.`, docs);
    }
    let annotations: CheckRunAnnotation[] = [];
    let output: CheckRun['output'] | undefined;
    if (body.output !== undefined) {
      if (!isObject(body.output))
        return invalid(`For 'properties/output', ${JSON.stringify(body.output)} is not an object.`, docs);
      const { title, summary, text } = body.output;
      if (typeof title !== 'string') return invalid(`"title" wasn't supplied.`, docs);
      if (typeof summary !== 'string') return invalid(`"summary" wasn't supplied.`, docs);
      if (text !== undefined && typeof text !== 'string')
        return invalid(`For 'properties/text', ${JSON.stringify(text)} is not a string.`, docs);
      for (const [field, value] of [
        ['summary', summary],
        ['text', text],
      ] as const) {
        if (typeof value === 'string' && value.length > MAX_CHECK_TEXT_LENGTH) {
          return validationFailed(
            [
              {
                resource: 'CheckRun',
                code: 'custom',
                field: `output.${field}`,
                message: `output.${field} is too long (maximum is ${MAX_CHECK_TEXT_LENGTH} characters)`,
              },
            ],
            docs,
          );
        }
      }
      const parsed = parseAnnotations(body.output.annotations, run.id, docs);
      if (!Array.isArray(parsed)) return parsed;
      annotations = parsed;
      output = {
        title,
        summary,
        text: typeof text === 'string' ? text : null,
        annotations_count: run.output.annotations_count + annotations.length,
        annotations_url: run.output.annotations_url,
      };
    }
    const now = timestamp();
    if (fields.name !== undefined) run.name = fields.name;
    if (fields.details_url !== undefined) run.details_url = fields.details_url;
    if (fields.external_id !== undefined) run.external_id = fields.external_id;
    if (fields.started_at !== undefined) run.started_at = fields.started_at;
    if (fields.status !== undefined) run.status = fields.status as CheckRun['status'];
    if (fields.conclusion !== undefined) {
      run.conclusion = fields.conclusion as NonNullable<CheckRun['conclusion']>;
      run.status = 'completed';
    }
    if (run.status === 'completed') run.completed_at = fields.completed_at ?? run.completed_at ?? now;
    if (output !== undefined) run.output = output;
    state.checkRunAnnotations.push(...annotations);
    return undefined;
  };

  const createCheckRun = (ctx: Context, entry: RepoEntry, requestBody: unknown): Reply => {
    if (!ctx.actor.isBot) return errorReply(403, 'You must authenticate via a GitHub App.', DOCS.createCheckRun);
    if (!scopeAllows(ctx.actor, 'checks'))
      return errorReply(403, 'Resource not accessible by integration', DOCS.createCheckRun);
    if (!isObject(requestBody)) return invalid(`"name" wasn't supplied.`, DOCS.createCheckRun);
    const headSha = requestBody.head_sha;
    if (headSha === undefined) return invalid(`"head_sha" wasn't supplied.`, DOCS.createCheckRun);
    if (typeof headSha !== 'string' || !/^[0-9a-f]{40}$/.test(headSha) || resolveRef(entry, headSha) !== headSha) {
      return errorReply(422, `No commit found for SHA: ${String(headSha)}`, DOCS.createCheckRun);
    }
    // Only GitHub Apps (GITHUB_TOKEN is the GitHub Actions app's) write check runs; the run names the app.
    const app = ctx.actor.app;
    if (app === undefined) return errorReply(403, 'You must authenticate via a GitHub App.', DOCS.createCheckRun);
    const id = nextCheckRunId;
    const url = `${repoApi(entry)}/check-runs/${id}`;
    const run: CheckRun = {
      id,
      node_id: nodeId('CheckRun', id),
      head_sha: headSha,
      external_id: '',
      url,
      html_url: `${repoHtml(entry)}/runs/${id}`,
      details_url: null,
      status: 'queued',
      conclusion: null,
      started_at: timestamp(),
      completed_at: null,
      output: { title: null, summary: null, text: null, annotations_count: 0, annotations_url: `${url}/annotations` },
      name: '',
      check_suite: { id: numericId(`suite:${entry.id}/${headSha}`) },
      app: { id: app.id, slug: app.slug, node_id: nodeId('App', app.id), name: app.name },
      pull_requests: pullRefsOf(entry, headSha),
    };
    const error = applyCheckRunBody(run, requestBody, DOCS.createCheckRun, true);
    if (error !== undefined) return error;
    nextCheckRunId += 1;
    state.checkRuns.push(run);
    return { status: 201, body: run, headers: { location: url } };
  };

  route(
    'POST',
    '/repos/:owner/:repo/check-runs',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.createCheckRun));
      send(ctx, createCheckRun(ctx, entry, ctx.body));
    },
    { body: ['head_sha', ...CHECK_RUN_FIELDS] },
  );

  route('GET', '/repos/:owner/:repo/check-runs/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const run = entry && findCheckRun(entry, params.id);
    if (run === undefined) return send(ctx, notFound(DOCS.getCheckRun));
    send(ctx, { status: 200, body: run });
  });

  route(
    'PATCH',
    '/repos/:owner/:repo/check-runs/:id',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const run = entry && findCheckRun(entry, params.id);
      if (run === undefined) return send(ctx, notFound(DOCS.updateCheckRun));
      if (!ctx.actor.isBot)
        return send(ctx, errorReply(403, 'You must authenticate via a GitHub App.', DOCS.updateCheckRun));
      // "Only GitHub Apps can create or update check runs"; an app can update only its own (another app gets 403).
      if (ctx.actor.app?.id !== run.app.id || !scopeAllows(ctx.actor, 'checks'))
        return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.updateCheckRun));
      const error = applyCheckRunBody(run, isObject(ctx.body) ? ctx.body : {}, DOCS.updateCheckRun, false);
      if (error !== undefined) return send(ctx, error);
      send(ctx, { status: 200, body: run });
    },
    { body: CHECK_RUN_FIELDS },
  );

  route(
    'GET',
    '/repos/:owner/:repo/check-runs/:id/annotations',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const run = entry && findCheckRun(entry, params.id);
      if (run === undefined) return send(ctx, notFound(DOCS.listAnnotations));
      const annotations = state.checkRunAnnotations
        .filter((a) => a.checkRunId === run.id)
        .map(({ checkRunId: _, ...annotation }) => ({
          start_column: null,
          end_column: null,
          title: null,
          raw_details: null,
          ...annotation,
          blob_href: `${serverUrl}/${entry?.repo.owner ?? ''}/${entry?.repo.name ?? ''}/blob/${run.head_sha}/${encodePath(annotation.path)}`,
        }));
      sendPage(ctx, annotations);
    },
    { query: PAGED },
  );

  route(
    'GET',
    '/repos/:owner/:repo/commits/:ref/check-runs',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      if (entry === undefined) return send(ctx, notFound(DOCS.listCheckRuns));
      const ref = params.ref ?? '';
      const sha = resolveRef(entry, ref);
      if (sha === undefined) {
        return send(ctx, errorReply(422, `No commit found for SHA: ${ref}`, DOCS.listCheckRuns));
      }
      const checkName = ctx.query.get('check_name');
      const status = ctx.query.get('status');
      // `app_id`: "Filters check runs by GitHub App ID" (same docs page).
      const appId = ctx.query.get('app_id');
      let runs = state.checkRuns
        .filter((run) => run.url.startsWith(`${repoApi(entry)}/check-runs/`) && run.head_sha === sha)
        .filter((run) => (checkName === null || run.name === checkName) && (status === null || run.status === status))
        .filter((run) => appId === null || String(run.app.id) === appId)
        .sort((a, b) => b.id - a.id);
      if (ctx.query.get('filter') !== 'all') {
        // The default `filter=latest` keeps the most recent run of each name.
        const seen = new Set<string>();
        runs = runs.filter((run) => {
          if (seen.has(run.name)) return false;
          seen.add(run.name);
          return true;
        });
      }
      sendPage(ctx, runs, (page) => ({ total_count: runs.length, check_runs: page }));
    },
    { query: ['check_name', 'status', 'app_id', 'filter', ...PAGED] },
  );
}

function parseAnnotations(value: unknown, checkRunId: number, docs: string): CheckRunAnnotation[] | Reply {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    return invalid(`For 'properties/annotations', ${JSON.stringify(value)} is not an array.`, docs);
  if (value.length > MAX_ANNOTATIONS_PER_REQUEST) {
    return invalid(`Only ${MAX_ANNOTATIONS_PER_REQUEST} annotations are allowed per request.`, docs);
  }
  const annotations: CheckRunAnnotation[] = [];
  for (const item of value) {
    if (!isObject(item)) return invalid(`For 'items', ${JSON.stringify(item)} is not an object.`, docs);
    const { path, start_line: startLine, end_line: endLine, annotation_level: level, message } = item;
    for (const [name, field] of [
      ['path', path],
      ['message', message],
      ['annotation_level', level],
    ] as const) {
      if (typeof field !== 'string') return invalid(`"${name}" wasn't supplied.`, docs);
    }
    for (const [name, field] of [
      ['start_line', startLine],
      ['end_line', endLine],
    ] as const) {
      if (typeof field !== 'number' || !Number.isInteger(field)) return invalid(`"${name}" wasn't supplied.`, docs);
    }
    if (typeof level !== 'string' || !includes(ANNOTATION_LEVELS, level)) {
      return invalid(
        `For 'properties/annotation_level', ${JSON.stringify(level)} is not one of ${JSON.stringify(ANNOTATION_LEVELS)}.`,
        docs,
      );
    }
    const annotation: CheckRunAnnotation = {
      checkRunId,
      path: String(path),
      start_line: Number(startLine),
      end_line: Number(endLine),
      annotation_level: level,
      message: String(message),
    };
    if (typeof item.start_column === 'number') annotation.start_column = item.start_column;
    if (typeof item.end_column === 'number') annotation.end_column = item.end_column;
    if (typeof item.title === 'string') annotation.title = item.title;
    if (typeof item.raw_details === 'string') annotation.raw_details = item.raw_details;
    annotations.push(annotation);
  }
  return annotations;
}

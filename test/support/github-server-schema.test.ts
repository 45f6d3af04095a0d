import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestClients } from '../../src/github/create-rest-octokit.js';
import { createBlobReader } from '../../src/github/read-blobs.js';
import { readCommentEdit } from '../../src/github/read-comment-edit.js';
import { createReviewThreadsClient } from '../../src/github/review-threads.js';
import { ROOT } from './action-metadata.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer, type Route } from './github-server.js';
import { NO_WAITS } from './no-waits.js';

/**
 * The local GitHub server against GitHub's published descriptions: every REST route it answers (method,
 * path template, the query parameters and body fields it declares it reads) is an operation of the
 * api.github.com OpenAPI description (`@octokit/openapi`, which republishes github/rest-api-description)
 * with those parameters and fields; every GraphQL query and mutation the product sends validates against
 * GitHub's public GraphQL schema (`@octokit/graphql-schema`). A route or field the server made up, or a
 * query field GitHub does not have, fails here instead of in a user's run.
 */
/** GitHub's OpenAPI description, as far as this test reads it. */
const parameterSchema = z.object({ name: z.string(), in: z.string() });
const ref = z.object({ $ref: z.string() });
const operationSchema = z.looseObject({
  parameters: z.array(z.union([ref, parameterSchema])).optional(),
  requestBody: z
    .union([ref, z.looseObject({ content: z.record(z.string(), z.looseObject({ schema: z.unknown().optional() })) })])
    .optional(),
});
const openApiSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({
    parameters: z.record(z.string(), parameterSchema),
    requestBodies: z.record(z.string(), z.unknown()).optional(),
    schemas: z.record(z.string(), z.unknown()),
  }),
});
type OpenApi = z.infer<typeof openApiSchema>;

/** `#/components/<kind>/<name>` of the description. */
function resolve(api: OpenApi, pointer: string): unknown {
  const [, , kind, name] = pointer.split('/');
  return (api.components as Record<string, Record<string, unknown> | undefined>)[kind ?? '']?.[name ?? ''];
}

/** The top-level property names of a JSON schema, through `$ref`, `allOf`, `oneOf` and `anyOf`. */
function propertyNames(api: OpenApi, schema: unknown, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  const node = z
    .looseObject({
      $ref: z.string().optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
      allOf: z.array(z.unknown()).optional(),
      oneOf: z.array(z.unknown()).optional(),
      anyOf: z.array(z.unknown()).optional(),
    })
    .safeParse(schema).data;
  if (node === undefined) return names;
  if (node.$ref !== undefined && !seen.has(node.$ref))
    return propertyNames(api, resolve(api, node.$ref), new Set([...seen, node.$ref]));
  for (const name of Object.keys(node.properties ?? {})) names.add(name);
  for (const part of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])])
    for (const name of propertyNames(api, part, seen)) names.add(name);
  return names;
}

/** `/repos/:owner/:repo/contents/*path` and `/repos/{owner}/{repo}/contents/{path}` alike: `/repos/{}/{}/contents/{}`. */
const template = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+|\*[A-Za-z_]+/g, '{}');

/**
 * What is wrong with the routes against the description, one line each; empty when every route, query
 * parameter and body field is GitHub's.
 */
export function routeProblems(api: OpenApi, routes: readonly Pick<Route, 'method' | 'path' | 'reads'>[]): string[] {
  const operations = new Map<string, { path: string; method: string }>();
  for (const [path, item] of Object.entries(api.paths))
    for (const method of Object.keys(item))
      operations.set(`${method.toUpperCase()} ${template(path)}`, { path, method });
  const problems: string[] = [];
  for (const route of routes) {
    const where = `${route.method} ${route.path}`;
    const found = operations.get(`${route.method} ${template(route.path)}`);
    if (found === undefined) {
      problems.push(`${where}: no such operation in GitHub's REST API`);
      continue;
    }
    const item = api.paths[found.path]!;
    const operation = operationSchema.parse(item[found.method]);
    const shared =
      z
        .array(z.union([ref, parameterSchema]))
        .optional()
        .parse(item.parameters) ?? [];
    const parameters = [...shared, ...(operation.parameters ?? [])].map((p) =>
      '$ref' in p ? parameterSchema.parse(resolve(api, p.$ref)) : p,
    );
    const query = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of route.reads.query)
      if (!query.has(name))
        problems.push(
          `${where}: GitHub's operation has no query parameter "${name}" (it has ${[...query].join(', ') || 'none'})`,
        );
    const bodyRef = ref.safeParse(operation.requestBody).data?.$ref;
    const requestBody = bodyRef === undefined ? operation.requestBody : resolve(api, bodyRef);
    const json = z
      .looseObject({ content: z.record(z.string(), z.looseObject({ schema: z.unknown().optional() })) })
      .safeParse(requestBody).data?.content['application/json']?.schema;
    const fields = propertyNames(api, json);
    for (const name of route.reads.body)
      if (!fields.has(name))
        problems.push(
          `${where}: GitHub's request body has no field "${name}" (it has ${[...fields].join(', ') || 'none'})`,
        );
  }
  return problems;
}

/** GraphQL over HTTP: a POST's JSON body holds `query` and `variables` (graphql.org/learn/serving-over-http/#post-request). */
const GRAPHQL_ROUTE = { method: 'POST', path: '/graphql', reads: { query: [], body: ['query', 'variables'] } };

describe("the local GitHub server against GitHub's published descriptions", () => {
  let api: OpenApi;
  let schema: GraphQLSchema;
  let github: GitHubServer;
  const loaded: Record<string, number> = {};

  beforeAll(async () => {
    let started = performance.now();
    api = openApiSchema.parse(
      JSON.parse(readFileSync(`${ROOT}/node_modules/@octokit/openapi/generated/api.github.com.json`, 'utf8')),
    );
    loaded.openapiMs = Math.round(performance.now() - started);
    started = performance.now();
    schema = buildSchema(readFileSync(`${ROOT}/node_modules/@octokit/graphql-schema/schema.graphql`, 'utf8'), {
      assumeValidSDL: true,
    });
    loaded.graphqlMs = Math.round(performance.now() - started);
    const pull = {
      ...emptyPullRequest(),
      files: [],
      readFile: (_sha: string, path: string) => (path === 'a.ts' ? Buffer.from('a\n') : undefined),
    };
    github = await startGitHubServer({ repositories: [{ owner: 'o', name: 'r', pulls: [pull] }], token: 'bot-token' });
  });
  afterAll(async () => github?.close());

  it('finds every REST route, with the query parameters and body fields it reads, in the OpenAPI description', () => {
    console.log(`api.github.com.json parsed in ${loaded.openapiMs} ms, schema.graphql built in ${loaded.graphqlMs} ms`);
    const rest = github.routes.filter((r) => r.path !== GRAPHQL_ROUTE.path);
    expect(github.routes.find((r) => r.path === GRAPHQL_ROUTE.path)).toMatchObject(GRAPHQL_ROUTE);
    expect(rest.length).toBeGreaterThan(25);
    expect(routeProblems(api, rest)).toEqual([]);
  });

  it('names a misspelt route, query parameter or body field', () => {
    const problems = routeProblems(api, [
      { method: 'POST', path: '/repos/:owner/:repo/check-run', reads: { query: [], body: ['head_sha'] } },
      {
        method: 'PATCH',
        path: '/repos/:owner/:repo/check-runs/:id',
        reads: { query: [], body: ['conclusion', 'head_shaa'] },
      },
      {
        method: 'GET',
        path: '/repos/:owner/:repo/issues/:number/comments',
        reads: { query: ['sinc', 'per_page'], body: [] },
      },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^POST \/repos\/:owner\/:repo\/check-run: no such operation/),
      expect.stringMatching(
        /^PATCH \/repos\/:owner\/:repo\/check-runs\/:id: GitHub's request body has no field "head_shaa"/,
      ),
      expect.stringMatching(
        /^GET \/repos\/:owner\/:repo\/issues\/:number\/comments: GitHub's operation has no query parameter "sinc"/,
      ),
    ]);
  });

  it("validates every GraphQL query and mutation the product sends against GitHub's schema", async () => {
    // The product's GraphQL call sites, each driven below; a new one must be added here.
    const files = readdirSync(`${ROOT}/src`, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort();
    const sites = files.flatMap((file) => {
      const count = readFileSync(`${ROOT}/src/${file}`, 'utf8').match(/\.graphql\s*(<[^>]*>)?\(/g)?.length ?? 0;
      return count > 0 ? [`src/${file}: ${count}`] : [];
    });
    expect(sites).toEqual([
      'src/github/read-blobs.ts: 2',
      'src/github/read-comment-edit.ts: 1',
      'src/github/review-threads.ts: 2',
    ]);

    const clients = createRestClients('bot-token', github.url, () => undefined, 'test', NO_WAITS);
    const blobs = createBlobReader(clients.reads, { owner: 'o', repo: 'r' }, { graphql: 0, contents: 0 }, (message) => {
      throw new Error(`fell back to REST: ${message}`);
    });
    const head = emptyPullRequest().head.sha;
    await blobs.fetchFiles({ texts: ['a.ts'], sizes: ['b.ts'] }, head);
    await blobs.getBlobShas(['a.ts'], head);
    const threads = createReviewThreadsClient(clients.writes, { owner: 'o', repo: 'r' });
    await threads.listThreads(3);
    await threads.resolveThread('PRRT_unknown').catch(() => undefined);
    await readCommentEdit(clients.reads, 'IC_unknown').catch(() => undefined);

    const sent = github.state.requests
      .filter((r) => r.path === '/graphql')
      .map((r) => z.object({ query: z.string() }).parse(r.body).query);
    const operations = sent.map((query) => /\{\s*(\w+)[\s(]/.exec(query)?.[1]);
    expect(new Set(operations)).toEqual(new Set(['repository', 'resolveReviewThread', 'node']));
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const query of sent)
      expect(
        validate(schema, parse(query)).map((e) => e.message),
        query,
      ).toEqual([]);
  });

  it('names a GraphQL field GitHub does not have', () => {
    const misspelt = 'query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread { id isResolvd } } }';
    expect(validate(schema, parse(misspelt)).map((e) => e.message)).toEqual([expect.stringContaining('"isResolvd"')]);
  });
});

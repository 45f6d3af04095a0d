import { readFile, readdir } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, loadGroups } from '../support/dist-graph.js';

/** The npm packages whose sources a set of dist files holds, read from their source maps. */
async function packagesIn(files: Iterable<string>): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const file of files) {
    const map = JSON.parse(await readFile(path.join(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
      if (match) packages.add(match[1]!);
    }
  }
  return packages;
}

const PROVIDER_SDKS = [
  '@anthropic-ai/sdk',
  '@anthropic-ai/bedrock-sdk',
  '@anthropic-ai/vertex-sdk',
  '@aws-sdk/core',
  'google-auth-library',
  'openai',
];

describe('the bundle (issue #23: a light action)', () => {
  it('loads no model provider SDK on a run that starts nothing, and each provider SDK only with its own client', async () => {
    const [everyRun, github, anthropic, bedrock, vertex, openai] = await loadGroups();
    expect([...(await packagesIn(everyRun!.files))].filter((p) => PROVIDER_SDKS.includes(p))).toEqual([]);
    expect([...(await packagesIn(github!.files))].filter((p) => PROVIDER_SDKS.includes(p))).toEqual([]);
    expect(await packagesIn(anthropic!.files)).toContain('@anthropic-ai/sdk');
    expect(
      [...(await packagesIn(anthropic!.files))].filter((p) =>
        ['@aws-sdk/core', 'google-auth-library', 'openai'].includes(p),
      ),
    ).toEqual([]);
    expect(await packagesIn(bedrock!.files)).toContain('@aws-sdk/core');
    expect(await packagesIn(vertex!.files)).toContain('google-auth-library');
    expect(
      [...(await packagesIn(openai!.files))].filter(
        (p) => p.startsWith('@anthropic-ai/') || p === '@aws-sdk/core' || p === 'google-auth-library',
      ),
    ).toEqual([]);
  });

  it('loads neither the CommonMark parser, nor the HTTP client, nor the crypto library on a run that starts nothing (issue #41: about 100 ms of every start)', async () => {
    const [everyRun, github] = await loadGroups();
    expect(
      [...(await packagesIn(everyRun!.files))].filter((p) =>
        ['commonmark', 'undici', '@actions/http-client', 'jose', 'minimatch', 'diff'].includes(p),
      ),
    ).toEqual([]);
    // The HTTP client comes with Octokit, for a run that reaches GitHub.
    expect(await packagesIn(github!.files)).toContain('undici');
  });

  it('bundles zod with its English messages only and one copy of @actions/http-client', async () => {
    const files = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.js'));
    const sources = new Set<string>();
    for (const file of files)
      for (const s of (JSON.parse(await readFile(path.join(DIST, `${file}.map`), 'utf8')) as { sources: string[] })
        .sources)
        sources.add(s);
    expect([...sources].filter((s) => /zod\/v4\/locales\/(?!en\.js)/.test(s))).toEqual([]);
    const httpClients = new Set(
      [...sources].flatMap((s) => /^(.*node_modules\/@actions\/http-client)\//.exec(s)?.[1] ?? []),
    );
    expect(httpClients.size).toBe(1);
  });

  it('gives a dynamically imported CommonJS package its named exports, as Node does (gaxios: https-proxy-agent; the Bedrock SDK: @aws-sdk/credential-providers)', async () => {
    const maps = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.js.map'));
    const chunkOf = async (pkg: string) => {
      for (const map of maps) {
        const { sources } = JSON.parse(await readFile(path.join(DIST, map), 'utf8')) as { sources: string[] };
        if (sources.some((s) => s.startsWith(`commonjs-dynamic:node_modules/${pkg}/`)))
          return path.join(DIST, map.slice(0, -'.map'.length));
      }
      throw new Error(`no chunk imports ${pkg} dynamically`);
    };
    const proxy = (await import(await chunkOf('https-proxy-agent'))) as Record<string, unknown>;
    expect(typeof proxy.HttpsProxyAgent).toBe('function');
    const credentials = (await import(await chunkOf('@aws-sdk/credential-providers'))) as Record<string, unknown>;
    expect(typeof credentials.fromNodeProviderChain).toBe('function');
    expect(typeof credentials.createCredentialChain).toBe('function');
  });

  it('maps the code of every file back to src/ with its source map, which the entries turn on before loading the rest', async () => {
    const index = await readFile(path.join(DIST, 'index.js'), 'utf8');
    expect(index.indexOf('setSourceMapsEnabled')).toBeLessThan(index.indexOf('import('));
    const cli = await readFile(path.join(DIST, 'cli.js'), 'utf8');
    expect(cli.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(cli.indexOf('setSourceMapsEnabled')).toBeLessThan(cli.indexOf('import('));
    // A line of src/main.ts, found in the bundle by a string it writes, maps back to src/main.ts.
    const [everyRun] = await loadGroups();
    const needle = 'pr-debate did not run: ';
    const holder = [...everyRun!.files].find((f) => f !== 'index.js');
    let found: { file: string; line: number; column: number } | undefined;
    for (const file of everyRun!.files) {
      const lines = (await readFile(path.join(DIST, file), 'utf8')).split('\n');
      const line = lines.findIndex((l) => l.includes(needle));
      if (line >= 0) found = { file, line, column: lines[line]!.indexOf(needle) };
    }
    expect(holder).toBeDefined();
    expect(found).toBeDefined();
    const map = new SourceMap(
      JSON.parse(await readFile(path.join(DIST, `${found!.file}.map`), 'utf8')) as ConstructorParameters<
        typeof SourceMap
      >[0],
    );
    const entry = map.findEntry(found!.line, found!.column) as { originalSource?: string };
    expect(entry.originalSource).toMatch(/src\/main\.ts$/);
  });
});

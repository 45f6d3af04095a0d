import { cacheContent, rfcContent } from './evidence-fixtures.js';
import type { FakePullRequest, PullRequestFileFixture } from './github-server.js';

/**
 * The small cache change served by the local GitHub server, whose lines the default debate script
 * (`debate-script.ts`) cites: `src/cache.ts` (lines 11-12 added, old line 11 removed) and an added RFC.
 * The same PR as the fault suite's (`test/e2e/faults.test.ts`).
 */
export function cachePull(number: number, extra: Partial<FakePullRequest> = {}): FakePullRequest {
  const head = String(number)
    .repeat(40)
    .slice(0, 40)
    .replace(/[^0-9a-f]/g, 'a');
  const headSha = `c${head.slice(1)}`;
  const baseSha = `b${head.slice(1)}`;
  const headLines = cacheContent.split('\n');
  const baseContent = [...headLines.slice(0, 10), "const old11 = 'removed';", ...headLines.slice(12)].join('\n');
  const patch =
    "@@ -10,3 +10,4 @@\n const value10 = 'line 10 of cache';\n-const old11 = 'removed';\n+const value11 = 'line 11 of cache';\n+const value12 = 'line 12 of cache';\n const value13 = 'line 13 of cache';";
  const rfcPatch = `@@ -0,0 +1,3 @@\n${rfcContent
    .trimEnd()
    .split('\n')
    .map((l) => `+${l}`)
    .join('\n')}`;
  const files: PullRequestFileFixture[] = [
    {
      sha: '1'.repeat(40),
      filename: 'src/cache.ts',
      status: 'modified',
      additions: 2,
      deletions: 1,
      changes: 3,
      patch,
    },
    {
      sha: '2'.repeat(40),
      filename: 'docs/rfcs/0001-cache.md',
      status: 'added',
      additions: 3,
      deletions: 0,
      changes: 3,
      patch: rfcPatch,
    },
  ];
  const diff = [
    'diff --git a/src/cache.ts b/src/cache.ts',
    'index 1111111..2222222 100644',
    '--- a/src/cache.ts',
    '+++ b/src/cache.ts',
    patch,
    'diff --git a/docs/rfcs/0001-cache.md b/docs/rfcs/0001-cache.md',
    'new file mode 100644',
    'index 0000000..3333333',
    '--- /dev/null',
    '+++ b/docs/rfcs/0001-cache.md',
    rfcPatch,
    '',
  ].join('\n');
  const trees: Record<string, Record<string, string>> = {
    [headSha]: { 'src/cache.ts': cacheContent, 'docs/rfcs/0001-cache.md': rfcContent },
    [baseSha]: { 'src/cache.ts': baseContent },
  };
  return {
    number,
    title: 'Cache the parsed config',
    body: 'Adds a cache. See docs/rfcs/0001-cache.md.',
    user: { login: 'contributor' },
    head: { sha: headSha, ref: `cache-${number}` },
    base: { sha: baseSha, ref: 'main' },
    files,
    diff,
    readFile: (sha, path) => {
      const text = trees[sha]?.[path];
      return text === undefined ? undefined : Buffer.from(text);
    },
    ...extra,
  };
}

/**
 * The cache PR whose head carries its own `.github/pr-debate.yml` (`text`), which pr-debate must never
 * read: the config file comes from the default branch only (contract section 11).
 */
export function cachePullWithHeadConfig(
  number: number,
  text = 'preset: deep\n',
  path = '.github/pr-debate.yml',
): FakePullRequest {
  const pull = cachePull(number);
  const headRead = pull.readFile;
  return {
    ...pull,
    readFile: (sha, file) => (file === path && sha === pull.head.sha ? Buffer.from(text) : headRead(sha, file)),
  };
}

import { buildEvidencePack, type EvidenceInput } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import type { ChangedFile, EvidencePack, PullRequestInfo } from '../../src/evidence/evidence-types.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/** A small PR for pure tests: one modified file with full content, one with hunks only, an RFC. */
export const pull: PullRequestInfo = {
  number: 12,
  title: 'Cache the parsed config',
  body: 'Adds a cache. See docs/rfcs/0001-cache.md.',
  author: 'alice',
  headSha: 'a'.repeat(40),
  baseSha: 'b'.repeat(40),
  baseRef: 'main',
  htmlUrl: 'https://github.com/octo/widgets/pull/12',
  changedFiles: 3,
};

/** 30 lines `line N of cache` with line 11-12 added by the patch below. */
export const cacheContent =
  Array.from({ length: 30 }, (_, i) => `const value${i + 1} = 'line ${i + 1} of cache';`).join('\n') + '\n';

/** The fixture PR's files: `src/cache.ts` (the off-by-one hunk), `src/other file.ts` (hunks only), the added RFC. */
export const files: ChangedFile[] = classifyFiles(
  [
    {
      path: 'src/cache.ts',
      previousPath: undefined,
      status: 'modified',
      additions: 2,
      deletions: 1,
      // Deletes old line 11, adds new lines 11-12 (hunk @@ -10,3 +10,4 @@).
      patch:
        "@@ -10,3 +10,4 @@\n const value10 = 'line 10 of cache';\n-const old11 = 'removed';\n+const value11 = 'line 11 of cache';\n+const value12 = 'line 12 of cache';\n const value13 = 'line 13 of cache';",
    },
    {
      path: 'src/other file.ts',
      previousPath: undefined,
      status: 'modified',
      additions: 1,
      deletions: 0,
      patch: '@@ -4,2 +4,3 @@\n keep4\n+added5\n keep6',
    },
    {
      path: 'docs/rfcs/0001-cache.md',
      previousPath: undefined,
      status: 'added',
      additions: 3,
      deletions: 0,
      patch: '@@ -0,0 +1,3 @@\n+# Cache\n+We cache the parsed config.\n+Entries expire after 60 seconds.',
    },
  ],
  undefined,
);

/** The RFC's text at the head. */
export const rfcContent = '# Cache\nWe cache the parsed config.\nEntries expire after 60 seconds.\n';

/** The input of {@link fixturePack}, to vary in tests; sized at 3.5 characters a token unless `charsPerToken` says otherwise. */
export function fixtureInput(maxTokens = 80_000, charsPerToken = CHARS_PER_TOKEN): EvidenceInput {
  return {
    pull,
    files,
    rfc: {
      documents: [{ path: 'docs/rfcs/0001-cache.md', content: rfcContent }],
      note: 'RFC found among the changed files',
    },
    contents: new Map([['src/cache.ts', cacheContent]]),
    maxTokens,
    charsPerToken,
  };
}

/** The pack of the fixture PR: src/cache.ts in full, "src/other file.ts" as hunks only, the RFC. */
export function fixturePack(maxTokens = 80_000): EvidencePack {
  return buildEvidencePack(fixtureInput(maxTokens));
}

/**
 * A PR whose hunks overflow a small pack (issue #40): `src/big.ts` with 30 hunks, five small source
 * files, and `dist/bundle.js` (generated) with 20 hunks, sized to `maxTokens` (default 3,000).
 */
export function overflowInput(maxTokens = 3_000, readGenerated = false): EvidenceInput {
  const hunk = (path: string, n: number) =>
    `@@ -${n * 100},3 +${n * 100},4 @@\n ctx ${path} ${n}a\n-old ${path} ${n}\n+new ${path} ${n}x\n+new ${path} ${n}y\n ctx ${path} ${n}b`;
  const diff = (path: string, count: number) => Array.from({ length: count }, (_, i) => hunk(path, i + 1)).join('\n');
  const small = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts'];
  const listed = classifyFiles(
    [
      {
        path: 'src/big.ts',
        previousPath: undefined,
        status: 'modified',
        additions: 60,
        deletions: 30,
        patch: diff('src/big.ts', 30),
      },
      ...small.map((path) => ({
        path,
        previousPath: undefined,
        status: 'modified' as const,
        additions: 4,
        deletions: 2,
        patch: diff(path, 2),
      })),
      {
        path: 'dist/bundle.js',
        previousPath: undefined,
        status: 'modified',
        additions: 40,
        deletions: 20,
        patch: diff('dist/bundle.js', 20),
      },
    ],
    undefined,
  );
  return {
    pull: { ...pull, changedFiles: listed.length },
    files: listed,
    rfc: { documents: [], note: 'no RFC' },
    contents: new Map(),
    maxTokens,
    charsPerToken: CHARS_PER_TOKEN,
    readGenerated,
  };
}

/** The pack of {@link overflowInput}. */
export function overflowPack(maxTokens = 3_000, readGenerated = false): EvidencePack {
  return buildEvidencePack(overflowInput(maxTokens, readGenerated));
}

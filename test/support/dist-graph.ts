import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './action-metadata.js';

/** The bundle's folder. */
export const DIST = path.join(ROOT, 'dist');

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` in esbuild's output: what loads with the file. */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
/** `import("./x.js")`: what the file loads when it needs it. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** The files (relative to dist/) that `file` imports statically or dynamically. */
export async function importsOf(file: string): Promise<{ static: string[]; dynamic: string[] }> {
  const text = await readFile(path.join(DIST, file), 'utf8');
  const resolve = (specifier: string) =>
    path.relative(DIST, path.resolve(path.dirname(path.join(DIST, file)), specifier));
  return {
    static: [...text.matchAll(STATIC_IMPORT)].map((m) => resolve(m[1]!)),
    dynamic: [...text.matchAll(DYNAMIC_IMPORT)].map((m) => resolve(m[1]!)),
  };
}

/** Every file that loading `entries` loads at once: the entries and their static imports, transitively. */
export async function staticClosure(entries: Iterable<string>): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(await importsOf(file)).static);
  }
  return seen;
}

/** A set of files a run loads together, and what it adds to what every run loads. */
export interface LoadGroup {
  name: string;
  files: Set<string>;
  adds?: Set<string>;
}

/**
 * What a run of the action loads, in groups: every run (dist/index.js, which imports the main chunk at
 * once), any run that reaches GitHub (the Octokit chunk), and each model provider's client with its SDK.
 * @throws Error when dist/ lacks a chunk the action imports (a stale or broken bundle)
 */
export async function loadGroups(): Promise<LoadGroup[]> {
  const chunks = await readdir(path.join(DIST, 'chunks'));
  const chunk = (prefix: string) => {
    const name = chunks.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
    if (!name) throw new Error(`dist/chunks has no ${prefix}-*.js`);
    return `chunks/${name}`;
  };
  const entry = await importsOf('index.js');
  const everyRun = await staticClosure(['index.js', ...entry.dynamic]);
  const groups: LoadGroup[] = [{ name: 'every run (dist/index.js and the main chunk it imports)', files: everyRun }];
  const named: [string, string][] = [
    ['a run that reaches GitHub (Octokit)', 'create-octokit'],
    ['the Anthropic provider (@anthropic-ai/sdk)', 'anthropic-model-client'],
    ['the Bedrock provider (AWS SDK)', 'bedrock-model-client'],
    ['the Vertex provider (google-auth-library)', 'vertex-model-client'],
    ['the OpenAI-compatible provider (openai)', 'openai-model-client'],
  ];
  for (const [name, prefix] of named) {
    const files = await staticClosure([chunk(prefix)]);
    groups.push({ name, files, adds: new Set([...files].filter((f) => !everyRun.has(f))) });
  }
  return groups;
}

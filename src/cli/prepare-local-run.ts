import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSettings } from '../settings/load-settings.js';
import { createRestClients } from '../github/create-rest-octokit.js';
import type { GitHubClients } from '../github/create-octokit.js';
import { createLocalGitSource, git, GitError, resolveRange } from './local-git-source.js';
import type { Progress } from './print-progress.js';
import { NO_GITHUB_TOKEN, type CliIo } from './cli-io.js';

/**
 * `pr-debate run BASE..HEAD` (issue #33): the settings and clients of a debate on a range of the local
 * clone, with no pull request and no GitHub at all. The evidence comes from git
 * (`local-git-source.ts`); the config file is read at BASE, as the action reads it from the default
 * branch, never from the head being debated; GitHub clients exist only because the pipeline takes
 * them, and refuse every request, so nothing can be read from or posted to GitHub.
 */

/** A GitHub remote's owner and repository, from `git remote get-url origin` (https or ssh form). Pure. */
export function githubRepoOf(remoteUrl: string): { serverUrl: string; owner: string; repo: string } | undefined {
  const https = /^https?:\/\/(?:[^@/]+@)?([^/]+)\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(remoteUrl.trim());
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/]([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(remoteUrl.trim());
  const match = https ?? ssh;
  if (!match) return undefined;
  return { serverUrl: `https://${match[1]}`, owner: match[2]!, repo: match[3]! };
}

/** GitHub clients that send nothing: every request fails, naming the local range. */
function offlineClients(userAgent: string): GitHubClients {
  const clients = createRestClients('', 'http://127.0.0.1:9', () => undefined, userAgent);
  for (const client of [clients.reads, clients.writes]) {
    client.hook.wrap('request', (_request, options) => {
      throw new Error(
        `a debate of a local range reads nothing from GitHub, and ${options.method} ${options.url} was not sent`,
      );
    });
  }
  return clients;
}

/**
 * @param range the two sides as typed
 * @param options.inputs the options as inputs by action.yml name
 * @throws GitError when the folder is not a git clone or a side names no commit
 * @throws SettingsError for a bad setting or config file, as a run on a pull request would
 */
export async function prepareLocalRun(
  range: { base: string; head: string },
  options: { inputs: Record<string, string>; verbose: boolean },
  io: CliIo,
  progress: Progress,
) {
  const resolved = await resolveRange(io.cwd ?? process.cwd(), range.base, range.head);
  const remote = await git(resolved.cwd, ['remote', 'get-url', 'origin']).then(
    (out) => githubRepoOf(out.toString('utf8')),
    () => undefined,
  );
  const repo = remote ?? { serverUrl: 'https://github.com', owner: 'local', repo: path.basename(resolved.cwd) };
  const user =
    (await git(resolved.cwd, ['config', 'user.name']).then(
      (out) => out.toString('utf8').trim(),
      () => '',
    )) || 'local';
  const given: Record<string, string | undefined> = {
    'github-token': NO_GITHUB_TOKEN,
    'anthropic-api-key': io.env.ANTHROPIC_API_KEY,
    'openai-api-key': io.env.OPENAI_API_KEY,
    'bot-login': 'pr-debate',
    'confirm-plan': 'false',
    ...options.inputs,
  };
  const env = {
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: '(command line)',
    GITHUB_REPOSITORY: `${repo.owner}/${repo.repo}`,
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_SERVER_URL: repo.serverUrl,
  };
  const loaded = await progress.log.group('Settings', () =>
    loadSettings({
      getInput: (name) => given[name] || undefined,
      env,
      // At BASE, as the action reads it from the default branch: the range being debated cannot configure its own debate.
      readConfig: async (file) => ({
        branch: `${range.base} (${resolved.baseSha.slice(0, 12)})`,
        text: await readAt(resolved.cwd, resolved.baseSha, file),
      }),
      warn: (message) => progress.log.warning(message),
      purpose: 'debate',
    }),
  );
  progress.log.info(
    `Settings (options > ${loaded.settings.run.configFile} at ${range.base} > defaults):\n  ${loaded.explain.join('\n  ')}`,
  );
  progress.log.info(
    `Local range ${range.base}..${range.head} in ${resolved.cwd}: ${resolved.baseSha.slice(0, 12)}..${resolved.headSha.slice(0, 12)}; nothing is read from or posted to GitHub.`,
  );
  const htmlUrl = `${repo.serverUrl}/${repo.owner}/${repo.repo}/compare/${resolved.baseSha}...${resolved.headSha}`;
  return {
    github: offlineClients(io.userAgent),
    requestedBy: user,
    pullNumber: 0,
    evidenceSource: createLocalGitSource(resolved, htmlUrl),
    ...loaded,
  };
}

/** A file's text at a commit, or undefined when the commit has no such file. */
async function readAt(cwd: string, sha: string, file: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ['show', `${sha}:${file}`])).toString('utf8');
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/** Reads a file of the working tree (`config check`), or undefined when there is none. */
export async function readWorkingFile(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

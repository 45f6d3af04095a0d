import { writeFile } from 'node:fs/promises';
import { loadSettings, withOutOfScope } from '../settings/load-settings.js';
import { createPublisher } from '../github/create-publisher.js';
import { GitHubUnreachable, readTokenLogin, refuseWrites } from '../github/refuse-writes.js';
import { createRestClients } from '../github/create-rest-octokit.js';
import { readDefaultBranchFile } from '../github/read-default-branch-file.js';
import { SettingsError } from '../settings/parse-settings.js';
import { providersOf, type Settings, type SettingsPurpose } from '../settings/settings.js';
import {
  describeFailure,
  dispatch,
  resolveTrigger,
  RunStopped,
  startModels,
  type Cancellation,
} from './call-pipeline.js';
import type { CliCommand } from './parse-cli-args.js';
import { resolveGitHubUrls, type PullRequestRef } from './parse-pr-ref.js';
import { createCapturingPublisher, NOT_POSTED } from './capture-publisher.js';
import { createProgress, type Progress } from './print-progress.js';
import { createRehearsalModelClient, REHEARSAL_INPUTS } from '../rehearsal/rehearsal-model-client.js';
import { GitError } from './local-git-source.js';
import { prepareLocalRun } from './prepare-local-run.js';
import { forTerminal } from './terminal-words.js';
import { dispatchDebate } from '../trigger/detect-trigger.js';
import { NO_GITHUB_TOKEN, REHEARSAL_NO_KEY, type CliIo } from './cli-io.js';

/** Why the CLI does not ask for the requester's permission on the repository (the action does). */
export const CLI_AUTHORIZED = 'run from the command line, with its own GitHub token and model key';

/**
 * The clients and settings of a CLI run on one pull request, as the action builds them: the token from
 * `GITHUB_TOKEN` / `GH_TOKEN`, the config file from the repository's default branch, then the options.
 * Octokit's own request lines go to stderr only with `verbose`.
 * @throws SettingsError naming what is missing or wrong and how to fix it
 * @throws GitHubUnreachable when the first request shows GitHub cannot be used at the API URL (in seconds)
 */
export async function prepareCliRun(
  pr: PullRequestRef,
  options: {
    apiUrl: string | undefined;
    inputs: Record<string, string>;
    verbose: boolean;
    withoutToken?: boolean;
    purpose?: SettingsPurpose;
  },
  io: CliIo,
  progress: Progress,
) {
  const token = io.env.GITHUB_TOKEN || io.env.GH_TOKEN;
  // A dry run reads a public repository without a token, as GitHub allows (60 requests an hour); GitHub's 401 or 403 then says one is needed.
  if (!token && !options.withoutToken)
    throw new SettingsError(
      'GITHUB_TOKEN or GH_TOKEN must hold a GitHub token that can read the repository (for example GH_TOKEN=$(gh auth token)); with --post it must also be able to comment',
    );
  const { apiUrl, serverUrl } = resolveGitHubUrls(pr, options.apiUrl, io.env);
  const github = createRestClients(token ?? '', apiUrl, (message) => progress.log.warning(message), io.userAgent, {
    ...io.github,
    ...(options.verbose ? { log: (line: string) => progress.log.info(line) } : {}),
  });
  const login = token ? await readTokenLogin(github.reads, apiUrl) : undefined;
  if (!token)
    progress.log.warning(
      'No GITHUB_TOKEN or GH_TOKEN: reading GitHub without a token (public repositories only, 60 requests an hour); if GitHub refuses, set GH_TOKEN=$(gh auth token).',
    );
  const given: Record<string, string | undefined> = {
    // The input is required; without a token the clients above send none, and this stands in for it.
    'github-token': token ?? NO_GITHUB_TOKEN,
    'anthropic-api-key': io.env.ANTHROPIC_API_KEY,
    'openai-api-key': io.env.OPENAI_API_KEY,
    // Comments are found again by their author: with a person's token, that is the person.
    ...(login === undefined ? {} : { 'bot-login': login }),
    // Whoever runs the CLI has chosen to run this debate: the config file's confirm-plan (meant for the
    // label and bare commands on GitHub) does not turn the run into a plan, unless an option asks for one.
    'confirm-plan': 'false',
    ...options.inputs,
  };
  const env = {
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: '(command line)',
    GITHUB_REPOSITORY: `${pr.owner}/${pr.repo}`,
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: serverUrl,
  };
  const loaded = await progress.log.group('Settings', () =>
    loadSettings({
      getInput: (name) => given[name] || undefined,
      env,
      readConfig: (path) => readDefaultBranchFile(github.reads, pr, path),
      warn: (message) => progress.log.warning(message),
      purpose: options.purpose ?? 'debate',
      strict: false,
    }),
  );
  progress.log.info(
    `Settings (options > ${loaded.settings.run.configFile} on the default branch > defaults):\n  ${loaded.explain.join('\n  ')}`,
  );
  return { github, requestedBy: login ?? 'cli', ...loaded };
}

/**
 * `pr-debate run`: the action's pipeline on one PR, or on a range of the local clone
 * (`prepare-local-run.ts`). A dry run prints the comment the action would post and writes nothing to
 * GitHub; `--post` publishes through the action's own publisher. With `--rehearsal` the rehearsal model
 * answers every call (`src/rehearsal`), so no key is needed. Ctrl-C stops the model calls in flight; the
 * pipeline then renders what exists, which is printed.
 * @returns the exit code: 0 done, 1 the run failed
 */
export async function runPullRequest(command: Extract<CliCommand, { kind: 'run' }>, io: CliIo): Promise<number> {
  const progress = createProgress(io.stderr, { verbose: command.verbose });
  let dispose = () => {};
  try {
    // A rehearsal runs every role as the model `rehearsal`, whatever the options say: its record and comment name it.
    const inputs = command.rehearsal
      ? { 'anthropic-api-key': REHEARSAL_NO_KEY, ...command.inputs, ...REHEARSAL_INPUTS }
      : command.inputs;
    const options = { ...command, inputs, withoutToken: !command.post };
    const target = command.target;
    const prepared =
      target.kind === 'range'
        ? await prepareLocalRun(target, options, io, progress)
        : {
            ...(await prepareCliRun(target.pr, options, io, progress)),
            pullNumber: target.pr.number,
            evidenceSource: undefined,
          };
    const { github, settings, outOfScope, requestedBy, pullNumber, evidenceSource } = prepared;
    const commandOptions = {
      outOfScope: command.outOfScope,
      ...(command.rounds === undefined ? {} : { rounds: command.rounds }),
      ...(command.rfc === undefined ? {} : { rfc: command.rfc }),
      ...(command.prPosition === undefined ? {} : { prPosition: command.prPosition }),
    };
    const trigger = withOutOfScope(
      dispatchDebate(
        pullNumber,
        requestedBy,
        { positions: command.positions, options: commandOptions },
        CLI_AUTHORIZED,
      ),
      outOfScope,
    );
    const real = createPublisher(github.writes, {
      owner: settings.github.owner,
      repo: settings.github.repo,
      botLogin: settings.github.botLogin,
      secrets: settings.secrets,
    });
    const publisher = createCapturingPublisher(real, {
      post: command.post,
      author: settings.github.botLogin,
      local: target.kind === 'range',
    });
    if (!command.rehearsal) requireCliCredentials(settings);
    // As the action builds them (src/llm/start-models.ts), with Ctrl-C as one more reason to stop. Until
    // here there is nothing to print, so Ctrl-C while the settings are read ends the process at once
    // (src/cli/bin.ts: no listener); from here on it stops the model calls and prints what exists.
    const started = startModels(settings.models, {
      env: io.env,
      cancellations: [ctrlC(io)],
      ...(command.rehearsal ? { client: createRehearsalModelClient() } : {}),
    });
    dispose = started.dispose;
    if (command.rehearsal)
      progress.log.warning(
        'Rehearsal (--rehearsal): the rehearsal model writes every reply and no model is called, so the verdict is not a real one.',
      );
    const models = progress.track(started.models);
    if (!command.post) for (const client of [github.writes, github.reads]) refuseWrites(client);
    // The CLI has no step outputs or job summary: the result is printed below.
    const stepOutputs = { setOutputs: () => undefined, writeSummary: () => Promise.resolve() };
    const clients = {
      github,
      models,
      log: progress.log,
      stepOutputs,
      publisher,
      dryRun: !command.post,
      ...(evidenceSource ? { evidenceSource } : {}),
    };
    const result = await dispatch(clients, await resolveTrigger(clients, settings, trigger));
    progress.end();

    const comment = publisher.lastComment();
    const printed = comment && !command.post ? { ...comment, body: forTerminal(comment.body) } : comment;
    if (command.out !== undefined && printed) await writeFile(command.out, `${printed.body}\n`);
    if (command.json)
      io.stdout.write(
        `${result.decision || JSON.stringify({ status: result.status, failure: result.failure ?? null })}\n`,
      );
    else if (command.out === undefined && printed) io.stdout.write(`${printed.body}\n`);
    const totals = progress.totals();
    const where =
      target.kind === 'range'
        ? `local range ${target.base}..${target.head}, nothing posted`
        : 'dry run, nothing posted (--post publishes it)';
    // The outcome first, in the comment's own first line (src/report/merge-meaning.ts), then how the run went.
    const outcome = result.outcome ? forTerminal(result.outcome) : `pr-debate: ${result.status}`;
    io.stderr.write(
      `${outcome} (status ${result.status}${result.confidence ? `, confidence ${result.confidence}` : ''}); ${totals.calls} ${command.rehearsal ? 'rehearsal' : 'model'} calls, ${totals.tokens.toLocaleString('en-US')} tokens; ` +
        `${comment === undefined ? 'no comment' : comment.url === NOT_POSTED ? where : `posted ${comment.url}`}${command.out && comment ? `; comment written to ${command.out}` : ''}\n`,
    );
    if (result.failure) io.stderr.write(`pr-debate: ${forTerminal(result.failure)}\n`);
    return result.failure ? 1 : 0;
  } catch (error) {
    progress.end();
    const message = forTerminal(
      error instanceof SettingsError || error instanceof GitHubUnreachable || error instanceof GitError
        ? error.message
        : describeFailure(error),
    );
    io.stderr.write(`pr-debate: ${message}\n`);
    // Without a token, GitHub's 401 (or a 403 or 404 for a private repository) is GitHub asking for one.
    if (
      !(io.env.GITHUB_TOKEN || io.env.GH_TOKEN) &&
      command.target.kind === 'pull' &&
      /Requires authentication|401|403|404|rate limit/.test(message)
    ) {
      io.stderr.write(
        'pr-debate: GitHub asks for a token to read this repository: set GH_TOKEN=$(gh auth token) (or GITHUB_TOKEN) and run it again.\n',
      );
    }
    return 1;
  } finally {
    dispose();
  }
}

/** Ctrl-C (SIGINT, as `io.onInterrupt` reports it) stops the model calls in flight; the pipeline then renders what exists. */
function ctrlC(io: CliIo): Cancellation {
  return (stop) =>
    io.onInterrupt(() =>
      stop(
        new RunStopped(
          'ctrl-c',
          'stopped with Ctrl-C; calls still in flight were stopped',
          'The run was stopped with Ctrl-C before the debate finished; model calls still in flight were stopped.',
        ),
      ),
    );
}

/**
 * The action's credential check, said the CLI's way: the key comes from the environment here, not
 * from a workflow secret.
 * @throws SettingsError naming the variable to set
 */
function requireCliCredentials(settings: Settings): void {
  if (providersOf(settings.models).has('anthropic') && !settings.models.anthropicApiKey) {
    throw new SettingsError(
      'ANTHROPIC_API_KEY must hold an Anthropic API key to run a debate with an anthropic: model (export ANTHROPIC_API_KEY=...; or try it without a key with --rehearsal, which calls and pays nothing; or pick another provider with --model)',
    );
  }
}

import { evaluatePull } from '../gate/run-gate.js';
import { gateConfig, gateDeps } from '../pipeline/gate-context.js';
import { SettingsError } from '../settings/parse-settings.js';
import { describeFailure } from './call-pipeline.js';
import type { CliCommand } from './parse-cli-args.js';
import { GitHubUnreachable, refuseWrites } from '../github/refuse-writes.js';
import { prepareCliRun } from './run-pull-request.js';
import type { CliIo } from './cli-io.js';
import { createProgress } from './print-progress.js';

/**
 * `pr-debate gate`: what the merge gate would conclude on the PR's current head, and why (docs/gate.md),
 * with the gate's own evaluation and the settings the action would use (config file
 * included). It reads check runs, the PR and its evidence, and writes nothing: not even the check run.
 * @returns 0 when the gate was evaluated (whatever it concluded), 1 when it could not be
 */
export async function showGate(command: Extract<CliCommand, { kind: 'gate' }>, io: CliIo): Promise<number> {
  const progress = createProgress(io.stderr, { verbose: command.verbose });
  try {
    const { github, settings } = await prepareCliRun(command.pr, { ...command, purpose: 'gate' }, io, progress);
    for (const client of [github.writes, github.reads]) refuseWrites(client);
    // A key or `decision` the gate cannot use stops it, as it stops the action's gate on its check.
    if (settings.problem) throw new SettingsError(settings.problem.message);
    const config = gateConfig(settings);
    const evaluated = await progress.log.group('Gate', () =>
      evaluatePull(
        gateDeps(github.reads, settings, (m) => progress.log.info(m)),
        config,
        command.pr.number,
        command.appId,
        undefined,
      ),
    );
    progress.end();
    const { verdict } = evaluated;
    if (command.json) {
      io.stdout.write(
        `${JSON.stringify({ headSha: evaluated.headSha, conclusion: verdict.conclusion, basis: verdict.basis, title: verdict.title, summary: verdict.summary, policy: config.policy, record: verdict.record ?? null })}\n`,
      );
    } else {
      io.stdout.write(
        `${command.pr.owner}/${command.pr.repo}#${command.pr.number} at ${evaluated.headSha}: ${verdict.conclusion} (${verdict.title})\n` +
          `${verdict.summary}\n` +
          `policy ${config.policy}; record ${verdict.basis}${verdict.record ? ` (debate ${verdict.record.id}, recommendation ${verdict.record.accepted?.position ?? verdict.record.recommendation}, confidence ${verdict.record.confidence})` : ''}; records trusted from app ${command.appId}\n`,
      );
    }
    return 0;
  } catch (error) {
    progress.end();
    io.stderr.write(
      `pr-debate: ${error instanceof SettingsError || error instanceof GitHubUnreachable ? error.message : describeFailure(error)}\n`,
    );
    return 1;
  }
}

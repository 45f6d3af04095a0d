import type { Framing } from '../debate/schemas.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommandReply } from '../trigger/detect-trigger.js';
import { markerLine, type CommentContext } from './comment-context.js';
import { createProse, plainProse } from './prose.js';
import { codeSpan, fencedBlock, mention, sanitiseEngineText, sanitiseText } from './sanitise.js';

/**
 * Every body the product posts besides the debate and progress comments: replies to a command that
 * starts no debate (usage, a malformed command), the refusal, and the comments for "nothing
 * to debate" and a failed run. Whatever came from a user, a model or an API goes through the
 * sanitiser. Pure.
 */

/**
 * The usage of the comment command (docs/how-a-debate-runs.md), as a fenced `text` block.
 * @param command the configured command word (input `command`)
 */
export function commandUsage(command: string): string {
  return fencedBlock(
    [
      `${command}                                   infer 2-4 positions from the PR and RFC`,
      `${command} <A> vs <B> [vs <C> [vs <D>]]      debate these positions ("versus" works too)`,
      `${command} <A> (this PR) vs <B>              A is the change as written; the moderator checks it (any case)`,
      `${command} ... --no-pr-position              no position is the change as written (a PR proposing options)`,
      `${command} ... --quick | --deep | --rounds=N preset override (N = 0..5)`,
      `${command} ... --rfc=<path>                  use this file (at the PR head) as the RFC`,
      `${command} ... --out-of-scope="a; b"         topics the debate must not drift into`,
      `${command} help                              show this help`,
      `${command} accept <A|B|C|D> <reason>         record a maintainer's decision`,
      `${command} go                                run the plan posted under confirm-plan`,
    ].join('\n'),
    'text',
  );
}

/**
 * The reply to a command that starts no debate (docs/how-a-debate-runs.md): the usage for `help`, and the
 * problem and the usage for a malformed command (`accept` replies are in `render-accept.ts`).
 * @param command the configured command word
 */
export function renderCommandReply(reply: CommandReply, command: string): string {
  switch (reply.kind) {
    case 'usage':
      return `**pr-debate usage**\n\n${commandUsage(command)}`;
    case 'invalid':
      return `**pr-debate could not run this command:** ${renderMessage(reply.problem)}.\n\nUsage:\n\n${commandUsage(command)}`;
  }
}

/**
 * The reply to someone without write access (docs/security.md). It mentions them only when the
 * login has GitHub's shape (letters, digits, hyphens), so a forged payload cannot ping anyone else.
 */
export function renderRefusal(login: string): string {
  return `${mention(login)} only people with write access to this repository can start a debate.`;
}

/**
 * The reply when an input of the workflow is not valid (issue #9): the problem as the settings name it
 * (the input, the values it takes, what it got) and where to fix it.
 * @param input the input's name, e.g. `max-rounds`
 * @param message e.g. `Input 'max-rounds': expected a whole number from 0 to 5, got "99"`
 * @param file the config file, e.g. `.github/pr-debate.yml on main`, when the value came from it (or, for
 *   input `config-file`, the file itself cannot be used); undefined for a workflow input
 */
export function renderInputProblem(login: string, input: string, message: string, file?: string): string {
  // `input` is one of action.yml's input names (the settings schema's keys), never user text; `file` is
  // the config-file input's path (checked: a repository path ending in .yml) and a branch name.
  const fix =
    file === undefined
      ? `Fix \`${input}:\` under \`with:\` in the workflow file`
      : input === 'config-file'
        ? `Fix ${renderMessage(file)}`
        : `Fix \`${input}:\` in ${renderMessage(file)}`;
  return `${mention(login)} pr-debate could not start: ${renderMessage(message)}. ${fix}, then run it again (the command, or remove and add the label).`;
}

/** The reply when the workflow gives pr-debate no API key: how to store the secret and pass it. */
export function renderMissingKey(login: string): string {
  // Plain code spans of our own text, so the line stays copyable as written.
  return `${mention(login)} pr-debate cannot run a debate: the workflow gives it no \`anthropic-api-key\`. Store an Anthropic API key as a repository secret named \`ANTHROPIC_API_KEY\` (Settings → Secrets and variables → Actions → New repository secret), add \`anthropic-api-key: \${{ secrets.ANTHROPIC_API_KEY }}\` under the step's \`with:\`, then run the command again.`;
}

/** The short reply of a run that failed while a verdict is on the PR: the verdict stays, and why this run has none. */
export function renderFailureBesideVerdict(login: string, problem: string, runUrl: string | undefined): string {
  return `${mention(login)} this run of pr-debate failed, so the verdict above stays as it is: ${sanitiseText(problem, { inline: true })}${runUrl ? ` [Workflow run](${runUrl}).` : ''}`;
}

/**
 * The reply of a run that failed after its trigger and before any debate comment (a reply, `go`, the
 * bridge): what failed, that nothing else ran, and how to ask again.
 * @param login who started the run, mentioned; undefined when the run does not know (the bridge)
 * @param problem one sentence, e.g. "The reply failed: GitHub answered HTTP 500 ..."
 * @param again how to ask again: "write the command again" or "add the label again"
 */
export function renderRunFailure(
  login: string | undefined,
  problem: string,
  again: string,
  runUrl: string | undefined,
): string {
  const to = login === undefined ? 'This run of pr-debate' : `${mention(login)} this run of pr-debate`;
  return `${to} failed, and nothing else ran: ${sanitiseText(problem, { inline: true })}. To try again, ${again} once this is fixed.${runUrl ? ` [Workflow run](${runUrl}).` : ''}`;
}

/** The outcome line of a run with nothing to debate: the comment's heading, and the CLI's last line. */
export const NOTHING_TO_DEBATE = 'pr-debate: nothing to debate';

/**
 * The comment when the moderator found nothing contested: why, and a sharper command to run.
 * @param command the configured command word
 * @param evidence the evidence pack the moderator read, and where links point: references in its reason
 *   are checked against it (issue #11), linked or marked; without it the reason is only sanitised
 */
export function renderNotContestedComment(
  framing: Framing,
  context: Pick<CommentContext, 'id'>,
  command: string,
  evidence?: { pack: EvidencePack; context: CommentContext },
): string {
  const prose = evidence ? createProse(evidence.pack, evidence.context) : plainProse;
  const suggestion = framing.suggested_command
    ? `\n\nA sharper command to try:\n\n${codeSpan(framing.suggested_command)}`
    : '';
  return [
    markerLine(context.id),
    `## ${NOTHING_TO_DEBATE}`,
    '',
    prose(framing.reason),
    suggestion,
    '',
    `To debate a decision anyway, name the positions: ${codeSpan(`${command} <position A> vs <position B>`)}.`,
  ].join('\n');
}

/** The comment when the change holds nothing to debate (no changed file, or only generated ones): the one sentence that says why. */
export function renderNothingToDebateComment(id: string, sentence: string): string {
  return [markerLine(id), `## ${NOTHING_TO_DEBATE}`, '', renderMessage(sentence)].join('\n');
}

/** The comment when the run failed before a debate existed: what failed and what to do. */
export function renderFailureComment(id: string, problem: string, runUrl: string | undefined): string {
  return [
    markerLine(id),
    '## ⚠️ pr-debate: the run failed',
    '',
    sanitiseText(problem),
    '',
    runUrl ? `The log of the [workflow run](${runUrl}) has the details.` : 'The workflow log has the details.',
  ].join('\n');
}

/** A message of ours that marks code with backticks and may echo what a user typed (`got "ten"`): see {@link sanitiseEngineText}. */
function renderMessage(message: string): string {
  return sanitiseEngineText(message, { inline: true });
}

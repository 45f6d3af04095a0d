import { addsPragmatist, packReadersFor, type DebatePlan } from '../debate/plan.js';
import { gatherEvidence, type GatheredEvidence } from '../evidence/gather-evidence.js';
import { packCharsPerToken } from '../llm/pack-tokenizer.js';
import { createPullRequestSource } from '../github/pull-request-source.js';
import type { CountedEvidenceSource } from './pipeline-types.js';
import type { RunContext } from './run-context.js';
import { step } from './step-error.js';
import type { PrAuthor } from '../gate/evaluate-policy.js';
import type { PullRequestInfo } from '../evidence/evidence-types.js';
import { readPushers } from '../github/read-pushers.js';

/** The evidence of a run and the source it was read from (kept for the re-read of the PR head). */
export interface RunEvidence extends GatheredEvidence {
  source: CountedEvidenceSource;
  /**
   * The PR's authors: its opener and, when it can matter (someone else asked for the debate), the pusher
   * of the debated head. A debate one of them asked for decides nothing alone (`evaluate-policy.ts`).
   */
  authors: PrAuthor[];
}

/**
 * Reads the PR into an evidence pack through the read client (never queued behind progress writes),
 * and logs what it holds and how many GitHub calls it took. The pack is sized for the models that will
 * read it (`packReadersFor`, `packCharsPerToken`), the models the record names, so the gate sizes its
 * rebuild the same way from the record (which also keeps the budget and rate it was sized at).
 * @param plan the debate's plan: in deep, two named positions gain the pragmatist, whose model reads the pack
 * @throws StepError naming the read that failed
 */
export async function readEvidence(run: RunContext, plan: DebatePlan): Promise<RunEvidence> {
  const { clients, settings, trigger } = run;
  const { log } = clients;
  const source =
    clients.evidenceSource ??
    createPullRequestSource(clients.github.reads, run.repo, (message) => log.warning(message));
  return log.group('Evidence', async () => {
    const gathered = await step(`reading pull request #${trigger.pullNumber} from GitHub`, () =>
      gatherEvidence(source, {
        pullNumber: trigger.pullNumber,
        commandRfc: trigger.options.rfc,
        inputRfc: settings.debate.rfcPath,
        maxTokens: settings.debate.maxEvidenceTokens,
        // Deep's pragmatist reads the pack too: a third advocate for two named positions.
        charsPerToken: packCharsPerToken(
          packReadersFor(
            settings.models,
            addsPragmatist(plan, trigger.positions.length) ? 3 : trigger.positions.length,
          ),
        ),
        readGenerated: settings.debate.readGenerated,
        headSha: trigger.headSha,
      }),
    );
    const { pack } = gathered;
    const withLines = [...pack.files.values()].filter(
      (f) => (f.head?.lines.size ?? 0) + (f.base?.lines.size ?? 0) > 0,
    ).length;
    log.info(
      `PR #${gathered.pull.number} at ${pack.headSha}: ${pack.fileCount.listed} of ${pack.fileCount.total} files listed, ${withLines} files with lines in the pack, ${pack.omitted.length} items left out`,
    );
    log.info(`${pack.rfcNote}`);
    const calls = source.requestCounts();
    log.info(
      `Evidence pack: about ${pack.tokens} tokens at ${+pack.budget.charsPerToken.toFixed(2)} characters a token (the tokenizer of the models that read it), ${pack.digest}; ${source.requests()} GitHub calls (PR ${calls.pull}, file list ${calls.fileList}, whole diff ${calls.wholeDiff}, GraphQL ${calls.graphql}, contents ${calls.contents})`,
    );
    for (const note of pack.notes) log.info(note);
    const { parts, generatedSkipped, noDiff } = pack.coverage;
    if (parts.length > 0)
      log.info(
        `The changed hunks did not all fit max-evidence-tokens: the rest are ${parts.length} part${parts.length === 1 ? '' : 's'} for readers (one call each, at most max-reader-calls: ${settings.models.maxReaderCalls}).`,
      );
    if (generatedSkipped.length > 0)
      log.info(
        `${generatedSkipped.length} generated, vendored or lock file${generatedSkipped.length === 1 ? '' : 's'} did not fit the pack and ${generatedSkipped.length === 1 ? 'is' : 'are'} read by no one (config read-generated: false).`,
      );
    if (noDiff.length > 0)
      log.warning(
        `${noDiff.length} changed file${noDiff.length === 1 ? '' : 's'} had no diff computed, so no model can read ${noDiff.length === 1 ? 'it' : 'them'}.`,
      );
    return { ...gathered, source, authors: await readAuthors(run, gathered.pull) };
  });
}

/**
 * The PR's opener, and the pusher of its head when another asked for the debate (a local range has no
 * PR to ask about). With `author-may-decide`, nobody is asked: an author's debate counts then anyway.
 */
async function readAuthors(run: RunContext, pull: PullRequestInfo): Promise<PrAuthor[]> {
  const opener = { login: pull.author, role: 'opened this PR' };
  const { clients, settings, trigger } = run;
  if (
    clients.evidenceSource ||
    settings.gate.authorMayDecide ||
    !pull.head ||
    trigger.requestedBy.toLowerCase() === pull.author.toLowerCase()
  )
    return [opener];
  const pushers = await readPushers(clients.github.reads, pull.head, [pull.headSha], (m) => clients.log.warning(m));
  const pusher = pushers.get(pull.headSha);
  return pusher === undefined
    ? [opener]
    : [opener, { login: pusher, role: `pushed its head commit ${pull.headSha.slice(0, 7)}` }];
}

import { buildEvidencePack, contentPriority, estimateTokens } from './build-evidence-pack.js';
import { chooseRfc } from './find-rfc.js';
import type { ChangedFile, EvidencePack, PullRequestInfo, RfcDocument } from './types.js';

/** What the evidence stage reads from GitHub; implemented in `src/github`. */
export interface EvidenceSource {
  getPullRequest(pullNumber: number): Promise<PullRequestInfo>;
  /** Every listed file, through all pages. */
  listFiles(pullNumber: number): Promise<ChangedFile[]>;
  /** A file's text at a commit, or undefined when it does not exist there. */
  readFile(path: string, ref: string): Promise<string | undefined>;
}

/** Result of {@link gatherEvidence}. */
export interface GatheredEvidence {
  pull: PullRequestInfo;
  files: ChangedFile[];
  pack: EvidencePack;
  /** REST reads made for contents (RFC and changed files). */
  contentReads: number;
}

/** Files read at once; GitHub asks integrators to avoid bursts of concurrent requests. */
const READ_CONCURRENCY = 4;

/**
 * Reads the PR, its files, the RFC and as many changed files' head contents as the budget can use,
 * then builds the pack. Contents are read in {@link contentPriority} order and reading stops once the
 * budget is spent, so a large PR costs few calls.
 * @param request `commandRfc` is `--rfc=`; `inputRfc` the `rfc-path` input; `maxTokens` the budget
 * @throws whatever the source throws for the PR itself (the caller reports it)
 */
export async function gatherEvidence(
  source: EvidenceSource,
  request: { pullNumber: number; commandRfc: string | undefined; inputRfc: string | undefined; maxTokens: number },
): Promise<GatheredEvidence> {
  const pull = await source.getPullRequest(request.pullNumber);
  const files = await source.listFiles(request.pullNumber);
  let contentReads = 0;

  const choice = chooseRfc(request.commandRfc, request.inputRfc, files);
  const documents: RfcDocument[] = [];
  const missing: string[] = [];
  for (const path of choice.paths) {
    contentReads += 1;
    const content = await source.readFile(path, pull.headSha);
    if (content === undefined) missing.push(path);
    else documents.push({ path, content });
  }
  const note =
    missing.length === 0
      ? choice.note
      : `${choice.note}; not found at the head commit: ${missing.join(', ')}${documents.length === 0 ? ', so the debate runs on the diff alone' : ''}.`;

  // Contents the budget can still hold once the PR text, RFC and hunks are in.
  const fixedTokens =
    estimateTokens(pull.body) +
    documents.reduce((sum, d) => sum + estimateTokens(d.content), 0) +
    files.reduce((sum, f) => sum + estimateTokens(f.patch ?? '') * 1.4, 0);
  let room = request.maxTokens - fixedTokens;
  const contents = new Map<string, string>();
  const candidates = contentPriority(files).filter((path) => files.find((f) => f.path === path)?.patch !== undefined);
  for (let i = 0; i < candidates.length && room > 0; i += READ_CONCURRENCY) {
    const batch = candidates.slice(i, i + READ_CONCURRENCY);
    const read = await Promise.all(batch.map((path) => source.readFile(path, pull.headSha)));
    contentReads += batch.length;
    batch.forEach((path, j) => {
      const content = read[j];
      if (content === undefined || content.includes('\u0000')) return;
      contents.set(path, content);
      room -= estimateTokens(content) * 1.2;
    });
  }

  const pack = buildEvidencePack({ pull, files, rfc: { documents, note }, contents, maxTokens: request.maxTokens });
  return { pull, files, pack, contentReads };
}

import { packEvidence } from './build-evidence-pack.js';
import { classifyFiles } from './describe-change.js';
import { lowPriorityClassifier } from './file-priority.js';
import { chooseRfc, names, pickExistingRfc } from './find-rfc.js';
import { completePlan, contentCandidates, contentsToRead, estimateContentChars } from './plan-contents.js';
import { planEvidence } from './plan-evidence.js';
import { completeChanges } from './complete-changes.js';
import { readBaseBlobs } from './read-base-blobs.js';
import type { DigestVersion } from './content-digest.js';
import type { EvidenceSource } from './evidence-source.js';
import type { ChangedFile, EvidencePack, PullRequestInfo, RfcDocument } from './evidence-types.js';

/** Result of {@link gatherEvidence}. */
export interface GatheredEvidence {
  pull: PullRequestInfo;
  files: ChangedFile[];
  pack: EvidencePack;
  /** Paths whose size was asked for, and paths whose content was read, to plan and fill the pack. */
  reads: { stat: number; content: number };
}

/** GitHub refuses the whole-PR diff above this many files (HTTP 406 `too_large`); it is not asked for then. */
export const WHOLE_DIFF_MAX_FILES = 300;

/** Sizes asked for at once while planning which full contents to read. */
const SIZE_BATCH = 100;

/** Below this room (in characters) no full content could fit, so no size is worth asking for. */
const MIN_CONTENT_CHARS = 350;

/**
 * Reads the PR, every listed file, the whole diff when GitHub can serve it, `.gitattributes` and the
 * RFC at the head, then plans the pack's tiers 1-3 from the hunks, asks the sizes of the full contents
 * worth showing (in the budget's order, until their estimates fill the room left), reads only those
 * that fit, completes the plan with their texts, and renders and indexes it: each step once.
 *
 * Cost on GitHub (issue #3, economy): the PR, the file list (one call per 100 files), the whole diff (one
 * call, only up to 300 files), then the source's batched reads: with the GraphQL source, one call for
 * `.gitattributes`, the RFC candidates and the sizes of the likeliest content candidates (100 paths in
 * all), rarely one more for sizes, and one call per 100 contents the pack will show.
 * @param request `commandRfc` is `--rfc=`; `inputRfc` the `rfc-path` input; `maxTokens` the budget
 *   (`max-evidence-tokens`) and `charsPerToken` its rate on the models that read the pack (`packCharsPerToken`);
 *   `readGenerated` config `read-generated` (generated files that do not fit go to readers too);
 *   `digestVersion` the `content_digest` version to compute (the gate's rebuild of an older record; default `DIGEST_VERSION`);
 *   `headSha` pins the commit (the bridge's checked head): the PR must be at it, and its file list of it
 *   (the blob SHAs of the listed files at that commit are read to check it)
 * @throws HeadMovedError when the PR is not at `headSha`; whatever the source throws for the PR, its file
 *   list or a read (the caller reports it)
 */
export async function gatherEvidence(
  source: EvidenceSource,
  request: {
    pullNumber: number;
    commandRfc: string | undefined;
    inputRfc: string | undefined;
    maxTokens: number;
    charsPerToken: number;
    readGenerated?: boolean;
    digestVersion?: DigestVersion;
    headSha?: string | undefined;
  },
): Promise<GatheredEvidence> {
  const pull = await source.getPullRequest(request.pullNumber);
  if (request.headSha !== undefined && pull.headSha !== request.headSha)
    throw new HeadMovedError(request.headSha, pull.headSha);
  const listed = await source.listFiles(request.pullNumber);
  // The file list is of whatever head the PR has now: pinned to a head, it must be that commit's.
  if (request.headSha !== undefined)
    checkListAtHead(
      listed,
      await source.getBlobShas(
        listed.map((f) => f.path),
        request.headSha,
      ),
      request.headSha,
    );
  const notes: string[] = [];
  let wholeDiff: string | undefined;
  if (listed.length <= WHOLE_DIFF_MAX_FILES && pull.changedFiles <= WHOLE_DIFF_MAX_FILES) {
    const answer = await source.getWholeDiff(request.pullNumber);
    if ('diff' in answer) wholeDiff = answer.diff;
    else
      notes.push(
        `GitHub did not serve the whole diff of this PR (${answer.refused}), so file modes (symlinks, submodules, executable bits) are unknown and a text file GitHub sent no diff for has its diff computed here from both sides.`,
      );
  } else {
    notes.push(
      `This PR changes more than ${WHOLE_DIFF_MAX_FILES} files, which is past what GitHub serves as a whole diff, so file modes (symlinks, submodules, executable bits) are unknown and a text file GitHub sent no diff for has its diff computed here from both sides.`,
    );
  }
  const classified = classifyFiles(listed, wholeDiff);

  // One read at the head: .gitattributes and the RFC candidates as text, and the sizes of the files
  // whose full content the budget may take (in the path heuristic's order; .gitattributes may reorder).
  const choice = chooseRfc(request.commandRfc, request.inputRfc, classified, {
    text: pull.body,
    pullHtmlUrl: pull.htmlUrl,
  });
  const explicit = choice.source === 'option' || choice.source === 'input';
  const asked = [
    ...new Set([
      '.gitattributes',
      ...(explicit ? choice.paths : [...choice.candidates.body, ...choice.candidates.changed]),
    ]),
  ];
  const likely = contentCandidates(classified)
    .filter((p) => !asked.includes(p))
    .slice(0, Math.max(0, SIZE_BATCH - asked.length));
  const first = await source.fetchFiles({ texts: asked, sizes: likely }, pull.headSha);
  const textOf = (path: string) => {
    const read = first.texts.get(path);
    return read !== undefined && 'text' in read ? read.text : undefined;
  };
  const picked = explicit
    ? choice
    : pickExistingRfc(
        choice.candidates,
        new Set(asked.filter((p) => textOf(p) !== undefined && p !== '.gitattributes')),
      );
  const documents: RfcDocument[] = [];
  const missing: string[] = [];
  for (const path of picked.paths) {
    const text = textOf(path);
    if (text === undefined || text.includes('\u0000')) missing.push(path);
    else documents.push({ path, content: text });
  }
  const note =
    missing.length === 0
      ? picked.note
      : `${picked.note}; not found as a text file at the head commit: ${names(missing)}${documents.length === 0 ? ', so the debate runs on the diff alone' : ''}.`;
  const lowPriority = lowPriorityClassifier(textOf('.gitattributes'));
  // Past GitHub's limits: the rest of the file list from the git trees, and diffs GitHub did not send.
  const completed = await completeChanges(source, pull, classified, lowPriority);
  const files = await readBaseBlobs(source, pull, completed.files, completed.mergeBase);
  notes.push(...completed.notes);
  const base = {
    pull,
    files,
    rfc: { documents, note },
    maxTokens: request.maxTokens,
    charsPerToken: request.charsPerToken,
    lowPriority,
    readGenerated: request.readGenerated ?? false,
    notes,
  };

  // Plan tiers 1-3, then size the full contents in the budget's order until their estimates fill the room.
  const plan = planEvidence(base);
  const room = plan.ledger.limit - plan.ledger.used;
  const rfcPaths = new Set(documents.map((d) => d.path));
  const candidates = contentCandidates(files, lowPriority).filter((p) => !rfcPaths.has(p));
  const sizes = new Map(first.sizes);
  const estimates = new Map<string, number>();
  let estimated = 0;
  let sized = likely.length;
  for (let i = 0; i < candidates.length && estimated < room && room >= MIN_CONTENT_CHARS; i += 1) {
    const path = candidates[i]!;
    if (!sizes.has(path) && !first.texts.has(path)) {
      // Sizes the first read did not ask for: the next batch of candidates in priority order.
      const batch = candidates.slice(i, i + SIZE_BATCH).filter((p) => !sizes.has(p));
      for (const [p, stat] of (await source.fetchFiles({ texts: [], sizes: batch }, pull.headSha)).sizes)
        sizes.set(p, stat);
      sized += batch.length;
    }
    const text = textOf(path);
    const stat = text !== undefined ? { bytes: Buffer.byteLength(text), binary: false } : sizes.get(path);
    if (stat === undefined || stat.binary) continue;
    const chars = estimateContentChars(stat.bytes, path);
    estimates.set(path, chars);
    estimated += chars;
  }
  const wanted = contentsToRead(plan, estimates);

  const contents = new Map<string, string>();
  const toRead = wanted.filter((p) => textOf(p) === undefined);
  const read = toRead.length === 0 ? undefined : await source.fetchFiles({ texts: toRead, sizes: [] }, pull.headSha);
  for (const path of wanted) {
    const file = read?.texts.get(path);
    const text = textOf(path) ?? (file !== undefined && 'text' in file ? file.text : undefined);
    if (text !== undefined) contents.set(path, text);
  }
  const pack = packEvidence(completePlan(plan, contents), contents, request.digestVersion);
  return { pull, files, pack, reads: { stat: sized, content: toRead.length } };
}

/** The PR's head is not the commit the run was asked to read (the bridge checked another). */
export class HeadMovedError extends Error {
  override name = 'HeadMovedError';
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `the PR's head is ${actual}, not ${expected}, the commit this run was asked to debate, so nothing was debated; ask again for the new head (add the label again)`,
    );
  }
}

/**
 * Holds the file list to the pinned head: every listed file's head blob (the file list's `sha`) is the
 * blob at its path in the commit `headSha`, and a removed file is not there, so a push (and a push back)
 * between reading the PR and its file list cannot pass another commit's changes off as this one's.
 * @param blobs the blob SHAs at `headSha` by path (`EvidenceSource.getBlobShas`)
 * @throws HeadMovedError when one differs
 */
function checkListAtHead(files: ChangedFile[], blobs: Map<string, string>, headSha: string): void {
  const moved = files.find((f) =>
    f.status === 'removed' ? blobs.has(f.path) : f.blobs?.head !== undefined && blobs.get(f.path) !== f.blobs.head,
  );
  if (moved)
    throw new HeadMovedError(
      headSha,
      `another commit: ${JSON.stringify(moved.path)} in its file list is not that commit's`,
    );
}

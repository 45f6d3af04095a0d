import type { LowPriorityClassifier } from './file-priority.js';
import type { ChangedFile } from './evidence-types.js';

/**
 * Whether a change holds nothing to debate (issue #40): no changed file at all (an empty diff, a range of
 * equal commits), or only generated, vendored and lock files, which no one reads by default (config
 * `read-generated`). Such a run is refused before any model call, with this one sentence. Pure.
 * @param files the changed files as listed
 * @param total GitHub's count of changed files (more than listed past its 3,000-file list)
 * @returns the sentence, or undefined when there is something to debate
 */
export function nothingToDebate(
  files: readonly ChangedFile[],
  total: number,
  classify: LowPriorityClassifier,
  readGenerated: boolean,
): string | undefined {
  if (total === 0 && files.length === 0)
    return 'Nothing to debate: no file differs between the base and the head of this change.';
  if (readGenerated || files.length < total || files.some((f) => classify(f.path) === undefined)) return undefined;
  return `Nothing to debate: every file this change touches (${files.length}) is generated, vendored or a lock file, which no model reads unless the config file sets \`read-generated: true\`.`;
}

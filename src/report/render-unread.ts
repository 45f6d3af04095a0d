import type { DebateResult } from '../debate/debate-types.js';
import { unreadSentences } from '../debate/phases/read-overflow.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { countCoverage } from '../evidence/split-overflow.js';
import { codeSpan } from './sanitise.js';

/**
 * The comment's notice for changed hunks no model read (decision record `evidence.unread`, issue #40):
 * how many, in which files (the first {@link NAMED}, each with its count), why, and what the gate does
 * with them. Pure.
 */

/** Files named in the notice; the rest are counted. */
const NAMED = 10;

/**
 * The notice as one GitHub alert block, or '' when every changed hunk was in the pack or read by a reader.
 * @param allowed whether config key `allow-unseen` names every file that may hold them (`debateFacts`), so the gate follows its policy
 */
export function renderUnreadNotice(
  outcome: Pick<DebateResult, 'reading'>,
  pack: Pick<EvidencePack, 'coverage'>,
  allowed = false,
): string {
  const { unread, unreadFiles } = countCoverage(pack.coverage, new Set(outcome.reading?.result.read ?? []));
  if (unread === 0) return '';
  const named = unreadFiles
    .slice(0, NAMED)
    .map((f) => `${codeSpan(f.path)} (${f.hunks})`)
    .join(', ');
  const rest = unreadFiles.length - Math.min(unreadFiles.length, NAMED);
  const reading = outcome.reading?.result;
  const noDiff = pack.coverage.noDiff.length;
  const why = [
    ...(reading
      ? unreadSentences(reading.parts, reading.unread)
      : pack.coverage.parts.length > 0
        ? ['No reader was planned for the parts that did not fit the pack.']
        : []),
    ...(noDiff > 0
      ? [`${noDiff} file${noDiff === 1 ? '' : 's'} had no diff computed (past the files read to compute diffs).`]
      : []),
  ]
    .map((sentence) => ` ${sentence}`)
    .join('');
  return `> [!WARNING]\n> **Unread changes:** ${unread.toLocaleString('en-US')} changed hunk${unread === 1 ? '' : 's'} no model read (neither in the evidence pack nor by a reader): ${named}${rest > 0 ? `, and ${rest} more file${rest === 1 ? '' : 's'}` : ''}.${why} ${allowed ? "The config file's \`allow-unseen\` names these files, so the gate follows its policy for this decision." : "The gate does not pass this decision unless a maintainer other than the PR's author accepts it or the config file's \`allow-unseen\` names these files."}`;
}

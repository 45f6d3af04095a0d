import type { UnseenFiles } from '../evidence/evidence-types.js';
import { codeSpan } from './sanitise.js';

/**
 * The comment's notice for changed files the models did not see (decision record `evidence.unseen`,
 * issue 30): how many, which (the first {@link NAMED}), and what the gate does with them. Pure.
 */

/** Paths named in the notice; the rest are counted. */
const NAMED = 10;

/**
 * The notice as one GitHub alert block (two lines), or '' when every change was seen.
 * @param allowed whether config key `allow-unseen` names every unseen file (`debateFacts`), so the gate follows its policy
 */
export function renderUnseenNotice(unseen: UnseenFiles, allowed = false): string {
  if (unseen.count === 0) return '';
  const named = unseen.paths.slice(0, NAMED).map(codeSpan).join(', ');
  const rest = unseen.count - Math.min(unseen.paths.length, NAMED);
  const list = `${named}${rest > 0 ? `${named ? ', and ' : ''}${rest} more${unseen.paths.length < unseen.count ? ' (some GitHub did not name)' : ''}` : ''}`;
  return `> [!WARNING]\n> **Unseen changes:** ${unseen.count} changed file${unseen.count === 1 ? '' : 's'} the models did not see (binary, or no text diff to read): ${list}. ${allowed ? "The config file's \`allow-unseen\` names these files, so the gate follows its policy for this decision." : "The gate does not pass this decision unless a maintainer accepts it or the config file's \`allow-unseen\` names these files."}`;
}

import { MARKER_PREFIX } from './sanitise.js';

/** Where the comment's links point and who asked: what every part of the comment may need. */
export interface CommentContext {
  /** The debate id (16 hex characters), for the marker. */
  id: string;
  /** `GITHUB_SERVER_URL`, e.g. `https://github.com`. */
  serverUrl: string;
  owner: string;
  repo: string;
  /** The head commit the debate saw: verified head citations link there. */
  headSha: string;
  /** The base commit, for citations of removed lines (`path@base:N`); without it they are not linked. */
  baseSha?: string;
  runUrl: string | undefined;
  /** Wall time of the run so far, in milliseconds. */
  durationMs: number;
  /** The PR's head when the result was posted; differs from `headSha` when a push made the result stale. */
  currentHeadSha: string;
  /**
   * What the `pr-debate` check on `headSha` concludes for this record under `gate-policy` (src/gate,
   * `evaluatePolicy`), and its one-sentence reason; when it is not `success` the comment says the merge is blocked.
   */
  gate?: {
    conclusion: string;
    reason: string;
    /** Whether config key `allow-unseen` names every unseen file, and every file that may hold unread hunks (`debateFacts`). */
    unseenAllowed?: boolean;
    unreadAllowed?: boolean;
  };
}

/**
 * The hidden first line that identifies a debate's comment (docs/how-a-debate-runs.md):
 * `<!-- pr-debate:v1 id=<debate-id> -->`.
 */
export function markerLine(id: string): string {
  return `${MARKER_PREFIX} id=${id} -->`;
}

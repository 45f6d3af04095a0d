/**
 * What the local GitHub server holds and keeps: the requests it received, the faults a test set, and the
 * resources it made (comments, reactions, check runs and their annotations, reviews), as GitHub's JSON.
 */
import type { ReviewState } from './reviews.js';

/** One request as the server received it; `path` is the raw (still percent-encoded) pathname. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the body is JSON, else the text, else undefined. */
  body: unknown;
  /** When the request arrived (ms since the epoch), for the start-up benchmark. */
  receivedAt: number;
}

/** An answer given instead of the route's, to the first `times` requests that match. */
export interface Fault {
  method?: string;
  /** Exact pathname, or a RegExp tested on the pathname (no query). */
  path: RegExp | string;
  status: number;
  /** JSON body; default GitHub's error shape with the status text for statuses >= 400. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Default 1; `Infinity` never runs out. */
  times?: number;
  /** Wait this long before answering (or destroying). */
  delayMs?: number;
  /** Destroy the socket instead of answering, as a dropped connection. */
  destroy?: boolean;
  /** Answer as the route would, after `delayMs` (`status` is ignored): a slow request, not a failed one. */
  pass?: boolean;
  /** Answer (or, with `pass`, go on to the route) only once this settles too: a request held until something else happens; the test bounds it. */
  until?: Promise<unknown>;
  /**
   * Runs when the fault matches, before any answer: something that happens on GitHub while this request
   * is in flight, such as a push that moves a PR's head (with `pass`, the route then answers normally).
   */
  onMatch?: () => void;
}

/** GitHub's `simple-user`. */
export interface SimpleUser {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  url: string;
  html_url: string;
  type: 'User' | 'Bot' | 'Organization';
  site_admin: boolean;
}

/** GitHub's reaction roll-up on a comment. */
export interface ReactionRollup {
  url: string;
  total_count: number;
  '+1': number;
  '-1': number;
  laugh: number;
  hooray: number;
  confused: number;
  heart: number;
  rocket: number;
  eyes: number;
}

/** GitHub's `issue-comment` JSON. */
export interface IssueComment {
  id: number;
  node_id: string;
  url: string;
  html_url: string;
  issue_url: string;
  body: string;
  user: SimpleUser;
  created_at: string;
  updated_at: string;
  author_association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'NONE';
  performed_via_github_app: null;
  reactions: ReactionRollup;
}

/** A reaction on an issue comment. */
export interface ReceivedReaction {
  id: number;
  commentId: number;
  content: string;
  /** Login of the reacting user. */
  user: string;
  created_at: string;
}

/** One annotation of a check run, as sent in `output.annotations`. */
export interface CheckRunAnnotation {
  checkRunId: number;
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

/** GitHub's `check-run` JSON. */
export interface CheckRun {
  id: number;
  node_id: string;
  head_sha: string;
  external_id: string | null;
  url: string;
  html_url: string;
  details_url: string | null;
  status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  conclusion:
    'action_required' | 'cancelled' | 'failure' | 'neutral' | 'success' | 'skipped' | 'stale' | 'timed_out' | null;
  started_at: string | null;
  completed_at: string | null;
  output: {
    title: string | null;
    summary: string | null;
    text: string | null;
    annotations_count: number;
    annotations_url: string;
  };
  name: string;
  check_suite: { id: number };
  app: { id: number; slug: string; node_id: string; name: string };
  pull_requests: {
    url: string;
    id: number;
    number: number;
    head: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
    base: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
  }[];
}

/** Everything the server saw and holds; tests read it and may push faults at any time. */
export interface GitHubServerState {
  requests: ReceivedRequest[];
  /** Every comment on every issue/PR, in creation order (deleted ones are removed). */
  comments: IssueComment[];
  /** Who last edited each comment, by its id (GraphQL `IssueComment.editor`): a comment nobody edited has none. */
  commentEditors: Map<number, string>;
  reactions: ReceivedReaction[];
  checkRuns: CheckRun[];
  /** Annotations of every check run, in the order they were sent. */
  checkRunAnnotations: CheckRunAnnotation[];
  /** Reviews, review comments and review threads of every PR (`reviews.ts`). */
  reviews: ReviewState;
  /** Consumed in order as they match. */
  faults: Fault[];
}

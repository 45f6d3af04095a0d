import type { PostedComment, Publisher } from '../github/comments.js';

/**
 * A publisher that keeps what a run posts: the CLI prints the last body of the debate comment. With
 * `inner` (`--post`), everything is also published through it, exactly as the action publishes; without
 * it (the dry run), nothing is written anywhere and the answers say so.
 */
export interface RecordingPublisher extends Publisher {
  /** The last body given for the debate comment (progress updates come first), or undefined. */
  lastComment(): { body: string; url: string } | undefined;
  /** Replies the run would have posted (a refusal, help). */
  replies(): string[];
}

/** The URL a dry run reports for a comment it did not post. */
export const NOT_POSTED = '(dry run: not posted)';

/**
 * @param inner the real publisher, or undefined for a dry run
 * @param author the login a dry-run comment is said to be by (`bot-login`, so the pipeline does not warn)
 */
export function createRecordingPublisher(inner: Publisher | undefined, author: string): RecordingPublisher {
  let last: { body: string; url: string } | undefined;
  const replies: string[] = [];
  const notPosted: PostedComment = { id: 0, url: NOT_POSTED, author };
  return {
    async upsert(issueNumber, marker, body, head) {
      const posted = inner ? await inner.upsert(issueNumber, marker, body, head) : { ...notPosted, created: true, skipped: false };
      last = { body, url: posted.url };
      return posted;
    },
    async reply(issueNumber, body) {
      replies.push(body);
      return inner ? inner.reply(issueNumber, body) : notPosted;
    },
    react: async (commentId, content) => (inner ? inner.react(commentId, content) : 0),
    unreact: async (commentId, reactionId) => {
      if (inner) await inner.unreact(commentId, reactionId);
    },
    lastComment: () => last,
    replies: () => [...replies],
  };
}

import type { Publisher } from '../github/create-publisher.js';
import type { PostedComment } from '../github/upsert-comment.js';

/**
 * A publisher that keeps what a run posts: the CLI prints the last body of the debate comment. With
 * `post` (`--post`), every write goes through the action's own publisher, exactly as the action
 * publishes; without it (the dry run), reads still go to GitHub but nothing is written, and the answers
 * say so.
 */
export interface CapturingPublisher extends Publisher {
  /** The last body given for the debate comment (progress, then the verdict or failure), or undefined. */
  lastComment(): { body: string; url: string } | undefined;
  /** Replies the run would have posted (a refusal, an input problem). */
  replies(): string[];
}

/** The URL a dry run reports for a comment it did not post. */
export const NOT_POSTED = '(dry run: not posted)';

/**
 * @param real the action's publisher on the PR
 * @param options.post publish (`--post`); otherwise write nothing
 * @param options.author the login a dry-run comment is said to be by (`bot-login`, so the pipeline does not warn)
 * @param options.local a local range's run: there is no PR, so no earlier comment is looked for either
 */
export function createCapturingPublisher(
  real: Publisher,
  options: { post: boolean; author: string; local?: boolean },
): CapturingPublisher {
  let last: { body: string; url: string } | undefined;
  const replies: string[] = [];
  const notPosted: PostedComment = { id: 0, url: NOT_POSTED, author: options.author };
  const keep = async <T extends PostedComment>(body: string, write: () => Promise<T>, skipped: T): Promise<T> => {
    const posted = options.post ? await write() : skipped;
    last = { body, url: posted.url };
    return posted;
  };
  return {
    debateComment(issueNumber, marker) {
      const comment = real.debateComment(issueNumber, marker);
      return {
        postVerdict: (body, head) => keep(body, () => comment.postVerdict(body, head), { ...notPosted, created: true }),
        postUpdate: (body) => keep(body, () => comment.postUpdate(body), { ...notPosted, created: true }),
      };
    },
    find: (issueNumber, marker) => (options.local ? Promise.resolve(undefined) : real.find(issueNumber, marker)),
    readEdit: (comment) => real.readEdit(comment),
    edit: async (commentId, body) => {
      if (options.post) await real.edit(commentId, body);
    },
    async reply(issueNumber, body) {
      replies.push(body);
      return options.post ? real.reply(issueNumber, body) : notPosted;
    },
    react: async (commentId, content) => (options.post ? real.react(commentId, content) : 0),
    unreact: async (commentId, reactionId) => {
      if (options.post) await real.unreact(commentId, reactionId);
    },
    lastComment: () => last,
    replies: () => [...replies],
  };
}

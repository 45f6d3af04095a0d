import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRestClients } from '../../src/github/create-rest-octokit.js';
import { createMutationBatch, MutationFieldError } from '../../src/github/mutation-batch.js';
import { addReviewField } from '../../src/github/review-threads.js';
import { updateCommentField } from '../../src/github/upsert-comment.js';

/**
 * The end's one mutation is never sent twice (issue #34): @octokit/plugin-retry re-sends a request that
 * failed with a 5xx, and reads a 200 whose first error says "Something went wrong while executing your
 * query" as a 500 to retry; a mutation that ran, in part or whole, would then run again (a second review,
 * a second check run). A server that answers each way, counting the documents it receives.
 */
describe('the mutation batch', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const serve = async (answer: (res: import('node:http').ServerResponse) => void) => {
    let posts = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        posts += 1;
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const batch = createMutationBatch(createRestClients('ghs_batchTest', url, () => undefined, 'pr-debate-test', { writeSpacingMs: 0 }).writes);
    const comment = batch.add(updateCommentField('IC_1', 'verdict'));
    const review = batch.add(addReviewField('PR_1', 'a'.repeat(40), 'review', [{ path: 'src/a.ts', body: 'b', line: 1, side: 'RIGHT', startLine: undefined }]));
    const settled = Promise.allSettled([comment, review]);
    await batch.send();
    return { posts: () => posts, settled: await settled };
  };

  it('reads a partly failed answer as it stands, once: the fields that ran are settled, the failed one refused', async () => {
    const { posts, settled } = await serve((res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { f0: { issueComment: { id: 'IC_1' } }, f1: null }, errors: [{ path: ['f1'], message: 'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.' }] }));
    });
    expect(posts()).toBe(1);
    expect(settled[0]!.status).toBe('fulfilled');
    expect(settled[1]!.status).toBe('rejected');
    const refused = (settled[1] as PromiseRejectedResult).reason as MutationFieldError;
    expect(refused).toMatchObject({ sent: true, unknown: false, mutation: 'addPullRequestReview' });
  });

  it('sends a document that failed with no answer once, and says its outcome is unknown', async () => {
    const { posts, settled } = await serve((res) => {
      res.statusCode = 502;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Server Error' }));
    });
    expect(posts()).toBe(1);
    for (const result of settled) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ sent: false, unknown: true });
    }
  });
});

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CHECK_NAME, CHECK_TITLES } from '../gate/check-titles.js';
import type { CheckOutput, GateSource } from '../gate/gate-types.js';
import type { DecisionCheckRun } from '../gate/select-record.js';
import {
  associatedSchema,
  checkRunSchema,
  commentSchema,
  commitSchema,
  listSchema,
  pullSchema,
  toRun,
} from './check-run-schemas.js';
import type { GitHubClient } from './create-octokit.js';
import { createOnce } from './create-once.js';
import { findLabeller } from './bridge-source.js';
import { readPushers } from './read-pushers.js';
import { canTrigger } from './check-permission.js';
import { parseResponse } from './parse-response.js';
import { safeCheckOutput } from '../report/check-output-text.js';
import { CHECK_OUTPUT_BYTES } from '../gate/fit-record.js';
import { MARKER_PREFIX } from '../report/sanitise.js';
import { HEAD_TRAILER } from './upsert-comment.js';

/**
 * The merge gate's reads and writes on GitHub (docs/gate.md), behind {@link GateSource}.
 * REST: check runs (docs.github.com/rest/checks/runs: create, update, list for a git reference with
 * `check_name`, `filter` and `app_id`), a PR's head and labels (rest/pulls), who added a label (the
 * issue timeline, rest/issues/timeline) and whether they can write (rest/collaborators), the open PRs
 * whose head a commit is and a merge group's commits through every page of the comparison
 * (`GET /compare/{base}...{head}`), each with the PRs associated with it (`GET /commits/{sha}/pulls`).
 * Only a GitHub App can write check runs; `GITHUB_TOKEN` is the GitHub Actions app's and needs
 * `checks: write`.
 */

/**
 * `output` as GitHub takes it: title, summary and text, the record's texts rendering as text. The summary
 * is cut to GitHub's limit in bytes (`CHECK_OUTPUT_BYTES`) on a whole character; the text never is: a
 * record cut anywhere would no longer parse, so records are fitted before they are signed and one that
 * does not fit is never written (`unrecordedOutput`).
 */
function output(result: CheckOutput): { title: string; summary: string; text?: string } {
  const safe = safeCheckOutput(result.summary, result.text);
  return {
    title: result.title,
    summary: cutToBytes(safe.summary, CHECK_OUTPUT_BYTES),
    ...(safe.text === undefined ? {} : { text: safe.text }),
  };
}

/** `text` cut to at most `limit` UTF-8 bytes, on a whole code point, with `…` when cut. */
function cutToBytes(text: string, limit: number): string {
  if (Buffer.byteLength(text) <= limit) return text;
  let kept = '';
  let bytes = Buffer.byteLength('…');
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > limit) break;
    kept += char;
  }
  return `${kept}…`;
}

/** An annotation of the check run (`output.annotations[]`, docs.github.com/rest/checks/runs#create-a-check-run). */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice';
  title: string;
  message: string;
}

/** GitHub takes at most 50 annotations per create or update request ("Update the check run with more annotations"). */
export const ANNOTATIONS_PER_REQUEST = 50;

/**
 * Creates a completed `pr-debate` check run (the end of a debate, or an accept), with its annotations:
 * the first 50 in the create request, the rest in updates of 50 each (GitHub's batching rule). The
 * create is sent once ({@link createOnce}): it carries a fresh `external_id` ("A reference for the run
 * on the integrator's system", docs.github.com/rest/checks/runs#create-a-check-run), by which a run
 * whose answer was lost is looked for before it is sent again.
 * @returns the run's id, its app (the token's) and its page
 * @throws Octokit's RequestError: 403 without `checks: write`, 422 for an unknown SHA
 */
export async function createDecisionCheck(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  headSha: string,
  result: CheckOutput,
  annotations: readonly CheckAnnotation[] = [],
): Promise<{ id: number; appId: number; htmlUrl: string }> {
  const first = annotations.slice(0, ANNOTATIONS_PER_REQUEST);
  const key = randomUUID();
  const create = async (request: { retries: 0 }) => {
    const { data } = await octokit.rest.checks.create({
      ...repo,
      name: CHECK_NAME,
      head_sha: headSha,
      external_id: key,
      status: 'completed',
      conclusion: result.conclusion,
      ...(result.detailsUrl ? { details_url: result.detailsUrl } : {}),
      output: { ...output(result), ...(first.length > 0 ? { annotations: first } : {}) },
      request,
    });
    return parseResponse(checkRunSchema, data, 'POST check-runs');
  };
  const run = await createOnce(create, () => findCheckRun(octokit, repo, headSha, key));
  // Each update needs the output's title and summary again; annotations are added, never replaced.
  for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
    await octokit.rest.checks.update({
      ...repo,
      check_run_id: run.id,
      output: { ...output(result), annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST) },
    });
  }
  return { id: run.id, appId: run.app?.id ?? -1, htmlUrl: run.html_url ?? '' };
}

/** The `pr-debate` check run on `headSha` whose `external_id` is `key` (every page), if there is one. */
async function findCheckRun(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  headSha: string,
  key: string,
): Promise<z.infer<typeof checkRunSchema> | undefined> {
  const pages = octokit.paginate.iterator(octokit.rest.checks.listForRef, {
    ...repo,
    ref: headSha,
    check_name: CHECK_NAME,
    filter: 'all',
    per_page: 100,
  });
  for await (const page of pages) {
    const items: unknown[] = Array.isArray(page.data)
      ? page.data
      : parseResponse(listSchema, page.data, 'GET commits/check-runs').check_runs;
    const found = items
      .map((item) => parseResponse(checkRunSchema, item, 'GET commits/check-runs'))
      .find((run) => run.external_id === key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The gate's {@link GateSource} on GitHub's REST API.
 * @param warn where a read that leaves something unknown is said (who pushed a head)
 */
export function createGateSource(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  botLogin: string,
  warn: (message: string) => void = () => undefined,
): GateSource {
  return {
    async startCheck(headSha) {
      const { data } = await octokit.rest.checks.create({
        ...repo,
        name: CHECK_NAME,
        head_sha: headSha,
        status: 'in_progress',
        output: {
          title: CHECK_TITLES.evaluating,
          summary: 'The merge gate is reading the decision records of this PR.',
        },
      });
      // Only the id is needed to finish the check; a missing app is said on the check by `holdCheck`.
      const run = parseResponse(checkRunSchema.pick({ id: true, app: true }), data, 'POST check-runs');
      return { id: run.id, appId: run.app?.id };
    },

    async finishCheck(id, result) {
      const { data } = await octokit.rest.checks.update({
        ...repo,
        check_run_id: id,
        status: 'completed',
        conclusion: result.conclusion,
        ...(result.detailsUrl ? { details_url: result.detailsUrl } : {}),
        output: output(result),
      });
      return { htmlUrl: parseResponse(checkRunSchema, data, 'PATCH check-runs').html_url ?? '' };
    },

    async listDecisionRuns(sha, appId) {
      const runs: DecisionCheckRun[] = [];
      // `filter: all`: the default `latest` would hide a debate's run behind a later gate run of the same name.
      const pages = octokit.paginate.iterator(octokit.rest.checks.listForRef, {
        ...repo,
        ref: sha,
        check_name: CHECK_NAME,
        filter: 'all',
        app_id: appId,
        per_page: 100,
      });
      for await (const page of pages) {
        // Octokit's paginate unwraps `check_runs` into `data`; parse each run where it enters.
        const items: unknown[] = Array.isArray(page.data)
          ? page.data
          : parseResponse(listSchema, page.data, 'GET commits/check-runs').check_runs;
        for (const item of items) runs.push(toRun(parseResponse(checkRunSchema, item, 'GET commits/check-runs')));
      }
      // The filter is GitHub's; the app is checked again here, so a run by another app is never read.
      return runs.filter((run) => run.appId === appId);
    },

    async getPull(pullNumber) {
      const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber });
      const pull = parseResponse(pullSchema, data, `GET pulls/${pullNumber}`);
      // A deleted author's PR shows `user: null`; `ghost` is the login GitHub gives such users.
      return {
        headSha: pull.head.sha,
        labels: pull.labels.map((l) => l.name),
        author: pull.user?.login ?? 'ghost',
        base: { ref: pull.base.ref, sha: pull.base.sha },
        head: pull.head.repo ? { ref: pull.head.ref, repository: pull.head.repo.full_name } : undefined,
      };
    },

    async readPushers(pull, shas) {
      return pull.head ? readPushers(octokit, pull.head, shas, warn) : new Map();
    },

    async labelAddedBy(pullNumber, label) {
      return (await findLabeller(octokit, repo, pullNumber, label))?.login;
    },

    async canWrite(login) {
      return (await canTrigger(octokit, repo, login)).allowed;
    },

    async listHeadPulls(sha) {
      const pulls = await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
        ...repo,
        commit_sha: sha,
        per_page: 100,
      });
      const full = `${repo.owner}/${repo.repo}`.toLowerCase();
      return pulls
        .map((p) => parseResponse(associatedSchema, p, `GET commits/${sha}/pulls`))
        .filter((p) => p.state === 'open' && p.head.sha === sha && p.base.repo?.full_name.toLowerCase() === full)
        .map((p) => p.number);
    },

    async listCommentHeads(pullNumber) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: pullNumber,
        per_page: 100,
      });
      const heads: string[] = [];
      for (const item of comments) {
        const comment = parseResponse(commentSchema, item, `GET issues/${pullNumber}/comments`);
        const head =
          comment.user?.login === botLogin && comment.body?.startsWith(`${MARKER_PREFIX} id=`)
            ? HEAD_TRAILER.exec(comment.body)?.[1]
            : undefined;
        if (head) heads.push(head);
      }
      return heads;
    },

    async listGroupCommits(baseSha, headSha) {
      // Every page: Octokit's paginate follows the Link header; each page repeats the comparison, so map it to its commits.
      const compared = await octokit.paginate(
        octokit.rest.repos.compareCommitsWithBasehead,
        { ...repo, basehead: `${baseSha}...${headSha}`, per_page: 100 },
        (response) => parseResponse(z.object({ commits: z.array(commitSchema) }), response.data, 'GET compare').commits,
      );
      const result = [];
      for (const commit of compared) {
        const pulls = await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
          ...repo,
          commit_sha: commit.sha,
          per_page: 100,
        });
        result.push({
          sha: commit.sha,
          pulls: pulls.map(
            (p) => parseResponse(z.object({ number: z.number().int() }), p, `GET commits/${commit.sha}/pulls`).number,
          ),
        });
      }
      return result;
    },
  };
}

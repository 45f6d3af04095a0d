/**
 * One measured run of the evidence stage, in a fresh process so its peak RSS is its own:
 * `node gather-child.mjs <api-url> <owner> <repo> <pull-number> <max-tokens> [model]` prints one line of JSON;
 * the pack is sized for `model` in every role (`packCharsPerToken`; default: the action's default model).
 * Bundled by bench/evidence-bench.ts; it runs the action's own code with the action's Octokit
 * (retry and throttling plugins) against the local GitHub server.
 */
import { performance } from 'node:perf_hooks';
import { gatherEvidence } from '../src/evidence/gather-evidence.js';
import { createOctokit } from '../src/github/create-octokit.js';
import { createPullRequestSource } from '../src/github/pull-request-source.js';
import { packCharsPerToken } from '../src/llm/pack-tokenizer.js';
import { DEFAULT_MODEL } from '../src/settings/input-schemas.js';

const [apiUrl = '', owner = '', repo = '', pullNumber = '1', maxTokens = '80000', model = DEFAULT_MODEL] =
  process.argv.slice(2);
const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
const started = performance.now();
const warn = (message: string) => process.stderr.write(`${message}\n`);
const source = createPullRequestSource(createOctokit('bench-token', apiUrl, warn), { owner, repo }, warn);
const gathered = await gatherEvidence(source, {
  pullNumber: Number(pullNumber),
  commandRfc: undefined,
  inputRfc: undefined,
  maxTokens: Number(maxTokens),
  charsPerToken: packCharsPerToken({ advocates: [model], judge: model }),
});
const ms = performance.now() - started;
const { pack } = gathered;
process.stdout.write(
  `${JSON.stringify({
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    baselineRssMb,
    requests: source.requests(),
    counts: source.requestCounts(),
    tokens: pack.tokens,
    files: pack.fileCount,
    changedLines: gathered.files.reduce((sum, f) => sum + f.additions + f.deletions, 0),
    parts: pack.coverage.parts.length,
    omitted: pack.omitted.length,
    budget: pack.budget,
  })}\n`,
);

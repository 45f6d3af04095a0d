/**
 * The main job, on a real case: `npm run demo` (the illustration of commander-excess-arguments), or
 * `npm run demo -- <case-id>`.
 *
 * Materialises a real change between two published npm versions (cached in .cache/real-cases),
 * serves it as a labelled pull request from a local GitHub REST server, runs the bundled action
 * (dist/index.js) exactly as the Actions runner would, and prints the comment it posted.
 *
 * With ANTHROPIC_API_KEY set, the advocates and the judge are the real Anthropic API (ANTHROPIC_BASE_URL
 * is honoured). Without it, a local Messages API server plays the model, under a stand-in's model id
 * (`src/rehearsal/stand-ins.ts`), so the comment says what wrote it and prices nothing:
 * - the illustration, for a case that has one (`docs/illustration/<case-id>.yml`): replies written by
 *   hand, played through the real pipeline (`src/rehearsal/illustration.ts`);
 * - else the rehearsal: schema-valid turns that keep the protocol's rules, citing real lines of the
 *   evidence (and one wrong citation per reply, so the verifier has something to catch).
 * The output says which one ran. Nothing it prints holds a key: `::add-mask::` lines and this run's
 * secrets are filtered from the action's log before it is echoed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createIllustrationResponder, parseIllustration } from '../src/rehearsal/illustration.js';
import { createRehearsalResponder, type Responder } from '../src/rehearsal/rehearsal-model.js';
import { STAND_INS, type StandIn } from '../src/rehearsal/stand-ins.js';
import { labeledEvent } from '../test/support/event-payloads.js';
import { SCENARIO, startRealCaseScenario } from '../test/support/real-case-scenario.js';
import { NODE24_UNAVAILABLE } from '../test/support/node24.js';
import { ROOT, spawnAction } from '../test/support/run-action.js';
import { loadRealCases } from './materialise-case.js';

/** The case `npm run demo` runs without a case id: the one the illustration was written for. */
const DEFAULT_CASE = 'commander-excess-arguments';

/** The action's log as a person may see it: no `::add-mask::` line, and none of this run's secrets. */
function withoutSecrets(log: string, secrets: readonly string[]): string {
  let text = log
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  for (const secret of secrets) text = text.split(secret).join('***');
  return text;
}

const caseId = process.argv[2] ?? DEFAULT_CASE;
const cases = await loadRealCases();
if (caseId.startsWith('-') || !cases.some((c) => c.id === caseId)) {
  const problem = caseId.startsWith('-')
    ? ''
    : `no real case has the id ${JSON.stringify(caseId)}; pick one of the ids below\n\n`;
  console.error(
    `${problem}usage: npm run demo [-- <case-id>]   (default: ${DEFAULT_CASE}, its illustration)\n\ncase ids:\n${cases.map((c) => `  ${c.id.padEnd(34)} ${c.package} ${c.from} -> ${c.to}`).join('\n')}`,
  );
  process.exit(caseId === '-h' || caseId === '--help' ? 0 : 2);
}

const realKey = process.env.ANTHROPIC_API_KEY;
const illustrationFile = path.join(ROOT, 'docs', 'illustration', `${caseId}.yml`);
// Without a key, a stand-in plays the model: the case's illustration when it has one, else the rehearsal.
const standIn: StandIn | undefined = realKey ? undefined : existsSync(illustrationFile) ? 'illustration' : 'rehearsal';
const responder: Responder | undefined =
  standIn === 'illustration'
    ? createIllustrationResponder(parseIllustration(readFileSync(illustrationFile, 'utf8')))
    : standIn === 'rehearsal'
      ? createRehearsalResponder({ seed: 1 })
      : undefined;
const STAND_IN_HEADERS: Record<StandIn, string> = {
  illustration: `Model: ILLUSTRATION (model id illustration): this is ${STAND_INS.illustration}. The replies are in ${path.relative(ROOT, illustrationFile)}; a local Messages API server plays them, and nothing is spent.`,
  rehearsal: `Model: LOCAL REHEARSAL (model id rehearsal): this is ${STAND_INS.rehearsal}. ANTHROPIC_API_KEY is not set, so a local Messages API server answers every call with generated turns that keep the debate's rules and cite real lines of the evidence.`,
};
console.log(`pr-debate demo: ${caseId}`);
console.log(standIn ? STAND_IN_HEADERS[standIn] : 'Model: the real Anthropic API (ANTHROPIC_API_KEY is set).');

const started = Date.now();
const scenario = await startRealCaseScenario(caseId, responder);
try {
  const c = scenario.materialised.case;
  console.log(
    `Pull request: ${c.package} ${c.from} -> ${c.to} (${scenario.materialised.meta.files_changed} files, +${scenario.materialised.meta.additions} -${scenario.materialised.meta.deletions}), RFC ${c.rfc_path}`,
  );
  console.log(
    `Local GitHub API: ${scenario.github.url} (repository ${scenario.repository}, PR #${SCENARIO.pullNumber})\n`,
  );
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  // The runner uses Node 24 (action.yml); where its binary cannot be had, this Node runs the action.
  if (NODE24_UNAVAILABLE)
    console.log(`Node: ${process.version} (the runner's Node 24 ${NODE24_UNAVAILABLE.replace(/^needs /, 'is ')})`);
  const result = await spawnAction({
    ...(NODE24_UNAVAILABLE ? { node: process.execPath } : {}),
    eventName: 'pull_request',
    payload: labeledEvent({
      owner,
      repo,
      number: SCENARIO.pullNumber,
      label: 'debate',
      sender: SCENARIO.maintainer,
      headSha: scenario.pull.head.sha,
    }),
    repository: scenario.repository,
    apiUrl: scenario.github.url,
    inputs: {
      'github-token': SCENARIO.githubToken,
      'anthropic-api-key': realKey ?? SCENARIO.anthropicKey,
      'rfc-path': c.rfc_path,
      // A stand-in has no list price, and a run on a model without one does not start (issue #31):
      // model-prices says what the local server charges, nothing.
      ...(scenario.anthropic && standIn
        ? { 'base-url': scenario.anthropic.url, model: standIn, 'model-prices': `${standIn}=0/0` }
        : {}),
    },
    env: process.env.ANTHROPIC_BASE_URL && realKey ? { ANTHROPIC_BASE_URL: process.env.ANTHROPIC_BASE_URL } : {},
    timeoutMs: 25 * 60_000,
  });

  const secrets = [realKey, SCENARIO.anthropicKey, SCENARIO.githubToken].filter((s): s is string => Boolean(s));
  console.log('--- action log ---');
  console.log(withoutSecrets(result.stdout, secrets).trimEnd());
  if (result.stderr.trim()) console.log(withoutSecrets(result.stderr, secrets).trimEnd());
  const comment = scenario.github.state.comments.find((x) => x.body.startsWith('<!-- pr-debate:v1'));
  console.log('\n--- the PR comment ---');
  console.log(comment ? comment.body : '(no debate comment was posted)');

  // Check what a reviewer would click: every blob link must land on lines that exist at the head (or, for
  // a removed line, at the base).
  let links = 0;
  let broken = 0;
  for (const [, sha, file, start, end] of (comment?.body ?? '').matchAll(
    /\]\(https:\/\/github\.com\/[^)\s]+\/blob\/([0-9a-f]{40})\/([^#)\s]+)#L(\d+)(?:-L(\d+))?\)/g,
  )) {
    links += 1;
    const lines = scenario.pull.readFile(sha!, decodeURIComponent(file!))?.toString('utf8').split('\n');
    if (
      (sha !== scenario.pull.head.sha && sha !== scenario.pull.base.sha) ||
      !lines ||
      Number(end ?? start) > lines.length
    )
      broken += 1;
  }
  // PR_DEBATE_DEMO_DIR: where a test keeps its copy of the comment (test/scripts/demo.test.ts), apart from a person's run.
  const outDir = process.env.PR_DEBATE_DEMO_DIR ?? path.join(ROOT, '.cache', 'demo');
  await mkdir(outDir, { recursive: true });
  const saved = path.join(outDir, `${caseId}.md`);
  if (comment) await writeFile(saved, comment.body);

  const record = result.outputs.decision
    ? (JSON.parse(result.outputs.decision) as { usage: Record<string, number> })
    : undefined;
  const modelCalls = scenario.anthropic?.requests.length;
  const rest = scenario.github.state.requests.length;
  console.log('\n--- figures ---');
  console.log(
    `status ${result.outputs.status ?? '(none)'}, recommendation ${result.outputs.recommendation ?? '(none)'}, confidence ${result.outputs.confidence || '(none)'}, exit code ${result.exitCode}`,
  );
  const tokens = record
    ? `${record.usage.input_tokens} in, ${record.usage.output_tokens} out, ${record.usage.cache_creation_input_tokens} cache written, ${record.usage.cache_read_input_tokens} cache read`
    : '';
  if (record && realKey) console.log(`tokens: ${tokens}; cost $${record.usage.cost_usd}`);
  if (record && standIn)
    console.log(`tokens as the local server counted them: ${tokens}; no model was called, nothing was spent`);
  if (modelCalls !== undefined && standIn) console.log(`model calls: ${modelCalls} (answered by the ${standIn})`);
  console.log(
    `GitHub REST calls: ${rest}; blob links: ${links}, ${broken === 0 ? 'all resolve to lines at the head (or base) commit' : `${broken} BROKEN`}`,
  );
  console.log(
    `wall time: action ${(result.durationMs / 1000).toFixed(1)} s, demo ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (comment) console.log(`comment saved to ${path.relative(process.cwd(), saved)}`);
  if (standIn) console.log(`Reminder: this was ${STAND_INS[standIn]}. Set ANTHROPIC_API_KEY to run the real debate.`);
  process.exitCode = result.exitCode === 0 && broken === 0 ? 0 : 1;
} finally {
  await scenario.close();
}

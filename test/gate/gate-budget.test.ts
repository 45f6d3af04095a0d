import { afterEach, describe, expect, it } from 'vitest';
import { packReadersFor } from '../../src/debate/plan.js';
import { DIGEST_VERSION } from '../../src/evidence/content-digest.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { countCoverage } from '../../src/evidence/split-overflow.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';
import type { GateConfig } from '../../src/gate/gate-types.js';
import { rebuildEvidence, rebuildSizing } from '../../src/gate/rebuild-evidence.js';
import { DEFAULT_EVIDENCE_TOKENS } from '../../src/evidence/show-lines.js';
import { runGate } from '../../src/gate/run-gate.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { packCharsPerToken } from '../../src/llm/pack-tokenizer.js';
import { gateDeps } from '../../src/pipeline/gate-context.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import type { Settings } from '../../src/settings/settings.js';
import { gitBlobSha } from '../support/github-server.js';
import { leftHunksOut } from '../evidence/pack-check.js';
import { olderRecord, OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';

/**
 * The merge gate against the tokenizer-sized evidence budget (issue #31), as an attacker of the gate would
 * try it: the debate job sizes its pack for its models' tokenizer, and the gate job, which has other
 * inputs, rebuilds the pack to compare `content_digest`. The hunks shown are in the digest, so the
 * budget matters wherever it cuts hunks: a gate sizing by its own inputs would call a no-op rebase stale.
 * The debate side is the pipeline's own sizing (`packReadersFor`, `packCharsPerToken`, as `readEvidence`
 * calls them); the gate side the gate job's real wiring (`gateDeps` over the settings of its own inputs).
 */

const BUDGET = '3000';
const env = {
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: '/dev/null',
  GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
};
const settingsOf = (inputs: Record<string, string>): Promise<Settings> =>
  parseSettings(
    (name) =>
      ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-budget', 'max-evidence-tokens': BUDGET, ...inputs })[
        name
      ],
    env,
    { purpose: inputs.mode === 'gate' ? 'gate' : 'debate' },
  );

/** A gate workflow as the README shows it: `mode: gate`, no model inputs (so `model` is the default, Claude Sonnet 5.5), or an older model. */
const gateJob = (inputs: Record<string, string> = {}) => settingsOf({ mode: 'gate', ...inputs });

/** `src/big.ts` with 60 changed places, one hunk each: more than the budget shows on either tokenizer; `variant` is in every changed line, the first hunks (which the debate shows) included. */
function addBigFile(variant: string) {
  const lines = Array.from({ length: 60 * 8 }, (_, i) =>
    i % 8 === 4 ? `export const changed${i} = '${variant}-${i}-${'x'.repeat(24)}';` : `export const kept${i} = ${i};`,
  );
  const content = Buffer.from(`${lines.join('\n')}\n`);
  const hunks = Array.from({ length: 60 }, (_, h) => {
    const at = h * 8 + 3;
    return `@@ -${at},3 +${at},3 @@\n ${lines[at - 1]}\n-export const changed${at} = 0;\n+${lines[at]}\n ${lines[at + 1]}`;
  });
  return (pull: GateScenario['pull']) => {
    const patch = hunks.join('\n');
    pull.files = [
      ...pull.files,
      {
        sha: gitBlobSha(content),
        filename: 'src/big.ts',
        status: 'modified',
        additions: 60,
        deletions: 60,
        changes: 120,
        patch,
      },
    ];
    pull.diff += `diff --git a/src/big.ts b/src/big.ts\nindex 5555555..6666666 100644\n--- a/src/big.ts\n+++ b/src/big.ts\n${patch}\n`;
    const read = pull.readFile;
    pull.readFile = (at, path) => (at === pull.head.sha && path === 'src/big.ts' ? content : read(at, path));
  };
}

describe('the gate compares a record with the pack its own debate sized (issue #31)', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const source = () => createPullRequestSource(scenario.octokit(), { owner: OWNER, repo: REPO });
  /**
   * The record a debate job with these inputs writes for the PR's head: its pack sized as `readEvidence` sizes it.
   * @param options.positions the positions given (0: framed, so the pack is sized for four advocates while the record names the two that spoke)
   * @param options.keepBudget keep the budget the pack was sized at (`evidence.budget`), as every record now does; without it, as the first version 3 records, which the gate sizes for their models
   */
  const debate = async (
    inputs: Record<string, string>,
    options: { positions?: number; keepBudget?: boolean } = {},
  ): Promise<DecisionRecord> => {
    const settings = await settingsOf(inputs);
    const readers = packReadersFor(settings.models, options.positions ?? 2);
    const { pack } = await gatherEvidence(source(), {
      pullNumber: 12,
      commandRfc: undefined,
      inputRfc: undefined,
      maxTokens: settings.debate.maxEvidenceTokens,
      charsPerToken: packCharsPerToken(readers),
    });
    const record = await scenario.record({
      models: { advocates: readers.advocates.slice(0, 2), judge: readers.judge },
      digest_version: DIGEST_VERSION,
    });
    const { budget: _made, ...evidence } = record.evidence!;
    const budget = options.keepBudget
      ? { budget: { max_tokens: pack.budget.maxTokens, chars_per_token: pack.budget.charsPerToken } }
      : {};
    // No reader read the hunks the pack could not hold: they are the record's unread hunks.
    const hunks = countCoverage(pack.coverage, new Set());
    return {
      ...record,
      content_digest: pack.contentDigest,
      head_sha: pack.headSha,
      evidence: {
        ...evidence,
        shown: hunks.shown,
        read: 0,
        unread: hunks.unread,
        generated_skipped: hunks.generatedSkipped,
        ...budget,
      },
    };
  };
  /** The record the code before issue #31 wrote: digest version 2, its pack at 3.5 characters a token whatever its models. */
  const debateBefore = async (models: DecisionRecord['models']): Promise<DecisionRecord> => {
    const { pack } = await gatherEvidence(source(), {
      pullNumber: 12,
      commandRfc: undefined,
      inputRfc: undefined,
      maxTokens: Number(BUDGET),
      charsPerToken: CHARS_PER_TOKEN,
      digestVersion: 2,
    });
    const record = olderRecord(await scenario.record({ models, digest_version: 2 }), 2, leftHunksOut(pack));
    const { budget: _none, ...evidence } = record.evidence!;
    return { ...record, content_digest: pack.contentDigest, head_sha: pack.headSha, evidence };
  };
  const gate = async (settings: Settings, before: string) => {
    const config: GateConfig = {
      repo: `${OWNER}/${REPO}`,
      policy: 'require-decision',
      requiredLabel: undefined,
      exemptLabel: 'debate-exempt',
      publicKey: undefined,
      handedOver: undefined,
      allowUnseen: [],
      authorMayDecide: false,
    };
    const run = await runGate(
      gateDeps(scenario.octokit(), settings, () => {}),
      () => Promise.resolve(config),
      { kind: 'pull', pullNumber: 12, before },
    );
    return { ...run.verdict, check: scenario.checkOn(run.headSha)! };
  };

  it('a no-op rebase carries a record forward although the gate job sets no advocate-models; a push to a hunk the debate saw is stale', async () => {
    scenario = await startGateScenario();
    addBigFile('v1')(scenario.pull);
    // The debate job: advocates on Claude Haiku 4.5 (old tokenizer) and Claude Opus 5 (new), judge on Haiku 4.5.
    const record = await debate({ model: 'claude-haiku-4-5', 'advocate-models': 'claude-haiku-4-5, claude-opus-5' });
    expect(record.models).toEqual({ advocates: ['claude-haiku-4-5', 'claude-opus-5'], judge: 'claude-haiku-4-5' });
    expect(record.evidence!.unread).toBeGreaterThan(0);
    await scenario.postRecord(record);
    // The trap is real here: the same head rebuilt for the gate job's own models shows other hunks.
    const ownModels = await gateJob({ model: 'claude-haiku-4-5' });
    const byOwnInputs = await rebuildEvidence(source(), {
      pullNumber: 12,
      inputRfc: undefined,
      maxTokens: ownModels.debate.maxEvidenceTokens,
      record: {
        models: { advocates: ownModels.models.advocateModels, judge: ownModels.models.judgeModel },
        digest_version: DIGEST_VERSION,
      },
    });
    expect(byOwnInputs.contentDigest).not.toBe(record.content_digest);

    const rebased = await gate(ownModels, scenario.move('rebase', addBigFile('v1')));
    expect(rebased.basis).toBe('carried-forward');
    // Hunks no model read do not pass without an accept, and the check says so, not "stale".
    expect(rebased.check.conclusion).toBe('action_required');
    expect(rebased.check.output.summary).toMatch(
      new RegExp(
        `^\\d+ changed hunks were read by no model .* Carried forward from ${record.head_sha}: the evidence is unchanged`,
      ),
    );

    const pushed = await gate(ownModels, scenario.move('push', addBigFile('v1')));
    expect(pushed.basis).toBe('stale');
    expect(pushed.check.output.summary).toMatch(/^Stale: the decision was made for/);
  });

  it('a gate job on the default model sizes a debate on an older model as the debate did', async () => {
    scenario = await startGateScenario();
    addBigFile('v1')(scenario.pull);
    const record = await debate({ model: 'claude-haiku-4-5' });
    await scenario.postRecord(record);
    const rebased = await gate(await gateJob(), scenario.move('rebase', addBigFile('v1')));
    expect(rebased.basis).toBe('carried-forward');
    // Other bytes in the hunks of src/big.ts, the first of which the debate showed, on a new base.
    const changed = await gate(await gateJob(), scenario.move('rebase', addBigFile('v2')));
    expect(changed.basis).toBe('stale');
  });

  it('a record made before the change (digest version 2) compares as it did: its pack at 3.5 characters a token, whatever its models', async () => {
    scenario = await startGateScenario();
    addBigFile('v1')(scenario.pull);
    const models = { advocates: ['claude-sonnet-5-5', 'claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' };
    const record = await debateBefore(models);
    // Sized for its models (the new rule) its pack would show other hunks, so reading it as version 3 would call it stale.
    const asNew = await rebuildEvidence(source(), {
      pullNumber: 12,
      inputRfc: undefined,
      maxTokens: Number(BUDGET),
      record: { models, digest_version: DIGEST_VERSION },
    });
    expect(asNew.contentDigest).not.toBe(record.content_digest);
    await scenario.postRecord(record, { truncated: true });
    const rebased = await gate(await gateJob(), scenario.move('rebase', addBigFile('v1')));
    expect(rebased.basis).toBe('carried-forward');
    const changed = await gate(await gateJob(), scenario.move('rebase', addBigFile('v2')));
    expect(changed.basis).toBe('stale');
  });

  it('a record whose pack showed every hunk carries forward and passes on any tokenizer', async () => {
    // Without a cut hunk the digest does not depend on the budget: the sizing changes nothing the gate compares.
    scenario = await startGateScenario();
    const record = await debate({ model: 'claude-opus-5' });
    expect(record.evidence!.unread).toBe(0);
    await scenario.postRecord(record);
    const rebased = await gate(await gateJob({ model: 'claude-haiku-4-5' }), scenario.move('rebase'));
    expect(rebased.check.conclusion).toBe('success');
    expect(rebased.basis).toBe('carried-forward');
  });

  it('a record that keeps its budget is rebuilt at it: a gate job with another budget and other models carries a no-op rebase forward, and a push is stale', async () => {
    scenario = await startGateScenario();
    addBigFile('v1')(scenario.pull);
    // Sized for four advocates (framing) with one on the newer tokenizer, while the record names two older ones.
    const record = await debate(
      {
        model: 'claude-haiku-4-5',
        'advocate-models': 'claude-haiku-4-5, claude-haiku-4-5, claude-haiku-4-5, claude-opus-5',
      },
      { positions: 0, keepBudget: true },
    );
    expect(record.models.advocates).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5']);
    expect(record.evidence!.budget).toEqual({
      max_tokens: Number(BUDGET),
      chars_per_token: packCharsPerToken({ advocates: ['claude-opus-5'], judge: 'claude-haiku-4-5' }),
    });
    await scenario.postRecord(record);
    const other = await gateJob({ model: 'claude-haiku-4-5', 'max-evidence-tokens': '2500' });
    const rebased = await gate(other, scenario.move('rebase', addBigFile('v1')));
    expect(rebased.basis).toBe('carried-forward');
    const pushed = await gate(other, scenario.move('push', addBigFile('v1')));
    expect(pushed.basis).toBe('stale');
  });
});

describe('rebuildSizing: the budget the gate rebuilds a record at (issue #31)', () => {
  const models = { advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' };
  it("takes the record's own budget; sizes one without it for its models; a version 2 record at 3.5 and the default of its time", () => {
    const budget = { max_tokens: 5_000, chars_per_token: 2.5 };
    expect(
      rebuildSizing(
        {
          models,
          digest_version: DIGEST_VERSION,
          evidence: {
            changed_files: 1,
            listed_by_file_list: 1,
            completed_from_trees: 0,
            shown: 1,
            read: 0,
            unread: 2,
            generated_skipped: 0,
            budget,
          },
        },
        9_000,
      ),
    ).toEqual({ charsPerToken: 2.5, maxTokens: 5_000, digestVersion: DIGEST_VERSION });
    // A version 3 record (issue #31, before the readers) keeps its budget and its own digest version.
    expect(
      rebuildSizing(
        {
          models,
          digest_version: 3,
          evidence: { changed_files: 1, listed_by_file_list: 1, completed_from_trees: 0, truncated: true, budget },
        },
        9_000,
      ),
    ).toEqual({ charsPerToken: 2.5, maxTokens: 5_000, digestVersion: 3 });
    expect(rebuildSizing({ models, digest_version: DIGEST_VERSION, evidence: undefined }, 9_000)).toEqual({
      charsPerToken: packCharsPerToken(models),
      maxTokens: 9_000,
      digestVersion: DIGEST_VERSION,
    });
    expect(rebuildSizing({ models, digest_version: 2, evidence: undefined }, DEFAULT_EVIDENCE_TOKENS)).toEqual({
      charsPerToken: CHARS_PER_TOKEN,
      maxTokens: 80_000,
      digestVersion: 2,
    });
    expect(rebuildSizing({ models, digest_version: 2, evidence: undefined }, 9_000)).toEqual({
      charsPerToken: CHARS_PER_TOKEN,
      maxTokens: 9_000,
      digestVersion: 2,
    });
  });
});

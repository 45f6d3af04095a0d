import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSE_REFERENCE_RULE } from '../../src/citations/check-references.js';
import { MAX_CITED_LINES, MIN_QUOTE_CHARS, matchQuote } from '../../src/citations/match-quote.js';
import { QUOTE_EXAMPLES, QUOTE_RULE } from '../../src/citations/quote-rule.js';
import { CLAIM_RULE, TAG_RULES } from '../../src/debate/claim-rules.js';
import type { ModelCall } from '../../src/debate/model-client.js';
import { planDebate } from '../../src/debate/plan.js';
import { loadPrompt, PROMPT_NAMES, promptPlaceholders, RULE_PLACEHOLDERS } from '../../src/debate/prompts.js';
import { runDebate } from '../../src/debate/run-debate.js';
import { debateScript } from '../support/debate-script.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #20: one rule, in the code and in every prompt. Every prompt a debate on a real case sends is
 * read, and the sentences that define a verified claim and a found quote are the code's own constants;
 * no prompt states another definition.
 */
const CASE = 'commander-excess-arguments';
/** Definitions the prompts used to give, each different from the code's rule. */
const OLD_RULES = [
  /at least one citation checked out/i,
  /every reference of the claim checked out/i,
  /no citation checked out/i,
  /checked like a citation, without a quote/i,
  /were removed by the engine/i,
  /keep quotes short/i,
  /is checked like a structured citation/i,
  /an elided middle/i,
];

async function debateCalls(
  pack: Parameters<typeof runDebate>[1]['pack'],
  auditFails: boolean,
): Promise<ModelCall<unknown>[]> {
  const models = scriptedModels(
    debateScript({ audit: () => (auditFails ? new Error('the auditor is unreachable') : undefined) }),
  );
  await runDebate(models, {
    pack,
    positions: [],
    outOfScope: ['help formatting'],
    command: '/debate',
    moderatorModel: 'claude-sonnet-5-5',
    advocateModels: ['claude-sonnet-5-5'],
    judgeModel: 'claude-sonnet-5-5',
    plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
    language: { language: 'auto', commandText: '/debate', prText: 'Excess arguments' },
  });
  return models.calls;
}

describe('the rule every prompt states, on a real case', () => {
  let scenario: RealCaseScenario;
  let calls: ModelCall<unknown>[];
  let failedAudit: ModelCall<unknown>[];
  beforeAll(async () => {
    const loaded = await realCasePack(CASE);
    scenario = loaded.scenario;
    calls = await debateCalls(loaded.evidence.pack, false);
    failedAudit = await debateCalls(loaded.evidence.pack, true);
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('states the claim rule and the quote rule once, in the system prompt every call carries, with an example of each form', () => {
    const systems = new Set(calls.map((c) => c.system));
    expect(systems.size).toBe(1);
    const system = [...systems][0]!;
    for (const sentence of [CLAIM_RULE, QUOTE_RULE, PROSE_REFERENCE_RULE, RULE_PLACEHOLDERS['rule_examples']!])
      expect(system.split(sentence)).toHaveLength(2);
    // The limits the verifier applies are stated, from its constants (issue #29).
    expect(QUOTE_RULE).toContain(`at least ${MIN_QUOTE_CHARS} characters`);
    expect(QUOTE_RULE).toContain(`at most ${MAX_CITED_LINES} lines`);
    // The examples are what the verifier's matcher does.
    const { start, lines } = QUOTE_EXAMPLES;
    const cited = (a: number, b: number) => ({
      side: 'head' as const,
      start: a,
      texts: lines.slice(a - start, b - start + 1),
    });
    for (const [form, quote, a, b] of QUOTE_EXAMPLES.found) {
      expect(system, form).toContain(JSON.stringify(quote));
      expect(matchQuote(quote, cited(a, b)), form).toMatchObject({ found: true });
    }
    for (const [form, quote, a, b] of QUOTE_EXAMPLES.notFound) {
      expect(system, form).toContain(JSON.stringify(quote));
      expect(matchQuote(quote, cited(a, b)), form).toMatchObject({ found: false });
    }
  });

  it("defines each tag for the auditor and the judge with the code's words, and no prompt defines it otherwise", () => {
    const audit = calls.find((c) => c.meta?.phase === 'audit')!.instructions;
    const judge = calls.find((c) => c.meta?.phase === 'judge')!.instructions;
    for (const tag of ['verified', 'unverified', 'no-citation'] as const)
      expect(audit).toContain(`- \`${tag}\`: ${TAG_RULES[tag]};`.replace(/;$/, tag === 'no-citation' ? '.' : ';'));
    for (const tag of ['verified', 'unverified', 'no-citation', 'exaggerated', 'irrelevant'] as const)
      expect(judge).toContain(`- \`[${tag}: …]\`: ${TAG_RULES[tag]};`);
    for (const call of [...calls, ...failedAudit]) {
      for (const old of OLD_RULES)
        expect(`${call.system}\n${call.instructions}`, `${call.meta?.phase}: ${old}`).not.toMatch(old);
    }
    // Every prompt file that uses a rule placeholder gets the constant; none is left for a caller to fill.
    for (const name of PROMPT_NAMES) {
      const text = loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, `<${p}>`])));
      expect(text).not.toMatch(/\{\{\w+\}\}/);
      for (const key of Object.keys(RULE_PLACEHOLDERS)) expect(promptPlaceholders(name)).not.toContain(key);
    }
  });

  it('shows the auditor and the judge what decided each tag, prose references included', () => {
    const audit = calls.find((c) => c.meta?.phase === 'audit')!.instructions;
    // The default script cites a fixture file this real PR does not have: the tag says which reference failed and why.
    const why =
      'unverified: 1 of its 1 reference did not check out (src/cache.ts:11, no such file); 0 structured citations checked out';
    expect(audit).toContain(`- O.A.1 (position A, ${why}): Claim of A.`);
    const judge = calls.find((c) => c.meta?.phase === 'judge')!.instructions;
    expect(judge).toContain(`Argument O.A.1 [${why}]: Claim of A.`);
  });

  it('tells the judge that out-of-scope claims were removed only when the audit ran (issue #20)', () => {
    const judge = (list: ModelCall<unknown>[]) => list.find((c) => c.meta?.phase === 'judge')!.instructions;
    expect(judge(calls)).toContain('The auditor marked the claims that argue an out-of-scope topic');
    expect(judge(failedAudit)).toContain(
      'The evidence audit did not run to completion, so no claim was removed for arguing an out-of-scope topic',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { typedConfigSchema } from '../../src/settings/config-schema.js';
import { GATE_POLICIES } from '../../src/gate/gate-types.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { readActionMetadata } from '../support/action-metadata.js';

/** Issue #23: the gate-policy values live in one place (`evaluate-policy.ts`); the others take them from there. */
describe('gate-policy values', () => {
  const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'octo/widgets' };

  it('the input and the config key accept exactly GATE_POLICIES', async () => {
    for (const policy of GATE_POLICIES) {
      expect(
        (
          await parseSettings((name) => ({ 'github-token': 't', mode: 'gate', 'gate-policy': policy })[name], env, {
            purpose: 'gate',
          })
        ).gate.policy,
      ).toBe(policy);
      expect(typedConfigSchema.parse({ 'gate-policy': policy })).toMatchObject({ 'gate-policy': policy });
    }
    await expect(
      parseSettings((name) => ({ 'github-token': 't', 'gate-policy': 'strict' })[name], env),
    ).rejects.toThrow(`expected one of ${GATE_POLICIES.join(', ')}`);
    expect(typedConfigSchema.safeParse({ 'gate-policy': 'strict' }).success).toBe(false);
  });

  it("action.yml's description of gate-policy names every value, and no other", () => {
    const description = readActionMetadata().inputs['gate-policy']!.description;
    const named = [...description.matchAll(/`((?:off|require-[a-z]+))`/g)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(GATE_POLICIES));
  });
});

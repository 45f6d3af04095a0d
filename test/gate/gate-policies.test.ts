import { describe, expect, it } from 'vitest';
import { typedConfigSchema } from '../../src/settings/config-schema.js';
import { GATE_POLICIES } from '../../src/gate/evaluate-policy.js';
import { parseSettings } from '../../src/settings/settings.js';
import { readActionMetadata } from '../support/action-metadata.js';

/** Issue #23: the gate-policy values live in one place (`evaluate-policy.ts`); the others take them from there. */
describe('gate-policy values', () => {
  const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'octo/widgets' };

  it('the input and the config key accept exactly GATE_POLICIES', () => {
    for (const policy of GATE_POLICIES) {
      expect(parseSettings((name) => ({ 'github-token': 't', mode: 'gate', 'gate-policy': policy })[name], env).gatePolicy).toBe(policy);
      expect(typedConfigSchema.parse({ 'gate-policy': policy })).toMatchObject({ 'gate-policy': policy });
    }
    expect(() => parseSettings((name) => ({ 'github-token': 't', 'gate-policy': 'strict' })[name], env)).toThrow(`expected one of ${GATE_POLICIES.join(', ')}`);
    expect(typedConfigSchema.safeParse({ 'gate-policy': 'strict' }).success).toBe(false);
  });

  it("action.yml's description of gate-policy names every value, and no other", () => {
    const description = readActionMetadata().inputs['gate-policy']!.description;
    const named = [...description.matchAll(/`((?:off|require-[a-z]+))`/g)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(GATE_POLICIES));
  });
});

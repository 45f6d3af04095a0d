import { describe, expect, it } from 'vitest';
import { isConfigurable } from '../../src/settings/config-schema.js';
import { readActionMetadata } from '../support/action-metadata.js';

/**
 * The runner sets every input's action.yml default as INPUT_*, so `core.getInput` cannot tell a default
 * from a value the workflow set. An input the config file may set must therefore have no default there
 * (its description names the default the code applies below the config file).
 */
describe('action.yml defaults and the config file', () => {
  it('gives no default to an input the config file may set', () => {
    const inputs = readActionMetadata().inputs;
    const withDefault = Object.entries(inputs).filter(
      ([name, input]) => isConfigurable(name) && input.default !== undefined && input.default !== '',
    );
    expect(withDefault.map(([name]) => name)).toEqual([]);
    for (const [name, input] of Object.entries(inputs)) {
      if (isConfigurable(name) && /else `/.test(input.description))
        expect(input.description, name).toMatch(/config file's value, else `[^`]+`\.$/);
    }
  });
});

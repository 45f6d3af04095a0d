import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../src/report/redact.js';

describe('redactSecrets', () => {
  it('removes every key shape the issue names and the run’s own secrets', () => {
    const samples = [
      'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'ghs_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      'AKIAIOSFODNN7EXAMPLE',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ];
    for (const secret of samples) {
      const out = redactSecrets(`before ${secret} after`);
      expect(out).toBe(`before ${REDACTED} after`);
    }
    expect(redactSecrets('key=local-secret-value!', ['local-secret-value'])).toBe(`key=${REDACTED}!`);
  });

  it('leaves ordinary text alone', () => {
    const text = 'The task-ant-colony uses skeleton keys; see ghost_town and AKIA docs. eyJ is base64 for {"';
    expect(redactSecrets(text)).toBe(text);
  });
});

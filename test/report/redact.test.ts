import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../src/report/redact.js';
import { GITHUB_TOKENS, statelessInstallationToken } from '../support/github-tokens.js';

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

  it.for(Object.entries(GITHUB_TOKENS))('redacts a GitHub %s whole, wherever it stands in the text', ([, token]) => {
    for (const [before, after] of [
      ['token ', ' leaked'],
      ['(', ')'],
      ['`', '`.'],
      ['Authorization: Bearer ', '\n'],
      ['"token":"', '"'],
    ] as const) {
      expect(redactSecrets(`${before}${token}${after}`)).toBe(`${before}${REDACTED}${after}`);
    }
  });

  it('redacts a stateless installation token (ghs_APPID_JWT, rolling out since 2026-04-27) whose JWT has dashes and underscores, and not only its ghs_ head', () => {
    const token = statelessInstallationToken(2718281, 'another seed');
    expect(token).toMatch(/^ghs_2718281_eyJ[^.]+\.[^.]+\.[A-Za-z0-9_-]+$/);
    const out = redactSecrets(`export GH_TOKEN=${token}; echo done`);
    expect(out).toBe(`export GH_TOKEN=${REDACTED}; echo done`);
    for (const piece of token.split(/[._]/).filter((p) => p.length >= 8)) expect(out).not.toContain(piece);
  });

  it('leaves ordinary text alone', () => {
    const text = 'The task-ant-colony uses skeleton keys; see ghost_town and AKIA docs. eyJ is base64 for {"';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('a signed decision record (issue #19, item 5)', () => {
  it('keeps the record’s signature whole in any text, and redacts the record before it is signed', async () => {
    const { importDecisionKeys, checkSignature } = await import('../../src/gate/sign-record.js');
    const { signDecision } = await import('../../src/pipeline/write-decision-check.js');
    const { parseSettings } = await import('../../src/settings/load-settings.js');
    const { fixtureRecord } = await import('../support/debate-fixtures.js');
    const { fixturePack } = await import('../support/evidence-fixtures.js');
    const { ed25519Pems } = await import('../support/gate-scenario.js');
    const pems = ed25519Pems();
    const settings = await parseSettings(
      (name) =>
        ({ 'github-token': 'ghs_x', 'anthropic-api-key': 'run-secret-123', 'decision-signing-key': pems.signingKey })[
          name
        ],
      { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'octo/widgets' },
    );
    const leaked = {
      ...fixtureRecord(fixturePack()),
      accepted: {
        by: 'maria',
        position: 'B' as const,
        reason: 'the key sk-ant-api03-AbCdEfGhIjKlMnOp works; so does run-secret-123',
      },
    };
    const signed = await signDecision(settings, leaked);
    expect(signed.accepted!.reason).toBe(`the key ${REDACTED} works; so does ${REDACTED}`);
    const { publicKey } = await importDecisionKeys({ signingKey: undefined, publicKey: pems.publicKey });
    expect(await checkSignature(signed, publicKey!)).toEqual({ ok: true });
    const text = `signature: ${signed.signature}\n${JSON.stringify(signed)}`;
    expect(redactSecrets(text, ['run-secret-123'])).toBe(text);
  });
});

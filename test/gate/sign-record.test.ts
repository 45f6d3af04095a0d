import fc from 'fast-check';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/gate/canonical-json.js';
import { keySecrets } from '../../src/gate/key-text.js';
import {
  DecisionKeyError,
  importDecisionKeys,
  signedPayload,
  signRecord,
  checkSignature,
} from '../../src/gate/sign-record.js';
import { redactSecrets } from '../../src/report/redact.js';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { ed25519Pems } from '../support/gate-scenario.js';

describe('canonical JSON', () => {
  it('sorts keys at every depth, keeps array order, has no spaces', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x y' }, 2], e: { g: true, f: 1.5 } })).toBe(
      '{"a":[{"c":"x y","d":null},2],"b":1,"e":{"f":1.5,"g":true}}',
    );
  });

  it('is the same text for any key order, and parses back to the same value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null))),
        (object) => {
          const reversed = Object.fromEntries(Object.entries(object).reverse());
          expect(canonicalJson(reversed)).toBe(canonicalJson(object));
          expect(JSON.parse(canonicalJson(object))).toEqual(object);
          // Flat objects: each member as JSON.stringify writes it, in code-unit order of the keys (integer-like
          // keys too, which a JS object would put first), joined with no whitespace.
          const members = Object.entries(object)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
          expect(canonicalJson(object)).toBe(`{${members.join(',')}}`);
        },
      ),
    );
  });
});

describe('signing decision records', () => {
  const record = fixtureRecord(fixturePack());

  it('signs as a compact EdDSA JWS over the canonical JSON without the signature, and the signature holds', async () => {
    const keys = await importDecisionKeys(ed25519Pems());
    const signed = await signRecord(record, keys.signing!);
    expect(decisionRecordSchema.parse(signed)).toEqual(signed);
    expect(decodeProtectedHeader(signed.signature!)).toEqual({ alg: 'EdDSA' });
    const payload = Buffer.from(signed.signature!.split('.')[1]!, 'base64url').toString('utf8');
    expect(payload).toBe(signedPayload(record));
    expect(payload).not.toContain('"signature"');
    expect(await checkSignature(signed, keys.publicKey!)).toEqual({ ok: true });
  });

  it('rejects an edited record, another key, a signature moved to another record, and no signature', async () => {
    const keys = await importDecisionKeys(ed25519Pems());
    const other = await importDecisionKeys(ed25519Pems());
    const signed = await signRecord(record, keys.signing!);
    expect(await checkSignature({ ...signed, confidence: 'high' }, keys.publicKey!)).toEqual({
      ok: false,
      reason: 'the record was changed after it was signed',
    });
    // The evidence counts are signed too: a record's count of hunks no model read cannot be changed.
    expect(signedPayload(record)).toMatch(
      /"evidence":\{"budget":\{"chars_per_token":[\d.]+,"max_tokens":\d+\},"changed_files":/,
    );
    // And the budget the gate rebuilds at (issue #31): a record cannot be made to compare other hunks.
    expect(
      await checkSignature(
        { ...signed, evidence: { ...signed.evidence!, budget: { max_tokens: 1, chars_per_token: 1 } } },
        keys.publicKey!,
      ),
    ).toEqual({ ok: false, reason: 'the record was changed after it was signed' });
    expect(
      await checkSignature(
        { ...signed, evidence: { ...signed.evidence!, unread: signed.evidence!.unread! + 1 } },
        keys.publicKey!,
      ),
    ).toEqual({ ok: false, reason: 'the record was changed after it was signed' });
    const older = await signRecord({ ...record, digest_version: 2, evidence: undefined }, keys.signing!);
    expect(
      await checkSignature(decisionRecordSchema.parse(JSON.parse(JSON.stringify(older))), keys.publicKey!),
    ).toEqual({ ok: true });
    expect(await checkSignature(signed, other.publicKey!)).toEqual({
      ok: false,
      reason: 'the signature does not verify with decision-public-key',
    });
    const elsewhere = await signRecord({ ...record, pull_request: 99 }, keys.signing!);
    expect((await checkSignature({ ...signed, signature: elsewhere.signature }, keys.publicKey!)).ok).toBe(false);
    expect(await checkSignature(record, keys.publicKey!)).toEqual({ ok: false, reason: 'the record is not signed' });
  });

  it('masks and redacts the private key: the whole PEM and each line of its body', () => {
    const { signingKey } = ed25519Pems();
    const body = signingKey.split('\n').filter((l) => l && !l.startsWith('-----'));
    expect(keySecrets(signingKey)).toEqual([signingKey, ...body]);
    expect(redactSecrets(`oops: ${body[0]}`, keySecrets(signingKey))).toBe('oops: [redacted secret]');
    expect(keySecrets(undefined)).toEqual([]);
  });

  it('reads keys pasted with escaped newlines, and names the input for a bad key without quoting it', async () => {
    const pems = ed25519Pems();
    const keys = await importDecisionKeys({
      signingKey: pems.signingKey.replace(/\n/g, '\\n'),
      publicKey: pems.publicKey,
    });
    expect(keys.signing).toBeDefined();
    await expect(importDecisionKeys({ signingKey: 'not a key SECRET', publicKey: undefined })).rejects.toThrow(
      DecisionKeyError,
    );
    await expect(importDecisionKeys({ signingKey: 'not a key SECRET', publicKey: undefined })).rejects.toThrow(
      /^Input 'decision-signing-key': expected an Ed25519 private key in PKCS#8 PEM/,
    );
    await expect(importDecisionKeys({ signingKey: 'not a key SECRET', publicKey: undefined })).rejects.not.toThrow(
      /SECRET/,
    );
    await expect(importDecisionKeys({ signingKey: undefined, publicKey: pems.signingKey })).rejects.toThrow(
      /^Input 'decision-public-key'/,
    );
  });
});

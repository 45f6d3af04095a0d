import { CompactSign, compactVerify, decodeProtectedHeader, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import type { DecisionRecord } from '../report/decision-record.js';
import { canonicalJson } from './canonical-json.js';
import { normalisePem } from './key-text.js';

/**
 * Signing decision records and checking their signatures (docs/config.md, docs/how-a-debate-runs.md): a compact JWS,
 * algorithm EdDSA (Ed25519, RFC 8037), whose payload is the canonical JSON of the record without its `signature` field.
 * The payload travels inside the JWS, so the signature check also compares it with the record it sits in: a
 * record edited after signing, or a valid signature copied onto another record, does not hold.
 * Keys are read with `jose`; no key ever appears in a message.
 */

/** The key pair the run was given; either may be absent. */
export interface DecisionKeys {
  signing: CryptoKey | undefined;
  publicKey: CryptoKey | undefined;
}

/** Thrown for a key input that is not an Ed25519 key in the expected PEM form; the message names the input. */
export class DecisionKeyError extends Error {
  override name = 'DecisionKeyError';
  /** @param input the input at fault: `decision-signing-key` or `decision-public-key` */
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(message);
  }
}

const GENERATE =
  'create a pair with `openssl genpkey -algorithm ed25519 -out signing.pem` and `openssl pkey -in signing.pem -pubout -out public.pem`';

/**
 * Imports the inputs `decision-signing-key` (PKCS#8 PEM) and `decision-public-key` (SPKI PEM).
 * @throws DecisionKeyError naming the input and how to make a valid key; the key text is never quoted
 */
export async function importDecisionKeys(pems: {
  signingKey: string | undefined;
  publicKey: string | undefined;
}): Promise<DecisionKeys> {
  const signing =
    pems.signingKey === undefined
      ? undefined
      : await importKey(
          () => importPKCS8(normalisePem(pems.signingKey!), 'EdDSA'),
          'decision-signing-key',
          'an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)',
        );
  const publicKey =
    pems.publicKey === undefined
      ? undefined
      : await importKey(
          () => importSPKI(normalisePem(pems.publicKey!), 'EdDSA'),
          'decision-public-key',
          'an Ed25519 public key in SPKI PEM (-----BEGIN PUBLIC KEY-----)',
        );
  return { signing, publicKey };
}

async function importKey(load: () => Promise<CryptoKey>, input: string, what: string): Promise<CryptoKey> {
  try {
    return await load();
  } catch {
    throw new DecisionKeyError(
      input,
      `Input '${input}': expected ${what}; ${GENERATE}, and store the private key as an environment secret`,
    );
  }
}

/** The bytes a signature covers: the canonical JSON of the record without `signature`. */
export function signedPayload(record: DecisionRecord): string {
  const { signature: _signature, ...rest } = record;
  return canonicalJson(rest);
}

/**
 * @returns the record with `signature` set to a compact JWS (EdDSA) over {@link signedPayload}
 */
export async function signRecord(record: DecisionRecord, key: CryptoKey): Promise<DecisionRecord> {
  const jws = await new CompactSign(new TextEncoder().encode(signedPayload(record)))
    .setProtectedHeader({ alg: 'EdDSA' })
    .sign(key);
  return { ...record, signature: jws };
}

/** Whether a record's signature holds, and if not, why (one clause, for the check run summary). */
export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a record's signature with the public key (`decision-public-key`).
 * @returns `ok` only when the JWS is EdDSA, its signature holds under `key`, and its payload is
 *   exactly this record's {@link signedPayload}
 */
export async function checkSignature(record: DecisionRecord, key: CryptoKey): Promise<SignatureCheck> {
  if (record.signature === null) return { ok: false, reason: 'the record is not signed' };
  try {
    if (decodeProtectedHeader(record.signature).alg !== 'EdDSA')
      return { ok: false, reason: 'the signature is not EdDSA' };
    const { payload } = await compactVerify(record.signature, key, { algorithms: ['EdDSA'] });
    if (new TextDecoder().decode(payload) !== signedPayload(record))
      return { ok: false, reason: 'the record was changed after it was signed' };
    return { ok: true };
  } catch {
    return { ok: false, reason: 'the signature does not verify with decision-public-key' };
  }
}

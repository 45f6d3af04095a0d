import type { DecisionRecord } from '../report/decision-record.js';
import { safeCheckOutput } from '../report/check-output-text.js';
import { canonicalJson } from './canonical-json.js';

/**
 * A decision record always fits the check run that holds it (issue #38): GitHub's limit on `output.text`
 * is in bytes, the text holds the record escaped (`safeCheckOutput`), and a signed record holds its
 * payload twice. Its free texts are cut before it is signed, never a signed field after; a record that
 * cannot fit even so is not written, and its check says no decision is recorded (`unrecordedOutput`). Pure.
 */
/**
 * GitHub's limit on a check run's `output.summary` and `output.text`. The REST reference says "Maximum
 * length: 65535 characters" (docs.github.com/rest/checks/runs#create-a-check-run, `output.summary` and
 * `output.text`), but GitHub counts bytes: a longer UTF-8 text is refused with "summary exceeds a maximum
 * bytesize of 65535" (github/docs#35252, "Clarify check summary max length units"). Both hold when the
 * UTF-8 bytes do not exceed it.
 */
export const CHECK_OUTPUT_BYTES = 65_535;

/** The schema of the text a check run holds in place of a record that could not be written (`unrecordedOutput`). */
export const UNRECORDED_SCHEMA = 'pr-debate/unrecorded@1';

/**
 * Whether a record, as it stands (its signature included), fits in a check run's text as the check holds
 * it: canonical JSON, its strings escaped (`safeCheckOutput`); ASCII.
 */
export function recordFitsCheck(record: DecisionRecord): boolean {
  return Buffer.byteLength(safeCheckOutput('', canonicalJson(record)).text ?? '') <= CHECK_OUTPUT_BYTES;
}

/** The fewest characters a free text is cut to; a record that does not fit even then cannot be written. */
const MIN_FREE_TEXT = 40;

/**
 * The record cut to fit a check run's text, before it is signed: every free text (the topic, the
 * positions' labels, the axis of a tie, the out-of-scope topics, an accept's reason) longer than a common
 * length is cut to it, with `…`, at the longest length that fits. A non-ASCII character takes six bytes
 * escaped (a `\uXXXX`), and a signed record holds its payload again, base64url, in the signature, so a long
 * reason in Chinese overflows at about 6,500 characters. Nothing else is changed; a record that fits is
 * returned as it is. Pure.
 * @param signed whether the record will be signed: room is kept for a compact JWS (EdDSA) over it
 * @returns the record, or undefined when it does not fit even with every free text cut to 40 characters
 */
export function fitRecordText(record: DecisionRecord, signed: boolean): DecisionRecord | undefined {
  const fits = (candidate: DecisionRecord) =>
    recordFitsCheck({ ...candidate, signature: signed ? signaturePlaceholder(candidate) : null });
  if (fits(record)) return record;
  const longest = Math.max(...freeTextsOf(record).map((t) => [...t].length));
  let [low, high] = [MIN_FREE_TEXT, longest - 1];
  if (!fits(cutFreeTexts(record, low))) return undefined;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(cutFreeTexts(record, middle))) low = middle;
    else high = middle - 1;
  }
  return cutFreeTexts(record, low);
}

function freeTextsOf(record: DecisionRecord): string[] {
  return [
    record.topic,
    ...record.positions.map((p) => p.label),
    record.tied_on_axis ?? '',
    ...record.out_of_scope,
    record.accepted?.reason ?? '',
  ];
}

function cutFreeTexts(record: DecisionRecord, cap: number): DecisionRecord {
  const cut = (text: string) => {
    const chars = [...text];
    return chars.length <= cap ? text : `${chars.slice(0, cap).join('')}…`;
  };
  return {
    ...record,
    topic: cut(record.topic),
    positions: record.positions.map((p) => ({ ...p, label: cut(p.label) })),
    tied_on_axis: record.tied_on_axis === null ? null : cut(record.tied_on_axis),
    out_of_scope: record.out_of_scope.map(cut),
    accepted: record.accepted === null ? null : { ...record.accepted, reason: cut(record.accepted.reason) },
  };
}

/**
 * A stand-in as long as the compact JWS `sign-record.ts` makes over this record, and then some: the
 * protected header `{"alg":"EdDSA"}` (20 characters base64url), the payload (the canonical JSON without
 * `signature`, base64url) and the 64-byte Ed25519 signature (86), with two dots; a dot after `www` is
 * escaped in the text (six bytes each), so twelve more.
 */
function signaturePlaceholder(record: DecisionRecord): string {
  const { signature: _signature, ...payload } = record;
  const bytes = Buffer.byteLength(canonicalJson(payload));
  return 'A'.repeat(20 + 1 + Math.ceil((bytes * 4) / 3) + 1 + 86 + 12);
}

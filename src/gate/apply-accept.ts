import { neutraliseMarkers, type DecisionRecord } from '../report/decision-record.js';
import { reasonAfterAccept } from '../report/no-decision-reason.js';

/**
 * `/debate accept <A|B|C|D> <reason>` (docs/how-a-debate-runs.md, docs/gate.md): a maintainer's decision recorded in
 * the record's `accepted` field. Pure: who may accept (write permission) is checked by the caller
 * before this is called; the result is unsigned until the caller signs it again.
 */

/** The record with `accepted` set, or why the command cannot apply to it. */
export type AcceptResult = { ok: true; record: DecisionRecord } | { ok: false; problem: string };

/**
 * @param record the newest trusted record for the PR
 * @param accept the accepting login, the position letter (upper case) and the reason as written
 */
export function acceptDecision(
  record: DecisionRecord,
  accept: { by: string; position: string; reason: string },
): AcceptResult {
  const position = record.positions.find((p) => p.id === accept.position);
  if (!position) {
    const ids = record.positions.map((p) => p.id).join(', ');
    return {
      ok: false,
      problem: `the debate has positions ${ids}, so there is no position ${accept.position} to accept`,
    };
  }
  const reason = neutraliseMarkers(accept.reason.replace(/\s+/g, ' ').trim());
  return {
    ok: true,
    record: {
      ...record,
      accepted: { by: accept.by, position: position.id, reason },
      ...(record.no_decision_reason === undefined
        ? {}
        : { no_decision_reason: reasonAfterAccept(record.no_decision_reason) }),
      signature: null,
    },
  };
}

import { z } from 'zod';
import { decisionRecordSchema, type DecisionRecord } from '../report/decision-record.js';
import { UNRECORDED_SCHEMA } from './fit-record.js';

/**
 * Finding the decision of record among check runs (docs/gate.md). Pure: the caller lists the
 * `pr-debate` check runs made by its own app on the PR's commits; this reads their `output.text`.
 */

/** A `pr-debate` check run as the gate reads it (from `src/github/check-runs.ts`). */
export interface DecisionCheckRun {
  id: number;
  headSha: string;
  /** The app that wrote the run (`app.id`). */
  appId: number;
  htmlUrl: string;
  /** The run's `details_url`: the debate comment, when the run holds a debate's record. */
  detailsUrl: string | null;
  /** `output.text`: the canonical JSON record, or anything else (a gate run without a record). */
  text: string | null;
}

/** A record found in a check run, with where it was found. */
export interface FoundRecord {
  record: DecisionRecord;
  /** The check run that holds it; undefined for a record passed in by the debate job (input `decision`). */
  run: DecisionCheckRun | undefined;
  /** Link for people: the debate comment when known, else the check run. */
  link: string | undefined;
}

/**
 * Whether a check run's `output.text` says that the record of a debate (or an accept) of this PR could
 * not be written (`unrecordedOutput`): then no older record stands in for it.
 */
function unrecordedFor(text: string | null, target: { repo: string; pullNumber: number }): boolean {
  // The text is escaped JSON (`safeCheckOutput`): `unrecorded` survives the escaping, the `@` and `/` of the schema do not.
  if (!text?.includes('unrecorded')) return false;
  try {
    const marker = unrecordedSchema.safeParse(JSON.parse(text));
    return marker.success && sameTarget({ repo: marker.data.repo, pull_request: marker.data.pull_request }, target);
  } catch {
    return false;
  }
}

const unrecordedSchema = z.object({
  schema: z.literal(UNRECORDED_SCHEMA),
  repo: z.string(),
  pull_request: z.number().int(),
});

/**
 * Parses a check run's `output.text` as a decision record.
 * @returns the record, or undefined when the text is not JSON or not a `pr-debate/decision@1` record
 */
export function parseRecordText(text: string | null): DecisionRecord | undefined {
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = decisionRecordSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The records for one PR, newest first: records of other repositories or PRs are ignored (a record is
 * for its own PR, even on a head another PR shares), and runs made by any app but `appId` are dropped
 * even if the listing let them through. Newest is the check run written last (highest id: GitHub numbers
 * check runs as it creates them), never the `date` a record claims, which its writer chose; the record
 * handed over by the debate job of the same workflow run is the newest write of all. A check run that
 * says the newest record of this PR could not be written ends the list: no older record is its decision.
 * @param runs check runs from the PR's commits (duplicates allowed)
 * @param extra a record handed over by the debate job of the same workflow run, if any
 */
export function orderRecords(
  runs: DecisionCheckRun[],
  target: { repo: string; pullNumber: number; appId: number },
  extra?: DecisionRecord,
): FoundRecord[] {
  const found: FoundRecord[] = [];
  const seen = new Set<number>();
  for (const run of [...runs].sort((a, b) => b.id - a.id)) {
    if (run.appId !== target.appId || seen.has(run.id)) continue;
    seen.add(run.id);
    // A newer record that could not be written: what came before it is not the decision.
    if (unrecordedFor(run.text, target)) break;
    const record = parseRecordText(run.text);
    if (record && sameTarget(record, target)) found.push({ record, run, link: run.detailsUrl ?? run.htmlUrl });
  }
  if (extra && sameTarget(extra, target)) found.unshift({ record: extra, run: undefined, link: undefined });
  return found;
}

function sameTarget(
  record: Pick<DecisionRecord, 'repo' | 'pull_request'>,
  target: { repo: string; pullNumber: number },
): boolean {
  return record.repo.toLowerCase() === target.repo.toLowerCase() && record.pull_request === target.pullNumber;
}

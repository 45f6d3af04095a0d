import { decisionRecordSchema, type DecisionRecord } from '../report/decision-record.js';

/**
 * Finding the decision of record among check runs (contract section 9). Pure: the caller lists the
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
 * The newest record for one PR: records of other repositories or PRs are ignored, and runs made by
 * any app but `appId` are dropped even if the listing let them through. Newest is the latest `date`
 * (the debate's, or the accept's record copy); among equal dates, the check run written last
 * (highest id), so an accept or a later copy wins over the run it updated.
 * @param runs check runs from the PR's commits (duplicates allowed)
 * @param extra a record handed over by the debate job of the same workflow run, if any
 */
export function selectNewestRecord(
  runs: DecisionCheckRun[],
  target: { repo: string; pullNumber: number; appId: number },
  extra?: DecisionRecord,
): FoundRecord | undefined {
  const found: FoundRecord[] = [];
  const seen = new Set<number>();
  for (const run of runs) {
    if (run.appId !== target.appId || seen.has(run.id)) continue;
    seen.add(run.id);
    const record = parseRecordText(run.text);
    if (record && sameTarget(record, target)) found.push({ record, run, link: run.detailsUrl ?? run.htmlUrl });
  }
  if (extra && sameTarget(extra, target)) found.push({ record: extra, run: undefined, link: undefined });
  found.sort((a, b) => {
    const byDate = Date.parse(b.record.date) - Date.parse(a.record.date);
    if (byDate !== 0) return byDate;
    // The handed-over record is the newest write of all.
    return (b.run?.id ?? Number.MAX_SAFE_INTEGER) - (a.run?.id ?? Number.MAX_SAFE_INTEGER);
  });
  return found[0];
}

function sameTarget(record: DecisionRecord, target: { repo: string; pullNumber: number }): boolean {
  return record.repo.toLowerCase() === target.repo.toLowerCase() && record.pull_request === target.pullNumber;
}

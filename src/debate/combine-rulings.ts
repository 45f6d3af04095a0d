import type { FinalRuling, JudgeRun } from './debate-types.js';

/**
 * The judge runs combined into one ruling, in the debate's own ids (each run mapped back by the engine).
 * A recommendation needs the agreement of {@link neededAgreement} of the runs: both of 2, 3 of 4. Pure.
 */

/** How many of `runs` judge runs must agree for a status or a recommendation to stand: all of 2, 3 of 4. */
export function neededAgreement(runs: number): number {
  return runs - Math.floor(runs / 4);
}

/** How far the judge runs agreed on the recommendation, after mapping back. */
export interface JudgeAgreement {
  /** Runs made. */
  runs: number;
  /** Runs that produced a ruling. */
  ruled: number;
  /** The recommendation most runs gave (`none` included), and how many gave it. */
  recommendation: string | undefined;
  agreeing: number;
  /** True when `agreeing` reaches {@link neededAgreement} of the runs that ruled (every run that ruled, when some failed). */
  agreed: boolean;
}

/** The runs' agreement on the recommendation. */
export function judgeAgreement(runs: readonly Pick<JudgeRun, 'ruling'>[]): JudgeAgreement {
  const picks = runs.flatMap((run) => (run.ruling ? [run.ruling.recommendation] : []));
  const [recommendation, agreeing] = mostCommon(picks);
  return {
    runs: runs.length,
    ruled: picks.length,
    recommendation,
    agreeing,
    agreed: picks.length > 0 && agreeing >= Math.min(neededAgreement(runs.length), picks.length),
  };
}

/** True when at least two runs ruled and they did not reach the agreement a recommendation needs. */
export function judgeRunsDisagree(runs: readonly Pick<JudgeRun, 'ruling'>[]): boolean {
  const agreement = judgeAgreement(runs);
  return agreement.ruled >= 2 && !agreement.agreed;
}

/**
 * Combines the runs' rulings: a status or recommendation stands when enough runs gave it (see
 * {@link judgeAgreement}); a status they split on becomes `unresolved`, a recommendation they split on
 * "no clear winner" with low confidence. The confidence is the lowest of the runs that gave the
 * recommendation, and at most `medium` when a run dissented; when some runs failed, low. The text fields
 * are those of the first run that gave the recommendation.
 * @param runs every run, in order; a failed run has no ruling
 * @returns undefined when no run ruled; else the ruling and one sentence per change
 */
export function combineRulings(
  runs: readonly Pick<JudgeRun, 'ruling' | 'order'>[],
): { ruling: FinalRuling; notes: string[] } | undefined {
  const rulings = runs.flatMap((run, i) => (run.ruling ? [{ ruling: run.ruling, n: i + 1 }] : []));
  const first = rulings[0];
  if (!first) return undefined;
  const need = Math.min(neededAgreement(runs.length), rulings.length);
  const notes: string[] = [];
  const agreement = judgeAgreement(runs);
  const recommendation = agreement.agreed ? agreement.recommendation! : 'none';
  const lead = rulings.find((r) => r.ruling.recommendation === recommendation) ?? first;
  const positions = lead.ruling.positions.map((p): FinalRuling['positions'][number] => {
    const entries = rulings.map((r) => ({ n: r.n, entry: r.ruling.positions.find((q) => q.id === p.id) ?? p }));
    const [status, count] = mostCommon(entries.map((e) => e.entry.status));
    if (count === entries.length) return p;
    const statuses = entries.map((e) => e.entry.status).join(' / ');
    if (status !== undefined && count >= need) {
      const kept = entries.find((e) => e.entry.status === status)!;
      notes.push(
        `The judge runs split on position ${p.id} (${statuses}); ${count} of ${runs.length} ruled it ${status}, which stands.`,
      );
      return { ...kept.entry, rationale: `${kept.entry.rationale}${dissents(entries, status)}` };
    }
    notes.push(`The judge runs disagreed on position ${p.id} (${statuses}); it is recorded as unresolved.`);
    return {
      ...p,
      status: 'unresolved',
      rationale: `${p.rationale}${dissents(entries, p.status)}`,
      defeating_citations: [],
    };
  });
  if (!agreement.agreed) {
    const picks = rulings.map((r) => r.ruling.recommendation);
    const reason =
      runs.length === 2
        ? `The two judge runs, one with the positions under swapped ids and in swapped order, disagreed after mapping back: one recommended ${picks[0]}, the other ${picks[1]}.`
        : `The ${runs.length} judge runs, half with the positions under swapped ids and in swapped order, did not agree after mapping back: they recommended ${picks.join(', ')}, and a recommendation needs ${neededAgreement(runs.length)} of ${runs.length}.`;
    notes.push(`${reason} The result is no clear winner.`);
    const tied = rulings.map((r) => r.ruling.tied_on_axis).find((axis) => axis !== null) ?? null;
    return {
      ruling: {
        ...lead.ruling,
        positions,
        recommendation: 'none',
        tied_on_axis: tied,
        confidence: 'low',
        confidence_reason: reason,
        summary: `No clear winner: ${reason}`,
      },
      notes,
    };
  }
  if (rulings.length < runs.length) {
    const reason = `Only ${rulings.length} of the ${runs.length} judge runs produced a ruling; the order check could not be made in full.`;
    notes.push(`${reason} Confidence is low.`);
    return {
      ruling: {
        ...lead.ruling,
        positions,
        confidence: 'low',
        confidence_reason: `${reason} ${lead.ruling.confidence_reason}`,
      },
      notes,
    };
  }
  const agreeing = rulings.filter((r) => r.ruling.recommendation === recommendation).map((r) => r.ruling);
  const rank = { low: 0, medium: 1, high: 2 } as const;
  const lowest = agreeing.reduce((low, r) => (rank[r.confidence] < rank[low.confidence] ? r : low));
  if (agreeing.length < rulings.length && lowest.confidence === 'high') {
    const dissent = `${rulings.length - agreeing.length} of the ${runs.length} judge runs recommended otherwise`;
    notes.push(`${dissent}; confidence is at most medium.`);
    return {
      ruling: {
        ...lead.ruling,
        positions,
        confidence: 'medium',
        confidence_reason: `${capitalise(dissent)}. ${lowest.confidence_reason}`,
      },
      notes,
    };
  }
  return {
    ruling: { ...lead.ruling, positions, confidence: lowest.confidence, confidence_reason: lowest.confidence_reason },
    notes,
  };
}

/** The rationales of the runs that ruled a position otherwise than `status`, e.g. ` (Run 2: ...)`. */
function dissents(entries: { n: number; entry: FinalRuling['positions'][number] }[], status: string): string {
  return entries
    .filter((e) => e.entry.status !== status)
    .map((e) => ` (Run ${e.n}: ${e.entry.rationale})`)
    .join('');
}

/** The most common value and its count (the first to reach it on a tie); undefined and 0 for none. */
function mostCommon<T>(values: readonly T[]): [T | undefined, number] {
  let best: T | undefined;
  let count = 0;
  for (const value of values) {
    const n = values.filter((v) => v === value).length;
    if (n > count) [best, count] = [value, n];
  }
  return [best, count];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

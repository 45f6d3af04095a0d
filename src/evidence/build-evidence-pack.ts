import { contentDigest, DIGEST_VERSION, type DigestVersion } from './content-digest.js';
import { countUnseen } from './count-unseen.js';
import { indexEvidence } from './index-evidence.js';
import { completePlan } from './plan-contents.js';
import { nothingToDebate } from './nothing-to-debate.js';
import { NAME_SHARE, planEvidence, type EvidencePlan, type PlanInput } from './plan-evidence.js';
import { unnamedNote } from './render-sections.js';
import { renderEvidence } from './render-evidence.js';
import { splitOverflow } from './split-overflow.js';
import type { BudgetUse, EvidencePack, OmittedItem } from './evidence-types.js';

/**
 * The evidence pack in three steps, each run once per run: plan (what fits the budget; plan-evidence.ts),
 * render (the text the models read; render-evidence.ts), index (what the citation verifier checks
 * against; index-evidence.ts); and what did not fit, split into parts for readers (split-overflow.ts).
 */

/** Input of {@link buildEvidencePack}: the plan's input and the head contents read. */
export interface EvidenceInput extends PlanInput {
  /** Head contents of changed files by path; files absent here are listed as "not read". */
  contents: Map<string, string>;
}

/**
 * Builds the pack from contents already read: plans, renders and indexes.
 * @returns the rendered text, its digest, the verification index, what was left out and how the budget was spent
 */
export function buildEvidencePack(input: EvidenceInput): EvidencePack {
  return packEvidence(completePlan(planEvidence(input), input.contents), input.contents);
}

/**
 * Renders and indexes a completed plan into the pack.
 * @param plan completed by `completePlan`
 * @param texts the head contents read, by path
 * @param digestVersion the `content_digest` version to compute: the current one, or an older record's (the gate)
 */
export function packEvidence(
  plan: EvidencePlan,
  texts: Map<string, string>,
  digestVersion: DigestVersion = DIGEST_VERSION,
): EvidencePack {
  const rendered = renderEvidence(plan, texts);
  const { pull, rfc, maxTokens, charsPerToken, notes = [] } = plan.input;
  const { spent, used } = plan.ledger;
  const toTokens = (chars: number) => Math.ceil(chars / charsPerToken);
  const tokens = toTokens(rendered.text.length);
  const budget: BudgetUse = {
    maxTokens,
    charsPerToken,
    fixed: Math.max(0, tokens - toTokens(spent.rfc + spent.hunks + spent.contents + spent.lowPriority)),
    rfc: toTokens(spent.rfc),
    hunks: toTokens(spent.hunks),
    contents: toTokens(spent.contents),
    lowPriority: toTokens(spent.lowPriority),
    spare: Math.max(0, maxTokens - toTokens(used)),
  };
  const packNotes = [...notes];
  const { unseen, coverage } = setAsideGenerated(plan);
  if (plan.unnamed > 0) packNotes.push(unnamedNote(plan.unnamed, plan.fileCount.listed, NAME_SHARE));
  if (plan.description.cut !== undefined)
    packNotes.push(`The PR description was cut: ${plan.description.cut} (evidence budget).`);
  return {
    text: rendered.text,
    digest: rendered.digest,
    contentDigest: contentDigest(
      { pull, files: plan.input.files, diffs: plan.diffs, rfc: rfc.documents },
      digestVersion,
    ),
    tag: rendered.tag,
    tokens,
    pullNumber: pull.number,
    headSha: pull.headSha,
    baseSha: pull.baseSha,
    baseRef: pull.baseRef,
    files: indexEvidence(plan),
    rfcPaths: rfc.documents.map((d) => d.path),
    rfcNote: rfc.note,
    // Left-out hunks first: they are what readers read, and lists that are cut keep the head.
    omitted: [...plan.omitted].sort((a, b) => OMISSION_ORDER[a.what] - OMISSION_ORDER[b.what]),
    coverage,
    unseen,
    fileCount: plan.fileCount,
    notes: packNotes,
    budget,
    nothingToDebate: nothingToDebate(
      plan.input.files,
      plan.fileCount.total,
      plan.classify,
      plan.input.readGenerated ?? false,
    ),
  };
}

const OMISSION_ORDER: Record<OmittedItem['what'], number> = { hunks: 0, 'rfc-tail': 1, content: 2 };

/**
 * The unseen files and the coverage of a completed plan. Generated, vendored and lock files are read by
 * no one by default (config `read-generated`): one whose content the models could not see (a binary
 * source map, say) is listed with the generated files no one read, counted as one, rather than unseen.
 */
function setAsideGenerated(plan: EvidencePlan): Pick<EvidencePack, 'unseen' | 'coverage'> {
  const all = countUnseen(plan.input.files, plan.states, plan.fileCount.total);
  const coverage = splitOverflow(plan);
  if (plan.input.readGenerated === true) return { unseen: all, coverage };
  const generated = all.paths.filter((path) => plan.classify(path) !== undefined);
  if (generated.length === 0) return { unseen: all, coverage };
  return {
    unseen: {
      paths: all.paths.filter((path) => plan.classify(path) === undefined),
      count: all.count - generated.length,
    },
    coverage: {
      ...coverage,
      generatedSkipped: [...coverage.generatedSkipped, ...generated.map((path) => ({ path, hunks: 1 }))],
    },
  };
}

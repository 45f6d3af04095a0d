import { indexEvidence } from './index-evidence.js';
import { measureContent, planEvidence, type ContentSize, type EvidencePlan, type PlanInput } from './plan-evidence.js';
import { renderEvidence } from './render-evidence.js';
import { CHARS_PER_TOKEN, estimateTokens } from './show-lines.js';
import type { BudgetUse, EvidencePack, OmittedItem } from './types.js';

/**
 * The evidence pack in three steps, each run once: plan (what fits the budget), render (the text the
 * models read), index (what the citation verifier checks against).
 */

/** Input of {@link buildEvidencePack}: the plan's input with the head contents as texts. */
export interface EvidenceInput extends Omit<PlanInput, 'contents'> {
  /** Head contents of changed files by path; files absent here are listed as "not read". */
  contents: Map<string, string>;
}

/**
 * Builds the pack from contents already read: plans with their exact sizes, renders and indexes.
 * @returns the rendered text, its digest, the verification index, what was left out and how the budget was spent
 */
export function buildEvidencePack(input: EvidenceInput): EvidencePack {
  const status = new Map(input.files.map((f) => [f.path, f.status]));
  const sizes = new Map<string, ContentSize>();
  for (const [path, text] of input.contents) sizes.set(path, measureContent(path, status.get(path) ?? 'modified', text));
  return packEvidence(planEvidence({ ...input, contents: sizes }), input.contents);
}

/**
 * Renders and indexes a plan into the pack.
 * @param plan from `planEvidence`
 * @param texts the head contents of the plan's full contents, by path
 */
export function packEvidence(plan: EvidencePlan, texts: Map<string, string>): EvidencePack {
  const rendered = renderEvidence(plan, texts);
  const { pull, rfc, maxTokens, notes = [] } = plan.input;
  const tokens = estimateTokens(rendered.text);
  const toTokens = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);
  const shown = plan.spent.rfc + plan.spent.hunks + rendered.contentChars + plan.spent.lowPriority;
  const budget: BudgetUse = {
    maxTokens,
    fixed: Math.max(0, tokens - toTokens(shown)),
    rfc: toTokens(plan.spent.rfc),
    hunks: toTokens(plan.spent.hunks),
    contents: toTokens(rendered.contentChars),
    lowPriority: toTokens(plan.spent.lowPriority),
    spare: Math.max(0, maxTokens - toTokens(plan.used - plan.spent.contents + rendered.contentChars)),
  };
  const packNotes = [...notes];
  if (plan.description.cut !== undefined) packNotes.push(`The PR description was cut: ${plan.description.cut} (evidence budget).`);
  return {
    text: rendered.text,
    digest: rendered.digest,
    tag: rendered.tag,
    tokens,
    headSha: pull.headSha,
    baseSha: pull.baseSha,
    files: indexEvidence(plan, rendered),
    rfcPaths: rfc.documents.map((d) => d.path),
    rfcNote: rfc.note,
    // Left-out hunks first: they are what makes the evidence truncated, and lists that are cut keep the head.
    omitted: [...rendered.omitted].sort((a, b) => OMISSION_ORDER[a.what] - OMISSION_ORDER[b.what]),
    truncated: plan.truncated,
    fileCount: plan.fileCount,
    notes: packNotes,
    budget,
  };
}

const OMISSION_ORDER: Record<OmittedItem['what'], number> = { hunks: 0, 'rfc-tail': 1, content: 2 };

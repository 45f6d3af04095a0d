import audit from '../../prompts/audit.md?raw';
import citationRepair from '../../prompts/citation-repair.md?raw';
import closing from '../../prompts/closing.md?raw';
import crossExamination from '../../prompts/cross-examination.md?raw';
import judgeRetry from '../../prompts/judge-retry.md?raw';
import judge from '../../prompts/judge.md?raw';
import moderator from '../../prompts/moderator.md?raw';
import opening from '../../prompts/opening.md?raw';
import preflight from '../../prompts/preflight.md?raw';
import prPosition from '../../prompts/pr-position.md?raw';
import reader from '../../prompts/reader.md?raw';
import repair from '../../prompts/repair.md?raw';
import singleJudge from '../../prompts/single-judge.md?raw';
import steelman from '../../prompts/steelman.md?raw';
import system from '../../prompts/system.md?raw';
import transcript from '../../prompts/transcript.md?raw';
import warmUp from '../../prompts/warm-up.md?raw';
import { PROSE_REFERENCE_RULE } from '../citations/check-references.js';
import { QUOTE_RULE, quoteExamplesText } from '../citations/quote-rule.js';
import { CLAIM_RULE, TAG_RULES } from './claim-rules.js';
import {
  advocateRubricText,
  ATTACKS_PER_OPPONENT,
  auditRubricText,
  confidenceRubricText,
  judgeRubricText,
} from './rubric.js';

/**
 * Prompts are data: Markdown files in `prompts/`, bundled into `dist/index.js` at build time
 * (esbuild's text loader; vitest's `?raw`), so the action needs no files beside its bundle.
 */
const PROMPTS = {
  system,
  moderator,
  'pr-position': prPosition,
  reader,
  opening,
  'cross-examination': crossExamination,
  closing,
  steelman,
  audit,
  judge,
  'judge-retry': judgeRetry,
  repair,
  transcript,
  'warm-up': warmUp,
  preflight,
  'single-judge': singleJudge,
  'citation-repair': citationRepair,
} as const;

/**
 * Placeholders every prompt may use, filled from the constants the engine applies (issue #20: one
 * source of truth): the claim rule, the quote rule with its examples, what each claim tag means, and
 * the falsification rubric (issue #28: `rubric.ts`) as the judge and the advocates read it.
 */
export const RULE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  rule_claim: CLAIM_RULE,
  rule_prose_references: PROSE_REFERENCE_RULE,
  rule_quote: QUOTE_RULE,
  rule_examples: quoteExamplesText(),
  tag_verified: TAG_RULES.verified,
  tag_unverified: TAG_RULES.unverified,
  tag_no_citation: TAG_RULES['no-citation'],
  tag_exaggerated: TAG_RULES.exaggerated,
  rubric_judge: judgeRubricText(),
  rubric_confidence: confidenceRubricText(),
  rubric_advocate: advocateRubricText(),
  rubric_audit: auditRubricText(),
  rule_attacks_per_opponent: String(ATTACKS_PER_OPPONENT),
  tag_irrelevant: TAG_RULES.irrelevant,
};

/** Names of the prompt files, without `.md`. */
export type PromptName = keyof typeof PROMPTS;
/** Every prompt name, for the test that loads them all. */
export const PROMPT_NAMES = Object.keys(PROMPTS) as PromptName[];

/**
 * Loads a prompt and fills its `{{name}}` placeholders: the {@link RULE_PLACEHOLDERS} from the code,
 * the others from `values`.
 * @throws Error when a placeholder has no value or a value names no placeholder (a prompt and its caller disagree)
 */
export function loadPrompt(name: PromptName, values: Record<string, string> = {}): string {
  const template = PROMPTS[name];
  const used = new Set<string>();
  const text = template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = RULE_PLACEHOLDERS[key] ?? values[key];
    if (value === undefined) throw new Error(`prompts/${name}.md: no value for {{${key}}}`);
    used.add(key);
    return value;
  });
  const unused = Object.keys(values).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`prompts/${name}.md has no placeholder for ${unused.join(', ')}`);
  return text;
}

/** The `{{name}}` placeholders a prompt expects from its caller (not the {@link RULE_PLACEHOLDERS}), in order of first use. */
export function promptPlaceholders(name: PromptName): string[] {
  return [...new Set([...PROMPTS[name].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].filter(
    (key) => !(key in RULE_PLACEHOLDERS),
  );
}

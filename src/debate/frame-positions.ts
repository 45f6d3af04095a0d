import type { EvidencePack } from '../evidence/evidence-types.js';
import { summariseUsage, type RunUsage } from '../usage/price-usage.js';
import { createCaller } from './call-models.js';
import { expectedScript, languageRule, type LanguageSetting } from './language.js';
import type { ModelClient } from './model-client.js';
import { frameDebate } from './phases/frame-debate.js';
import { loadPrompt } from './prompts.js';
import { POSITION_IDS, replySchemasFor, type Framing } from './schemas.js';
import type { CallRecord } from './debate-types.js';

/** What framing alone produced, for a plan that waits for confirmation (input `confirm-plan`). */
export type FramedPositions =
  | { kind: 'not-contested'; framing: Framing; calls: CallRecord[]; usage: RunUsage }
  | {
      kind: 'framed';
      framing: Framing;
      /** The 2-4 distinct position labels to debate. */
      labels: string[];
      topic: string;
      /** The command's out-of-scope topics and the moderator's, without repeats. */
      outOfScope: string[];
      /** What the engine changed (positions cut to four) and what went wrong (a repaired reply). */
      notes: string[];
      calls: CallRecord[];
      usage: RunUsage;
    };

/**
 * Phase 0 of the debate on its own (`phases/frame-debate.ts`, the same prompt, rules and envelope as
 * {@link runDebate} uses): the moderator frames the positions and nothing else is called, so under
 * `confirm-plan` no advocate or judge call is made before a maintainer confirms (contract section 5).
 * @throws Error when the moderator fails twice (reply and repair)
 */
export async function framePositions(
  client: ModelClient,
  request: { pack: EvidencePack; outOfScope: string[]; command: string; moderatorModel: string; language: LanguageSetting },
): Promise<FramedPositions> {
  const caller = createCaller(client, { system: loadPrompt('system'), evidence: request.pack.text }, expectedScript(request.language));
  const framed = await frameDebate(caller, { model: request.moderatorModel, command: request.command, outOfScope: request.outOfScope, language: languageRule(request.language), schemas: replySchemasFor(POSITION_IDS.slice(0, 2)) });
  const usage = summariseUsage(caller.calls);
  if (!framed.framing.contested || framed.labels.length < 2) return { kind: 'not-contested', framing: framed.framing, calls: caller.calls, usage };
  const outOfScope = [...new Set([...request.outOfScope, ...framed.framing.out_of_scope.map((t) => t.trim()).filter(Boolean)])];
  return { kind: 'framed', framing: framed.framing, labels: framed.labels, topic: framed.framing.topic, outOfScope, notes: [...framed.notes, ...framed.problems], calls: caller.calls, usage };
}

import type { ModelCall } from '../../src/debate/model-client.js';
import { parseDiffEvidence } from '../../src/rehearsal/evidence-blocks.js';
import { attacksToAnswer, describeCall, factsSayUntested, type ScriptedPhase } from './scripted-models.js';

/**
 * A default script for a whole debate over the fixture pack (`test/support/evidence-fixtures.ts`),
 * which tests override phase by phase. Every advocate cites real lines of `src/cache.ts`, answers
 * every attack with a verified refutation and makes one new attack per round on the next position;
 * the judge keeps every rule and recommends A.
 */

/** A verified citation of line `n` of the fixture's `src/cache.ts` (lines 1-30 are `const valueN = 'line N of cache';`). */
export function cacheLine(n: number): { path: string; line_start: number; line_end: number; quote: string } {
  return { path: 'src/cache.ts', line_start: n, line_end: n, quote: `const value${n} = 'line ${n} of cache';` };
}

/** A citation whose quote is not in the cited lines. */
export const WRONG = { path: 'src/cache.ts', line_start: 3, line_end: 3, quote: 'this text is nowhere' };

const LINE: Record<string, number> = { A: 11, B: 12, C: 13, D: 14 };

/** What a scripted phase answers; return undefined to fall back to the default. */
export type Override = (call: ModelCall<unknown>, info: ReturnType<typeof describeCall>, index: number) => unknown;

/** Default replies, by phase. */
export const defaults: Record<ScriptedPhase, Override> = {
  preflight: () => ({ ready: true }),
  moderator: () => ({
    framing: {
      contested: true,
      reason: 'A default flipped.',
      topic: 'Cache or not?',
      positions: [{ label: 'keep the cache' }, { label: 'drop the cache' }],
      out_of_scope: [],
      suggested_command: null,
      pr_position: 'A',
    },
  }),
  opening: (_call, { position }) => ({
    opening: {
      thesis: `Thesis of ${position}.`,
      arguments: [
        {
          claim: `Claim of ${position}.`,
          reasoning: `Reasoning of ${position}.`,
          confidence: 0.7,
          citations: [cacheLine(LINE[position!]!)],
        },
      ],
      known_weaknesses: [`Weakness of ${position}.`],
      predicted_attacks: [`Predicted attack on ${position}.`],
    },
  }),
  'cross-examination': (call, { position, round }) => ({
    cross_examination: {
      answers: attacksToAnswer(call).map((id) => ({
        attack_id: id,
        answer: 'refute',
        text: `${position} refutes ${id}.`,
        citations: [cacheLine(LINE[position!]!)],
      })),
      weaknesses: [],
      attacks: [
        {
          target: nextPosition(call, position!),
          claim_id: null,
          claim: `${position} attacks in round ${round}.`,
          citations: [cacheLine(20 + (round ?? 0) * 4 + Object.keys(LINE).indexOf(position!))],
        },
      ],
    },
  }),
  closing: (call, { position }) => ({
    cross_examination: {
      answers: attacksToAnswer(call).map((id) => ({
        attack_id: id,
        answer: 'refute',
        text: `${position} refutes ${id} at the close.`,
        citations: [cacheLine(LINE[position!]!)],
      })),
      weaknesses: [],
      attacks: [],
    },
  }),
  steelman: (_call, { position, target: asked }) => {
    const target = asked!;
    return {
      steelman: {
        position: target,
        thesis: `${position} steelmans ${target}.`,
        arguments: [
          {
            claim: `Best case of ${target}.`,
            reasoning: 'Because.',
            confidence: 0.7,
            citations: [cacheLine(LINE[target]!)],
          },
        ],
      },
    };
  },
  // A reader (issue #40) quotes the first changed head line of its part for position A.
  reading: (call) => {
    const line = parseDiffEvidence(call.evidence).flatMap((f) =>
      f.lines.filter((l) => l.text.trim().length > 0).map((l) => ({ path: f.path, ...l })),
    )[0];
    const excerpts = line
      ? [
          {
            position: 'A',
            note: 'This line bears on A.',
            citation: {
              path: line.path,
              side: 'head',
              line_start: line.line,
              line_end: line.line,
              quote: line.text.trim(),
            },
          },
        ]
      : [];
    return { reading: { excerpts } };
  },
  audit: () => ({ audit: { irrelevant: [], exaggerated: [], out_of_scope: [] } }),
  // The judge keeps the rubric: an untested recommendation gets low confidence (it would be lowered to it anyway).
  judge: (call) =>
    judgeSays(
      call,
      factsSayUntested(call.instructions, shownId(call, 'A'))
        ? { confidence: 'low', confidence_reason: 'A has verified evidence, but no counted attack tested it.' }
        : {},
    ),
};

/** The id a judge call shows the debate's position `id` under (a run with swapped ids shows it as another). */
export function shownId(call: ModelCall<unknown>, id: string): string {
  const shownIds = positionsOf(call);
  return shownIds[(call.meta?.order ?? shownIds).indexOf(id)] ?? id;
}

/**
 * A judge's reply written in the debate's own ids, as this call shows them: a run with swapped ids
 * (`meta.order` lists the debate's ids in the order the call lists the shown ones) gets the same ruling
 * about the same positions, under the ids it reads. So a scripted judge rules on the positions, not on
 * their place or letter; `overrides` as for {@link ruling}.
 */
export function judgeSays(
  call: ModelCall<unknown>,
  overrides: Record<string, unknown> = {},
): { ruling: Record<string, unknown> } {
  const order = call.meta?.order ?? positionsOf(call);
  const shown = (id: string) => (id === 'none' ? id : shownId(call, id));
  const written = ruling([...order].sort(), overrides);
  const positions = written['positions'] as Record<string, unknown>;
  const scenarios = written['scenarios'] as { recommendation: string }[];
  return {
    ruling: {
      ...written,
      positions: Object.fromEntries(Object.entries(positions).map(([id, entry]) => [shown(id), entry])),
      recommendation: shown(written['recommendation'] as string),
      scenarios: scenarios.map((s) => ({ ...s, recommendation: shown(s.recommendation) })),
    },
  };
}

/**
 * A ruling that keeps every rule: A survives and is recommended, the others are unresolved. `positions`
 * may be overridden as a list of `{ id, ... }` entries; the ruling keys them by id, as its schema does.
 */
export function ruling(ids: string[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { positions, ...rest } = overrides;
  const entries =
    (positions as { id: string }[] | undefined) ??
    ids.map((id) => ({
      id,
      status: id === 'A' ? 'survived' : 'unresolved',
      rationale: `Rationale for ${id}.`,
      defeating_citations: [],
    }));
  return {
    positions: Object.fromEntries(entries.map(({ id, ...entry }) => [id, entry])),
    recommendation: 'A',
    tied_on_axis: null,
    confidence: 'medium',
    confidence_reason: 'A has verified evidence.',
    key_reasons: ['Reason one.', 'Reason two.', 'Reason three.'],
    trade_offs: ['Memory for latency.', 'Freshness for speed.'],
    what_would_change: ['A benchmark.'],
    dissent: 'Dropping the cache is simpler.',
    consensus: ['The cache is small.'],
    open_questions: ['How often does the config change?'],
    scenarios: [{ scenario: 'Config changes hourly', recommendation: 'A', rationale: 'Staleness is bounded.' }],
    blind_spots: ['Multi-process deployments.'],
    summary: 'Keep the cache.',
    ...rest,
  };
}

/** The position ids a call lists, in the order it lists them. */
export function positionsOf(call: ModelCall<unknown>): string[] {
  // `[^\n]*`, not `.*`: a label may hold a CR (`.` stops there), and the instructions still list it on one line.
  const block =
    /Positions(?:, in the order you are to read them this time)?:\n((?:- [A-D]: [^\n]*\n?)+)/.exec(
      call.instructions,
    )?.[1] ??
    /All positions in this debate:\n((?:- [A-D]: [^\n]*\n?)+)/.exec(call.instructions)?.[1] ??
    '';
  return [...block.matchAll(/^- ([A-D]):/gm)].map((m) => m[1]!);
}

function nextPosition(call: ModelCall<unknown>, position: string): string {
  const ids = positionsOf(call);
  return ids[(ids.indexOf(position) + 1) % ids.length]!;
}

/**
 * A script: each phase answers from `overrides` when it returns something other than undefined, else the default.
 */
export function debateScript(
  overrides: Partial<Record<ScriptedPhase, Override>> = {},
): (call: ModelCall<unknown>, index: number) => unknown {
  return (call, index) => {
    const info = describeCall(call);
    return overrides[info.phase]?.(call, info, index) ?? defaults[info.phase](call, info, index);
  };
}

import type { ResponderContext, ScriptedReply } from './anthropic-server.js';
import type { RealCaseScenario } from './real-case-scenario.js';
import { factsSayUntested } from './scripted-models.js';

/**
 * Scripted model replies for the commander-excess-arguments case (commander 12.1.0 -> 13.0.0), for every
 * phase of a debate. `edit` may change a reply (keyed by its envelope field: opening, ruling, ...) before it is
 * sent, and may say how many output tokens it counts (repetitive text tokenises densely).
 */
/** A scripted model: citations are made from real lines of the head tree, one of them deliberately wrong. */
export function scriptedModel(
  scenario: () => RealCaseScenario,
  edit: (phase: string, reply: Record<string, unknown>) => { outputTokens?: number } | void = () => {},
) {
  const head = (path: string) => scenario().pull.readFile(scenario().pull.head.sha, path)!.toString('utf8').split('\n');
  const cite = (path: string, needle: string) => {
    const line = head(path).findIndex((l) => l.includes(needle)) + 1;
    if (line === 0) throw new Error(`${needle} not in ${path}`);
    return { path, line_start: line, line_end: line, quote: needle };
  };
  const opening = (citations: object[]) => ({
    thesis: 'Thesis of the position.',
    arguments: [
      { claim: 'The code and the Readme say so.', reasoning: 'See the cited lines.', confidence: 0.7, citations },
    ],
    known_weaknesses: ['Existing programs may break.'],
    predicted_attacks: ['It breaks scripts that pass extra arguments.'],
  });
  const ruling = {
    positions: {
      A: { status: 'survived', rationale: 'The code and the Readme agree.', defeating_citations: [] },
      B: {
        status: 'unresolved',
        rationale: 'Compatibility matters, but its citation did not check out.',
        defeating_citations: [],
      },
    },
    recommendation: 'A',
    tied_on_axis: null,
    confidence: 'medium',
    confidence_reason: 'Verified evidence supports A.',
    key_reasons: ['The default is documented.', 'The code enforces it.', 'B conceded nothing it could cite.'],
    trade_offs: ['Safety for compatibility.', 'Strictness for convenience.'],
    what_would_change: ['Evidence that many programs rely on excess arguments.'],
    dissent: 'Allowing excess arguments keeps old scripts working.',
    consensus: ['The change is documented.'],
    open_questions: ['How many programs pass extra arguments?'],
    scenarios: [{ scenario: 'A new CLI', recommendation: 'A', rationale: 'Nothing to break.' }],
    blind_spots: ['Programs that forward arguments to subprocesses.'],
    summary: 'Make excess arguments an error by default.',
  };
  const answers = (text: string) =>
    [...text.split('## Attacks on your position that you must answer')[1]!.matchAll(/^- attack_id (\S+),/gm)].map(
      (m) => ({ attack_id: m[1], answer: 'refute', text: 'The evidence says otherwise.', citations: [] }),
    );
  return (_request: unknown, { text, call }: ResponderContext): ScriptedReply => {
    let reply: unknown;
    const phase = call?.phase;
    // Pre-flight (issue #12): any reply proves the model answers.
    if (phase === 'preflight') return { text: '{"ready": true}' };
    if (phase === 'framing' || phase === 'pr-position') {
      reply = {
        framing: {
          contested: true,
          reason: 'A default flipped.',
          topic: 'Should excess arguments be an error by default?',
          positions: [
            { label: 'Excess arguments are an error by default' },
            { label: 'Excess arguments stay allowed by default' },
          ],
          out_of_scope: ['help formatting'],
          suggested_command: null,
          pr_position: 'A',
        },
      };
    } else if (phase === 'cross-examination') {
      const a = call?.positionId === 'A';
      reply = {
        cross_examination: {
          answers: answers(text),
          weaknesses: [],
          attacks: [
            a
              ? {
                  target: 'B',
                  claim_id: null,
                  claim: 'The Readme documents the error.',
                  citations: [cite('Readme.md', 'excess arguments will be reported as an error')],
                }
              : { target: 'A', claim_id: null, claim: 'Scripts break.', citations: [] },
          ],
        },
      };
    } else if (phase === 'closing') {
      reply = { cross_examination: { answers: answers(text), weaknesses: [], attacks: [] } };
    } else if (phase === 'steelman') {
      const target = call?.target;
      reply = {
        steelman: {
          position: target,
          thesis: 'The best case.',
          arguments: [{ claim: 'It is documented.', reasoning: 'See the lines.', confidence: 0.7, citations: [] }],
        },
      };
    } else if (phase === 'opening' && call?.positionId === 'A') {
      reply = {
        opening: opening([
          cite('lib/command.js', 'this._allowExcessArguments = false;'),
          cite('Readme.md', 'excess arguments will be reported as an error'),
        ]),
      };
    } else if (phase === 'opening' && call?.positionId === 'B') {
      const wrong = {
        ...cite('lib/command.js', 'this._allowExcessArguments = false;'),
        quote: 'this._allowExcessArguments = true;',
      };
      reply = { opening: opening([wrong]) };
    } else if (phase === 'opening') {
      // A third position: in deep, the pragmatist (issue #28).
      reply = { opening: opening([cite('Readme.md', 'excess arguments will be reported as an error')]) };
    } else if (phase === 'audit') {
      reply = { audit: { irrelevant: [], exaggerated: [], out_of_scope: [] } };
    } else if (phase === 'judge') {
      // The judge rules on the positions by what they say, not by their letter: a run with swapped ids shows
      // "error by default" under another id. The ruling has one entry per position shown (a third is unresolved).
      const listed = [
        ...(text.split('Positions, in the order you are to read them this time:\n')[1] ?? '').matchAll(
          /^- ([A-D]): (.*)$/gm,
        ),
      ];
      // Positions named otherwise (a command's own labels): the debate's A, under the id this run shows it.
      const winner =
        listed.find((m) => m[2] === 'Excess arguments are an error by default')?.[1] ??
        listed[(call?.order ?? []).indexOf('A')]?.[1] ??
        'A';
      const middle = {
        status: 'unresolved',
        rationale: 'The middle ground has one citation and was not tested.',
        defeating_citations: [],
      };
      const entries = listed.map(([, id, label]) => [
        id!,
        id === winner ? ruling.positions.A : label!.startsWith('Middle ground') ? middle : ruling.positions.B,
      ]);
      // It keeps the rubric: a recommendation no counted attack reached has low confidence at most.
      const confidence = factsSayUntested(text, winner)
        ? { confidence: 'low', confidence_reason: 'Verified evidence supports A, but no counted attack tested it.' }
        : {};
      reply = {
        ruling: {
          ...ruling,
          ...confidence,
          positions: Object.fromEntries(entries),
          recommendation: winner,
          scenarios: ruling.scenarios.map((x) => ({ ...x, recommendation: winner })),
        },
      };
    } else {
      return { error: { status: 400, type: 'invalid_request_error', message: 'unexpected prompt' } };
    }
    const extra = edit(Object.keys(reply as Record<string, unknown>)[0] ?? '', reply as Record<string, unknown>) ?? {};
    return { text: JSON.stringify(reply), ...extra };
  };
}

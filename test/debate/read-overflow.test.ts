import { describe, expect, it } from 'vitest';
import type { ModelCall, ModelClient } from '../../src/debate/model-client.js';
import { planDebate } from '../../src/debate/plan.js';
import type { DebateRequest } from '../../src/debate/debate-request.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { DebateResult } from '../../src/debate/debate-types.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import { countCoverage } from '../../src/evidence/split-overflow.js';
import { fixtureRecord } from '../support/debate-fixtures.js';
import { debateScript, type Override } from '../support/debate-script.js';
import { fixturePack, overflowInput, overflowPack, pull } from '../support/evidence-fixtures.js';
import { describeCall, scriptedModels, type ScriptedPhase } from '../support/scripted-models.js';

/**
 * The readers (issue #40) in the engine: one call per part of the hunks the pack cannot hold, all in one
 * wave before the openings; each quote checked against the part; the verified excerpts in the evidence
 * of every later call, citable there; the rest dropped with a note; parts past the bound, or whose reader
 * failed, unread and counted so.
 */

/** 3 parts at this budget: src/big.ts over two, the small source files in the third. */
const pack = overflowPack(1_500);

function request(change: Partial<DebateRequest> = {}): DebateRequest {
  return {
    pack,
    positions: ['keep the change', 'revert it'],
    prPosition: { kind: 'named', id: 'A' },
    outOfScope: [],
    command: '/debate',
    moderatorModel: 'm-mod',
    advocateModels: ['m-adv'],
    judgeModel: 'm-judge',
    plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
    readers: { model: 'm-read', calls: 8, bound: 'max-reader-calls' },
    language: {
      language: 'auto',
      commandText: 'keep the change vs revert it',
      prText: `${pull.title}\n\n${pull.body}`,
    },
    ...change,
  };
}

/** The scripted models, each call answered a turn of the event loop later, counting the reader calls in flight at once. */
function probed(
  overrides: Partial<Record<ScriptedPhase, Override>>,
): ModelClient & { calls: ModelCall<unknown>[]; readersAtOnce: number } {
  const inner = scriptedModels(debateScript(overrides));
  let inFlight = 0;
  const probe = {
    calls: inner.calls,
    readersAtOnce: 0,
    async complete<T>(call: ModelCall<T>) {
      const reading = call.meta?.phase === 'reading';
      if (reading) probe.readersAtOnce = Math.max(probe.readersAtOnce, (inFlight += 1));
      await new Promise((resolve) => setImmediate(resolve));
      if (reading) inFlight -= 1;
      return inner.complete(call);
    },
  };
  return probe;
}

async function debate(overrides: Partial<Record<ScriptedPhase, Override>> = {}, change: Partial<DebateRequest> = {}) {
  const models = probed(overrides);
  const outcome = await runDebate(models, request(change));
  if (outcome.kind !== 'debate') throw new Error('expected a debate');
  return { outcome, models, phases: models.calls.map((c) => describeCall(c).phase) };
}

/** The first head line of a part: what the default scripted reader quotes for A. */
function firstHeadLine(p: EvidencePack, part: number): { path: string; line: number; text: string } {
  const file = p.coverage.parts[part - 1]!.files[0]!;
  const line = file.pieces.flatMap((x) => x.shown.lines).find((l) => l.headLine !== undefined)!;
  return { path: file.path, line: line.headLine!, text: line.text };
}

const unread = (outcome: DebateResult) => countCoverage(pack.coverage, new Set(outcome.reading?.result.read ?? []));

describe('the readers', () => {
  it('read every part in one wave before the openings, and their verified excerpts are evidence every later call reads and cites', async () => {
    expect(pack.coverage.parts).toHaveLength(3);
    const quoted = firstHeadLine(pack, 1);
    const cite = { path: quoted.path, line_start: quoted.line, line_end: quoted.line, quote: quoted.text };
    const { outcome, models, phases } = await debate({
      // A cites the line the reader of part 1 quoted: it is in no DIFF block of the pack, only in the readings.
      opening: (_call, { position }) => ({
        opening: {
          thesis: 'T.',
          arguments: [{ claim: `Claim of ${position}.`, reasoning: 'R.', confidence: 0.6, citations: [cite] }],
          known_weaknesses: [],
          predicted_attacks: [],
        },
      }),
    });
    expect(phases.slice(0, 3)).toEqual(['reading', 'reading', 'reading']);
    expect(phases.slice(3, 5)).toEqual(['opening', 'opening']);
    expect(models.readersAtOnce).toBe(3);
    const readers = models.calls.slice(0, 3);
    // Each reader reads its own part with the system prompt every call starts with, not the pack.
    readers.forEach((call, i) => {
      expect(call.role).toBe('reader');
      expect(call.model).toBe('m-read');
      expect(call.evidence).toContain(`## Reader part ${i + 1} of 3`);
      expect(call.evidence).not.toContain('## Files changed');
      expect(call.system).toBe(models.calls[3]!.system);
      expect(call.readings).toBeUndefined();
    });
    // Every later call reads the pack, then the readings with the quoted rows, as a block of its own.
    const later = models.calls.slice(3);
    expect(new Set(later.map((c) => c.evidence))).toEqual(new Set([pack.text]));
    expect(new Set(later.map((c) => c.readings))).toEqual(new Set([outcome.reading!.pack.readings]));
    expect(later[0]!.readings).toMatch(
      new RegExp(
        `EXCERPT ${JSON.stringify(quoted.path)} \\(lines ${quoted.line}, read in part 1 of 3; bears on position A\\)`,
      ),
    );
    expect(later[0]!.readings).toMatch(new RegExp(`^ *${quoted.line} +${quoted.line}   ${quoted.text}$`, 'm'));
    // A's citation of the excerpt line checks out against the evidence as the debate read it.
    const a = outcome.transcript.openings.find((t) => t.positionId === 'A');
    expect(a?.status === 'complete' && a.arguments[0]!.citations[0]!.check.status).toBe('verified');
    expect(outcome.reading!.result).toMatchObject({ parts: 3, read: [1, 2, 3], unread: [], given: 3 });
    expect(outcome.reading!.result.excerpts).toHaveLength(3);
    expect(unread(outcome)).toMatchObject({ unread: 0, read: countCoverage(pack.coverage, new Set([1, 2, 3])).read });
    expect(outcome.completion).toBe('success');
    // The record says every hunk was in the pack or read by a reader.
    expect(fixtureRecord(pack, outcome).evidence).toMatchObject({
      unread: 0,
      read: unread(outcome).read,
      generated_skipped: 20,
    });
  });

  it('drop an excerpt whose quote is not on its lines and one past three a position, each with a note', async () => {
    const { outcome, models } = await debate({
      reading: (call) => {
        const { path, line, text } = firstHeadLine(pack, call.meta!.part!);
        const at = (n: number, quote: string, to = n) => ({
          position: 'A',
          note: 'Bears on A.',
          citation: { path, side: 'head', line_start: n, line_end: to, quote },
        });
        const excerpts =
          call.meta!.part === 1
            ? [
                at(line, text),
                at(line, 'not in this line at all'),
                at(line, text),
                at(line, text),
                at(line, text),
                { ...at(line, text, line + 40), position: 'B' },
              ]
            : [];
        return { reading: { excerpts } };
      },
    });
    expect(outcome.reading!.result.given).toBe(6);
    expect(outcome.reading!.result.excerpts).toHaveLength(3);
    const note = outcome.notes.find((n) => n.includes('dropped'))!;
    expect(note).toMatch(
      /^3 reader excerpts were dropped \(part 1, for A, "src\/big\.ts" line \d+: quote mismatch; part 1, for A, "src\/big\.ts" line \d+: past 3 excerpts for one position; part 1, for B, "src\/big\.ts" lines \d+ to \d+: lines not in its part\)\.$/,
    );
    expect(models.calls.at(-1)!.readings).not.toContain('not in this line at all');
  });

  it('drop a verified excerpt longer than 30 lines, and keep one of 30', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `+added line ${i + 1} ${'z'.repeat(30)}`).join('\n');
    const files = classifyFiles(
      [
        {
          path: 'src/long.ts',
          previousPath: undefined,
          status: 'added',
          additions: 120,
          deletions: 0,
          patch: `@@ -0,0 +1,120 @@\n${rows}`,
        },
      ],
      undefined,
    );
    const long = buildEvidencePack({ ...overflowInput(1_500), files, pull: { ...pull, changedFiles: 1 } });
    expect(long.coverage.parts.length).toBeGreaterThan(0);
    const quote = (n: number) => `added line ${n} ${'z'.repeat(30)}`;
    const { outcome } = await debate(
      {
        reading: (call) => ({
          reading: {
            excerpts:
              call.meta!.part === 1
                ? [31, 30].map((lines) => ({
                    position: 'A',
                    note: 'N.',
                    citation: { path: 'src/long.ts', side: 'head', line_start: 1, line_end: lines, quote: quote(1) },
                  }))
                : [],
          },
        }),
      },
      { pack: long },
    );
    expect(outcome.reading!.result.excerpts.map((e) => e.lineEnd)).toEqual([30]);
    expect(outcome.notes.find((n) => n.includes('dropped'))).toBe(
      '1 reader excerpt was dropped (part 1, for A, "src/long.ts" lines 1 to 31: longer than 30 lines).',
    );
  });

  it('leave the parts past max-reader-calls unread: named in the readings, the notes and the record', async () => {
    const { outcome, models } = await debate({}, { readers: { model: 'm-read', calls: 1, bound: 'max-reader-calls' } });
    expect(models.calls.filter((c) => c.role === 'reader')).toHaveLength(1);
    expect(outcome.reading!.result).toMatchObject({
      read: [1],
      unread: [
        { part: 2, why: 'past max-reader-calls (1)' },
        { part: 3, why: 'past max-reader-calls (1)' },
      ],
    });
    expect(outcome.notes).toContain('Parts 2-3 of 3 were not read: past max-reader-calls (1).');
    const counted = unread(outcome);
    expect(counted.unread).toBeGreaterThan(0);
    expect(models.calls.at(-1)!.readings).toContain(`No model read ${counted.unread} changed hunks`);
    expect(fixtureRecord(pack, outcome).evidence!.unread).toBe(counted.unread);
  });

  it('leave the part of a reader that failed unread, and the debate goes on, not degraded', async () => {
    const { outcome } = await debate({
      reading: (call) =>
        call.meta!.part === 2 ? new Error('the model API answered 529 overloaded') : { reading: { excerpts: [] } },
    });
    expect(outcome.reading!.result.read).toEqual([1, 3]);
    expect(outcome.reading!.result.unread).toEqual([
      { part: 2, why: 'its reader failed: the model API answered 529 overloaded' },
    ]);
    expect(outcome.completion).toBe('success');
    expect(unread(outcome).unread).toBeGreaterThan(0);
    expect(outcome.reading!.pack.readings).toContain('No reader quoted a line that bears on the positions.');
  });

  it('are not called when the pack holds every hunk: the same calls as before, and no readings', async () => {
    const fits = fixturePack();
    const withReaders = await debate({}, { pack: fits });
    const without = await debate({}, { pack: fits, readers: undefined });
    expect(withReaders.phases).toEqual(without.phases);
    expect(withReaders.phases).not.toContain('reading');
    expect(withReaders.models.calls.every((c) => c.readings === undefined)).toBe(true);
    expect(withReaders.outcome.reading).toBeUndefined();
  });
});

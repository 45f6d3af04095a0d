import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulingInOriginalIds, swapIds } from '../../src/debate/relabel-positions.js';
import { rulingSchemaFor, type Ruling } from '../../src/debate/schemas.js';
import { createIllustrationResponder, parseIllustration, rulingAsShown } from '../../src/rehearsal/illustration.js';
import { standInSentence } from '../../src/rehearsal/stand-ins.js';
import { ROOT } from '../support/run-action.js';

/**
 * The illustration's file and how its replies reach each call (issue #42). That the quotes check out and
 * the engine keeps every reply as written is tested where the bundled action plays it (test/scripts/demo.test.ts).
 */
const file = path.join(ROOT, 'docs', 'illustration', 'commander-excess-arguments.yml');
const illustration = parseIllustration(readFileSync(file, 'utf8'));
const respond = createIllustrationResponder(illustration);
const ask = (call: Parameters<typeof respond>[1]['call']) =>
  JSON.parse((respond({}, { text: '', call }) as { text: string }).text) as Record<string, unknown>;

describe('the illustration', () => {
  it('says what it is in its first lines, and names the real case it was written for', () => {
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(`# ${standInSentence('illustration')}`);
    expect(illustration.case).toBe('commander-excess-arguments');
  });

  it('answers each call from its phase, position and round, in the field the call asks for', () => {
    expect(ask({ phase: 'preflight', retry: false })).toEqual({ ready: true });
    expect(ask({ phase: 'framing', retry: false })).toEqual({ framing: illustration.framing });
    expect(ask({ phase: 'opening', positionId: 'B', retry: false })).toEqual({ opening: illustration.opening['B'] });
    expect(ask({ phase: 'cross-examination', positionId: 'A', round: 1, retry: false })).toEqual({
      cross_examination: illustration['cross-examination']['1']!['A'],
    });
    expect(ask({ phase: 'closing', positionId: 'B', round: 1, retry: false })).toEqual({
      cross_examination: illustration.closing['B'],
    });
    expect(ask({ phase: 'steelman', positionId: 'A', target: 'B', retry: false })).toEqual({
      steelman: illustration.steelman['A'],
    });
    expect(ask({ phase: 'audit', retry: false })).toEqual({ audit: illustration.audit });
    expect(() => ask({ phase: 'cross-examination', positionId: 'A', round: 2, retry: false })).toThrow(
      'the illustration of commander-excess-arguments has no reply for cross-examination, position A, round 2',
    );
    expect(() => ask({ phase: 'reading', part: 1, retry: false })).toThrow('has no reply for reading');
  });

  it("gives each judge run the one ruling in the ids it shows, which the engine maps back to the file's", () => {
    const schema = rulingSchemaFor(['A', 'B']);
    const written = schema.parse(illustration.judge);
    expect(schema.parse(ask({ phase: 'judge', order: ['A', 'B'], retry: false })['ruling'])).toEqual(written);
    // The swapped run reads the debate's B as A: its ruling says so, and maps back to the ruling as written.
    const swapped = schema.parse(ask({ phase: 'judge', order: ['B', 'A'], retry: false })['ruling']) as Ruling;
    expect(swapped.positions['B']!.rationale).toBe(
      written.positions['A']!.rationale.replace(/O\.A\./g, 'O.B.').replace(/X1\.B\./g, 'X1.A.'),
    );
    expect(swapped.recommendation).toBe('B');
    expect(swapped.scenarios.map((s) => s.recommendation)).toEqual(['B', 'A']);
    expect(swapped.confidence_reason).toContain('Position B withstood attack, but so did position A');
    expect(rulingInOriginalIds(swapped, swapIds(['A', 'B']))).toEqual(written);
  });

  it('refuses a file without a phase, naming it', () => {
    const { judge: _judge, ...rest } = illustration;
    expect(() => parseIllustration(JSON.stringify(rest))).toThrow('the illustration file is not valid: judge:');
    expect(rulingAsShown({ recommendation: 'none' }, ['B', 'A'])).toEqual({ recommendation: 'none' });
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-metadata.js';

/** Issue #23: one home per concept, so a file name says which one; two files of one name are two concepts or one in two places. */
describe('source layout', () => {
  it('has no two source files under src/ with the same name', () => {
    const files = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
    );
    const byName = new Map<string, string[]>();
    for (const file of files) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });
});

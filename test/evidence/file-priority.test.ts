import { describe, expect, it } from 'vitest';
import {
  attributePatternMatches,
  heuristicPriority,
  lowPriorityClassifier,
  parseGitattributes,
} from '../../src/evidence/file-priority.js';

describe('low-priority files', () => {
  it('knows lock files, vendored folders and generated names by default', () => {
    expect(heuristicPriority('package-lock.json')).toBe('generated');
    expect(heuristicPriority('sub/yarn.lock')).toBe('generated');
    expect(heuristicPriority('vendor/lib/a.js')).toBe('vendored');
    expect(heuristicPriority('node_modules/x/index.js')).toBe('vendored');
    expect(heuristicPriority('lib/config-validator.generated.js')).toBe('generated');
    expect(heuristicPriority('dist/index.js')).toBe('generated');
    expect(heuristicPriority('src/cache.ts')).toBeUndefined();
    expect(heuristicPriority('src/vendors.ts')).toBeUndefined();
  });

  it('reads linguist attributes from .gitattributes: set, unset, valued, reset, quoted, later lines win', () => {
    const rules = parseGitattributes(
      [
        '# comment',
        '*.pb.go linguist-generated=true',
        'api/** linguist-generated -diff',
        '"docs/my file.md" linguist-vendored',
        'third_party/keep/** -linguist-vendored',
        'api/handwritten.ts linguist-generated=false',
        '[attr]binary -diff -merge -text',
        'x.js !linguist-generated',
        '*.txt text eol=lf',
      ].join('\n'),
    );
    expect(rules).toEqual([
      { pattern: '*.pb.go', generated: true },
      { pattern: 'api/**', generated: true },
      { pattern: 'docs/my file.md', vendored: true },
      { pattern: 'third_party/keep/**', vendored: false },
      { pattern: 'api/handwritten.ts', generated: false },
      { pattern: 'x.js', generated: undefined },
    ]);
    const classify = lowPriorityClassifier(
      [
        '*.pb.go linguist-generated=true',
        'api/** linguist-generated',
        '"docs/my file.md" linguist-vendored',
        'third_party/keep/** -linguist-vendored',
        'api/handwritten.ts linguist-generated=false',
      ].join('\n'),
    );
    expect(classify('deep/x/service.pb.go')).toBe('generated');
    expect(classify('api/v1/client.ts')).toBe('generated');
    expect(classify('api/handwritten.ts')).toBeUndefined();
    expect(classify('docs/my file.md')).toBe('vendored');
    expect(classify('third_party/keep/lib.c')).toBeUndefined(); // the attributes overrule the heuristic
    expect(classify('third_party/other/lib.c')).toBe('vendored');
    expect(classify('src/a.ts')).toBeUndefined();
    expect(lowPriorityClassifier(undefined)('package-lock.json')).toBe('generated');
  });

  it('matches patterns as git does: a bare name at any depth, a slash anchors, a trailing slash matches no file', () => {
    expect(attributePatternMatches('*.min.js', 'a/b/c.min.js')).toBe(true);
    expect(attributePatternMatches('gen.ts', 'src/gen.ts')).toBe(true);
    expect(attributePatternMatches('/gen.ts', 'src/gen.ts')).toBe(false);
    expect(attributePatternMatches('/gen.ts', 'gen.ts')).toBe(true);
    expect(attributePatternMatches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(attributePatternMatches('src/*.ts', 'lib/src/a.ts')).toBe(false);
    expect(attributePatternMatches('dist/', 'dist/a.js')).toBe(false);
    expect(attributePatternMatches('**/fixtures/**', 'test/fixtures/x.json')).toBe(true);
    expect(attributePatternMatches('.github/*.yml', '.github/ci.yml')).toBe(true);
  });
});

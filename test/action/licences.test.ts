import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-metadata.js';

/** What a user who vendors the action receives: its own licence and the notices of what dist/ bundles. */
describe('licences', () => {
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  it('ships a LICENSE that matches package.json', () => {
    const manifest = JSON.parse(read('package.json')) as { license: string };
    expect(manifest.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });

  it('ships the licence of every runtime dependency that dist/ bundles', () => {
    const notices = read('dist/licenses.txt');
    // The bundle holds every package the action runs with, so the npm package lists them as devDependencies.
    const manifest = JSON.parse(read('package.json')) as {
      dependencies?: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    // Every package whose code is in dist/ (the entries and their chunks), as their source maps name it.
    const maps = readdirSync(path.join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js.map'),
    );
    const sources = maps.flatMap((f) => (JSON.parse(read(path.join('dist', f))) as { sources: string[] }).sources);
    const bundled = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
      sources.some((s) => s.includes(`node_modules/${name}/`)),
    );
    expect(bundled.length).toBeGreaterThan(5);
    for (const name of bundled)
      expect(notices, name).toMatch(new RegExp(`^${name.replace(/[/.]/g, '\\$&')} \\d+\\.\\d+\\.\\d+\\n`, 'm'));
    expect(notices).toContain('Permission is hereby granted, free of charge');
  });

  it('marks dist/ as generated for GitHub', () => {
    expect(read('.gitattributes')).toMatch(/^dist\/\*\* linguist-generated(=true)?$/m);
  });
});

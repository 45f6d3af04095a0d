import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT } from '../support/action-metadata.js';

/**
 * What GitHub Marketplace reads from action.yml (issue #33; GitHub's "Metadata syntax for GitHub
 * Actions", `name`, `description`, `branding`): a name and a description, and branding from the allowed
 * sets: `color` one of white, black, yellow, blue, green, orange, red, purple, gray-dark; `icon` a
 * Feather icon GitHub allows (a few, such as `coffee` and `slack`, it omits; this project uses one of the
 * git icons, which it lists).
 */
const COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];
const GIT_ICONS = ['git-branch', 'git-commit', 'git-merge', 'git-pull-request'];

const metadataSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  author: z.string().min(1),
  branding: z.object({ icon: z.string(), color: z.string() }).strict(),
});

describe('action.yml for the Marketplace', () => {
  const metadata = metadataSchema.parse(parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')));

  it('has the name and a one-sentence description that says what it does', () => {
    expect(metadata.name).toBe('pr-debate');
    expect(metadata.description).toMatch(/pull request/);
    expect(metadata.description.split(/(?<=\.)\s/)).toHaveLength(1);
  });

  it('brands it with an icon and a color from the allowed sets', () => {
    expect(COLORS).toContain(metadata.branding.color);
    expect(GIT_ICONS).toContain(metadata.branding.icon);
  });

  it('fails a color or key outside the sets (so the checks above can fail)', () => {
    expect(COLORS).not.toContain('violet');
    expect(metadataSchema.safeParse({ ...metadata, branding: { ...metadata.branding, colour: 'red' } }).success).toBe(
      false,
    );
  });
});

import { Linter, type Linter as LinterTypes } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue #41: the pure stages (debate, evidence, citations, report) import no GitHub, no model SDK and no
 * file system. The lint rule that keeps them so is the repository's own (eslint.config.js), run here on
 * code written into each folder, so a rule that stops matching fails this test, not only a later change.
 */
/** The repository's lint config (a JavaScript file, loaded as ESLint loads it). */
const configFile: string = '../../eslint.config.js';
const { default: config } = (await import(configFile)) as { default: LinterTypes.Config[] };

const PURE = ['src/debate/phases', 'src/debate', 'src/evidence', 'src/citations', 'src/report'];

/** The rules the repository's config applies to a file at `path` (the blocks whose `files` name its folder). */
function rulesFor(path: string): LinterTypes.RulesRecord {
  const folder = path.split('/').slice(0, 2).join('/');
  const blocks = config.filter((block) =>
    block.files?.some((glob) => typeof glob === 'string' && glob.startsWith(`${folder}/`)),
  );
  return Object.assign({}, ...blocks.map((block) => block.rules ?? {})) as LinterTypes.RulesRecord;
}

function restricted(path: string, code: string): string[] {
  const rules = rulesFor(path);
  expect(rules['no-restricted-imports'], path).toBeDefined();
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as LinterTypes.Parser },
        rules: { 'no-restricted-imports': rules['no-restricted-imports']! },
      },
    ],
    path,
  );
  return messages.map((message) => message.message);
}

describe('the pure stages', () => {
  for (const folder of PURE) {
    const up = '../'.repeat(folder.split('/').length - 1);
    it(`${folder}: the lint refuses GitHub, model SDKs and the file system`, () => {
      const refused = [
        `import { readFile } from 'node:fs/promises';`,
        `import { readFileSync } from 'fs';`,
        `import * as core from '@actions/core';`,
        `import { Octokit } from '@octokit/rest';`,
        `import Anthropic from '@anthropic-ai/sdk';`,
        `import OpenAI from 'openai';`,
        `import type { GitHubClient } from '${up}github/create-octokit.js';`,
        `import { createModelClient } from '${up}llm/create-model-client.js';`,
      ];
      for (const line of refused) expect(restricted(`${folder}/example.ts`, line), line).toHaveLength(1);
    });
    it(`${folder}: the lint lets plain libraries and the other pure stages through`, () => {
      const allowed = [
        `import { z } from 'zod';`,
        `import { createHash } from 'node:crypto';`,
        `import type { EvidencePack } from '${up}evidence/evidence-types.js';`,
      ];
      for (const line of allowed) expect(restricted(`${folder}/example.ts`, line), line).toEqual([]);
    });
  }
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';

/** The repository root (this file is test/support/action-metadata.ts). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * GitHub's metadata syntax for a JavaScript action ("Metadata syntax for GitHub Actions",
 * docs.github.com/actions/reference/metadata-syntax-for-github-actions), as the runner reads it:
 * - `name` and `description` are required; `author` is optional.
 * - `inputs.<input_id>`: the id "must start with a letter or `_` and contain only alphanumeric
 *   characters, `-`, or `_`"; `description` is required; `required`, `default` and `deprecationMessage`
 *   are optional, `default` is a string.
 * - `outputs.<output_id>.description` is required (`value` is for composite actions only).
 * - `runs.using` names the Node runtime (`node20`, `node24`) and `runs.main` the entry file; `pre`,
 *   `post`, `pre-if`, `post-if` are optional.
 * - `branding.color` is one of white, black, yellow, blue, green, orange, red, purple, gray-dark;
 *   `branding.icon` is a Feather icon name.
 * Objects are strict, so a misspelt key fails here instead of being ignored by the runner.
 */
const inputSchema = z.strictObject({
  description: z.string().min(1),
  required: z.boolean().optional(),
  default: z.string().optional(),
  deprecationMessage: z.string().optional(),
});

const idSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'an id starts with a letter or _ and holds only letters, digits, - and _');

export const actionMetadataSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  author: z.string().optional(),
  branding: z.strictObject({
    icon: z.string().min(1),
    color: z.enum(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']),
  }),
  inputs: z.record(idSchema, inputSchema),
  outputs: z.record(idSchema, z.strictObject({ description: z.string().min(1) })),
  runs: z.strictObject({
    using: z.literal('node24'),
    main: z.string().min(1),
    pre: z.string().optional(),
    post: z.string().optional(),
    'pre-if': z.string().optional(),
    'post-if': z.string().optional(),
  }),
});

/** The action's metadata, as the schema above reads it. */
export type ActionMetadata = z.infer<typeof actionMetadataSchema>;

/** The text of `action.yml`. */
export function readActionYaml(): string {
  return readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
}

/**
 * `action.yml` parsed with a strict YAML 1.2 parser (duplicate keys and every other ambiguity are
 * errors) and checked against {@link actionMetadataSchema}.
 * @throws the parser's or the schema's error, naming the line or the key
 */
export function readActionMetadata(): ActionMetadata {
  return actionMetadataSchema.parse(parse(readActionYaml(), { strict: true, uniqueKeys: true, prettyErrors: true }));
}

/**
 * The environment variable the runner sets for an input: `INPUT_` and the name with spaces replaced by
 * `_`, upper-cased; hyphens stay (actions/toolkit `core.getInput` reads the same name).
 */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * The `INPUT_*` variables the runner sets for a step: every input's `default` from `action.yml`
 * (expressions such as `${{ github.token }}` are for the caller to give in `with`), overlaid by `with`.
 * @param withInputs the step's `with:` values
 * @throws Error for a `with:` key that is not an input of the action (the runner warns "Unexpected input")
 */
export function runnerInputs(metadata: ActionMetadata, withInputs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(metadata.inputs)) {
    if (input.default !== undefined && !input.default.includes('${{')) env[inputVariable(name)] = input.default;
  }
  for (const [name, value] of Object.entries(withInputs)) {
    if (!(name in metadata.inputs)) throw new Error(`Unexpected input '${name}': action.yml has no such input`);
    env[inputVariable(name)] = value;
  }
  return env;
}

import { readFile } from 'node:fs/promises';
import { SettingsError } from './parse-settings.js';

/**
 * Reads the webhook event payload the runner wrote to `GITHUB_EVENT_PATH`.
 * @throws SettingsError when the file cannot be read or is not JSON
 */
export async function readEventPayload(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SettingsError(
      `GITHUB_EVENT_PATH: cannot read ${path} (${error instanceof Error ? error.message : String(error)}); run pr-debate inside GitHub Actions or point it at an event payload file`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SettingsError(`GITHUB_EVENT_PATH: ${path} is not valid JSON; it must hold the webhook event payload`);
  }
}

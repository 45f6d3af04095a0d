// Prints the notes of one version from CHANGELOG.md (Keep a Changelog 1.1.0: a `## [x.y.z] - YYYY-MM-DD`
// heading per release, newest first), for the release workflow's GitHub release.
// `node scripts/release-notes.mjs 0.1.0` prints the section's body; it exits 1, saying why, when CHANGELOG.md
// has no such section or the section is empty, so a tag without notes is not released.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {string} changelog the text of CHANGELOG.md
 * @param {string} version e.g. `0.1.0` (a leading `v`, as in the tag, is dropped)
 * @returns {string | undefined} the section's body, trimmed, or undefined when there is none
 */
export function releaseNotes(changelog, version) {
  const wanted = version.replace(/^v/, '');
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) =>
    new RegExp(`^## \\[${wanted.replace(/[.]/g, '\\.')}\\](?: - \\d{4}-\\d{2}-\\d{2})?\\s*$`).test(line),
  );
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  // Link reference definitions (`[0.1.0]: https://...`) at the end of the file are not notes.
  const body = lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => !/^\[[^\]]+\]: \S+$/.test(line));
  const text = body.join('\n').trim();
  return text || undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = process.argv[2];
  const file = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'CHANGELOG.md');
  const notes = version ? releaseNotes(readFileSync(file, 'utf8'), version) : undefined;
  if (notes === undefined) {
    process.stderr.write(
      version
        ? `CHANGELOG.md has no notes for ${version}: add a "## [${version.replace(/^v/, '')}] - YYYY-MM-DD" section before tagging.\n`
        : 'Usage: node scripts/release-notes.mjs <version>\n',
    );
    process.exit(1);
  }
  process.stdout.write(`${notes}\n`);
}

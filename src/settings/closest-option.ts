/**
 * "Did you mean" for the command line and the config file: the known name a mistyped one was meant to be. Pure.
 */

/**
 * The known name `typed` is closest to: one that starts with it or it starts with (`--position` for
 * `--positions`), else one at most two edits away (Levenshtein distance), the nearest first.
 * @param typed what was typed, without leading dashes
 * @param known the names it could be
 * @returns the name, or undefined when none is near
 */
export function closestOption(typed: string, known: readonly string[]): string | undefined {
  if (typed.length < 2) return undefined;
  const prefixed = known.filter((name) => name.startsWith(typed) || typed.startsWith(name));
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(typed, name);
    if (distance <= 2 && distance < typed.length && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current.push(
        Math.min(
          (previous[j] ?? 0) + 1,
          (current[j - 1] ?? 0) + 1,
          (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
        ),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The stand-ins pr-debate ships for a model, each under a model id of its own, so that whatever reads a
 * run (its comment, its check, its record, the CLI's last line) can tell that no model wrote it:
 * - `rehearsal`: the rehearsal model (`rehearsal-model.ts`), valid replies generated from the evidence, no
 *   key and no network (`pr-debate run --rehearsal`, `npm run demo` on a case without an illustration);
 * - `illustration`: replies written by hand for one real case (`illustration.ts`), to show what a debate
 *   reads like (the README's picture, `npm run demo`).
 * Both run through the real pipeline: the verifier checks their quotes and the engine holds them to the
 * rules as it holds a model. Pure data.
 */

/** The stand-ins, by the model id each runs under, with the sentence that says what a run of it is. */
export const STAND_INS = {
  rehearsal:
    'a rehearsal: pr-debate\u2019s rehearsal model wrote every reply to exercise the pipeline; no model was called, nothing was paid, and the verdict is not a real one',
  illustration:
    'an illustration: the arguments were written by hand to show the format; the quotes were checked by the real verifier; no model wrote it',
} as const;

/** The model id of a stand-in. */
export type StandIn = keyof typeof STAND_INS;

/**
 * The stand-in that wrote a run, when every advocate and the judge is the same one (the record's `models`).
 * @returns undefined when any of them is a model
 */
export function standInOf(models: { advocates: readonly string[]; judge: string }): StandIn | undefined {
  const ids = new Set([...models.advocates, models.judge]);
  const [only] = ids;
  return ids.size === 1 && only !== undefined && Object.hasOwn(STAND_INS, only) ? (only as StandIn) : undefined;
}

/** The sentence of a stand-in with a capital letter, to start a sentence. */
export function standInSentence(standIn: StandIn): string {
  const sentence = STAND_INS[standIn];
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

import { formatModelId, ModelIdError, parseModelId } from './model-id.js';
import { priceOf, type ModelPrices } from './price-usage.js';
import type { Price } from './prices.js';

/**
 * Input `model-prices` (and the config key of the same name): the price of a model the list does not
 * have, or another price for one it has (a negotiated rate). Pure.
 *
 * Form: entries separated by commas or line breaks, each `<model id>=<input>/<output>[/<cache write>/<cache read>]`
 * in USD per million tokens, e.g. `openai:my-model=2/8/2.50/0.20, openai:llama3.1:8b=0/0`. Without the
 * cache rates, cache writes are charged at the input rate and cache reads at the input rate too (the dearest
 * reading: the spending cap stays above the bill). The model id is written as in the model inputs.
 */

/** Example shown in every message about a missing price. */
const EXAMPLE = '=3/15 (USD per million input/output tokens; add /<cache write>/<cache read> for prompt-cache rates)';

const number = /^\d+(?:\.\d+)?$/;

/**
 * Parses `model-prices`.
 * @returns the prices by canonical model id (`formatModelId`)
 * @throws Error naming the entry that is wrong and the form to write
 */
export function parseModelPrices(text: string | undefined): ModelPrices {
  const prices = new Map<string, Price>();
  for (const entry of (text ?? '')
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const form = `expected <model id>=<input>/<output>[/<cache write>/<cache read>] in USD per million tokens, such as openai:my-model=2/8 or openai:llama3.1:8b=0/0, got ${JSON.stringify(entry)}`;
    if (at <= 0) throw new Error(form);
    let id;
    try {
      id = formatModelId(parseModelId(entry.slice(0, at)));
    } catch (error) {
      if (error instanceof ModelIdError) throw new Error(`${error.message} (in ${JSON.stringify(entry)})`);
      throw error;
    }
    const parts = entry
      .slice(at + 1)
      .split('/')
      .map((p) => p.trim());
    if ((parts.length !== 2 && parts.length !== 4) || !parts.every((p) => number.test(p))) throw new Error(form);
    const [input, output, cacheWrite = parts[0], cacheRead = parts[0]] = parts.map(Number) as [
      number,
      number,
      number?,
      number?,
    ];
    prices.set(id, { input, output, cacheWrite: Number(cacheWrite), cacheRead: Number(cacheRead) });
  }
  return prices;
}

/**
 * The models of a run that have no price, neither in the list (`prices.ts`) nor in `model-prices`.
 * @param models the role models (`model`, `advocate-models`, `judge-model`, `refusal-fallback-model`)
 */
export function unpricedModels(models: readonly string[], prices: ModelPrices): string[] {
  return [...new Set(models)].filter((model) => priceOf(model, prices) === undefined);
}

/**
 * The message for a run refused before any call because models have no price: which, and how to give one.
 * No guessed rate is used instead: a guess too low lets the run overspend `max-cost-usd`, one too high
 * stops a debate the budget would have paid for.
 */
export function describeUnpriced(models: readonly string[]): string {
  const list = models.map((m) => `"${m}"`).join(', ');
  return (
    `No price is known for model ${list}, so the spending cap (max-cost-usd) cannot hold and the record could not say what the run cost; nothing was called. ` +
    `Give the price with the model-prices input or config key, for example model-prices: "${models[0]}${EXAMPLE}"` +
    (models.some((m) => m.startsWith('openai:'))
      ? '; a model on your own server (Ollama, vLLM) costs nothing per token: write =0/0'
      : '') +
    ', or choose a model from the price list (src/models/prices.ts)'
  );
}

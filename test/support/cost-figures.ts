import { createHash } from 'node:crypto';
import { costUsd } from '../../src/models/price-usage.js';
import {
  approximateTokens,
  callMetaOf,
  flattenBlocks,
  MIN_CACHEABLE_TOKENS,
  type ReceivedMessagesRequest,
} from './anthropic-server.js';

/**
 * What a debate cost against the local Messages server, next to two references, from the requests
 * the server recorded (its token counts: UTF-8 bytes / 4, as it bills them):
 *
 * - The caching lower bound of the run's own calls (warm-ups excluded): each prefix segment (the
 *   blocks up to a cache breakpoint, keyed as the API keys the cache: model, output format, blocks)
 *   that two or more calls send is written once at the cache-write price by the first of them and
 *   read at the cache-read price by every other; a segment only one call sends is plain input (a
 *   write would cost more and never be read); the rest of each call is plain input, and its output is
 *   what it was. No order of the same calls, with any warm-up policy, costs less under the API's
 *   pricing, so `cost / bound >= 1`, and 1 means every shared prefix was written exactly once.
 * - The naive protocol: the same calls with no prompt caching, every input token at the input price.
 *
 * Waves are rounds of parallel calls: groups of requests whose time in flight overlaps (a call sent
 * while another is still answering is in the same wave), counted in arrival order.
 */
export interface CostFigures {
  /** Requests answered, warm-ups included. */
  calls: number;
  warmUps: number;
  costUsd: number;
  lowerBoundUsd: number;
  naiveUsd: number;
  waves: number;
}

/**
 * @param model the model whose prices apply (one price for the whole run)
 * @throws Error when the model has no known price
 */
export function costFigures(requests: ReceivedMessagesRequest[], model: string): CostFigures {
  const answered = requests.filter((r) => r.usage);
  const price = (usage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
  }) => {
    const cost = costUsd(model, usage);
    if (cost === undefined) throw new Error(`no price for ${model}`);
    return cost;
  };
  const actual = answered.reduce(
    (sum, r) =>
      sum +
      price({
        input_tokens: r.usage!.input_tokens,
        output_tokens: r.usage!.output_tokens,
        cache_creation_input_tokens: r.usage!.cache_creation_input_tokens ?? 0,
        cache_read_input_tokens: r.usage!.cache_read_input_tokens ?? 0,
      }),
    0,
  );
  const own = answered
    .filter((r) => callMetaOf(r.headers)?.warmUp !== true)
    .sort((a, b) => a.receivedAt - b.receivedAt);
  const segmented = own.map((r) => ({ request: r, ...segmentsOf(r) }));
  const uses = new Map<string, number>();
  for (const { segments } of segmented) for (const s of segments) uses.set(s.key, (uses.get(s.key) ?? 0) + 1);
  const seen = new Set<string>();
  let bound = 0;
  let naive = 0;
  for (const { request, segments, totalTokens } of segmented) {
    const usage = {
      input_tokens: totalTokens,
      output_tokens: request.usage!.output_tokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    naive += price(usage);
    for (const s of segments) {
      if ((uses.get(s.key) ?? 0) < 2) continue;
      usage.input_tokens -= s.tokens;
      if (seen.has(s.key)) usage.cache_read_input_tokens += s.tokens;
      else usage.cache_creation_input_tokens += s.tokens;
      seen.add(s.key);
    }
    bound += price(usage);
  }
  return {
    calls: answered.length,
    warmUps: answered.length - own.length,
    costUsd: actual,
    lowerBoundUsd: bound,
    naiveUsd: naive,
    waves: countWaves(answered),
  };
}

/** A request's cacheable segments: the blocks after the previous breakpoint up to each breakpoint. */
function segmentsOf(request: ReceivedMessagesRequest): {
  segments: { key: string; tokens: number }[];
  totalTokens: number;
} {
  const body = request.body;
  const hash = createHash('sha256').update(
    JSON.stringify([body.model, body['tools'] ?? null, body.output_config?.format ?? null]),
  );
  const segments: { key: string; tokens: number }[] = [];
  let bytes = 0;
  let cachedTokens = 0;
  for (const block of flattenBlocks(body)) {
    hash.update(JSON.stringify([block.role, block.text]));
    bytes += Buffer.byteLength(block.text, 'utf8');
    const tokens = Math.ceil(bytes / 4);
    if (block.cacheControl && tokens >= MIN_CACHEABLE_TOKENS) {
      segments.push({ key: hash.copy().digest('hex'), tokens: tokens - cachedTokens });
      cachedTokens = tokens;
    }
  }
  return {
    segments,
    totalTokens: approximateTokens(
      flattenBlocks(body)
        .map((b) => b.text)
        .join(''),
    ),
  };
}

/** Groups of requests whose time in flight overlaps, in arrival order. */
function countWaves(requests: ReceivedMessagesRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.receivedAt - b.receivedAt);
  let waves = 0;
  let end = -Infinity;
  for (const r of sorted) {
    if (r.receivedAt > end) waves += 1;
    end = Math.max(end, r.finishedAt ?? r.receivedAt);
  }
  return waves;
}

import { z } from 'zod';
import {
  CallNotMade,
  ModelReplyError,
  type EarlyStop,
  type ModelCall,
  type ModelClient,
  type ModelReply,
  type TokenUsage,
} from '../debate/model-client.js';
import { boundedCostUsd, worstCaseCostUsd } from '../models/price-usage.js';
import { outputBudget } from './claude-models.js';
import type { TokenCounting } from './claude-model-client.js';

/**
 * Input `max-cost-usd` (issue #12, "A spending cap that holds"): a {@link ModelClient} around the
 * run's client that makes no call which could take the run past the cap. Pure: prices and counting.
 *
 * Before each call its worst case is priced: every input token at the dearer of the model's input and
 * cache-write rates plus the `max_tokens` the call is sent with (`outputBudget`: the reply's `maxTokens` and
 * room for thinking at the role's effort, which thinking tokens count toward) (a model without a known price at the dearest known
 * rates). Calls in flight hold their worst case as a reservation until they end and their actual
 * usage is counted; a call that does not fit waits for calls in flight to end (their actual cost is
 * usually far below their reservation) and is refused only if it still does not fit. From the first
 * refusal on every later call is refused too, so the run stops there rather than skipping ahead to
 * cheaper calls. Hence what is counted never passes the cap, and the record's cost (actual usage at
 * list prices, unknown prices left out) is at most what is counted. The record rounds its cost to 4
 * decimals (`summariseUsage`), so calls are counted against the cap rounded down to 4 decimals: a
 * rounded record then stays within a cap such as 0.12345 too.
 */

/** Thrown instead of making a call that could pass the cap; the debate treats it as a failed call, and the run stops making calls. */
export class SpendingCapReached extends CallNotMade {
  override name = 'SpendingCapReached';
  constructor(
    /** Input `max-cost-usd`. */
    readonly capUsd: number,
    /** What the run's calls cost so far, as the cap counts it. */
    readonly spentUsd: number,
    /** The worst case of the call that was not made. */
    readonly callUsd: number,
  ) {
    super(
      `the spending cap was reached (max-cost-usd: ${capUsd}): $${spentUsd.toFixed(4)} spent, and the next call could cost up to $${callUsd.toFixed(4)}, so it was not made`,
    );
  }

  /** The run's stop reason, as the debate engine returns it. */
  get stop(): Extract<EarlyStop, { kind: 'spending-cap' }> {
    return { kind: 'spending-cap', capUsd: this.capUsd, spentUsd: this.spentUsd, callUsd: this.callUsd };
  }
}

/** The capped client, and what it counted; token counts (free: `count_tokens` is not billed) pass through. */
export interface CappedModelClient extends ModelClient, Partial<TokenCounting> {
  /** USD the run's calls cost so far (ended calls only), as the cap counts it. */
  spentUsd(): number;
  /** The refusal, once the cap has stopped a call. */
  reached(): SpendingCapReached | undefined;
}

/**
 * A byte-level BPE token is at least one UTF-8 byte, so the bytes of a prompt bound its tokens from
 * above whatever the tokenizer; the framing of the messages and the structured-output instructions
 * add a few hundred tokens at most.
 */
const FRAMING_TOKENS = 512;

const schemaBytes = new WeakMap<z.ZodType<unknown>, number>();
/** The bytes of the JSON schema a provider adds to the prompt (structured output, or the schema in text). */
function formatBytes(format: z.ZodType<unknown>): number {
  let bytes = schemaBytes.get(format);
  if (bytes === undefined) {
    try {
      bytes = Buffer.byteLength(JSON.stringify(z.toJSONSchema(format, { unrepresentable: 'any' })), 'utf8');
    } catch {
      bytes = 64_000;
    }
    schemaBytes.set(format, bytes);
  }
  return bytes;
}

/** An upper bound on a call's input tokens. */
export function boundInputTokens(call: ModelCall<unknown>): number {
  const blocks = [call.system, call.evidence, call.readings ?? '', call.transcript ?? '', call.instructions];
  return (
    blocks.reduce((sum, block) => sum + Buffer.byteLength(block, 'utf8'), 0) + formatBytes(call.format) + FRAMING_TOKENS
  );
}

/**
 * Caps what `inner` may spend.
 * @param capUsd input `max-cost-usd`, more than 0
 */
export function capSpending(inner: ModelClient & Partial<TokenCounting>, capUsd: number): CappedModelClient {
  // Whole 1e-8 first, so that a cap such as 0.0123 (122.99999999999999 ten-thousandths as a double) is not rounded down a step.
  const limit = Math.floor(Math.round(capUsd * 1e8) / 1e4) / 1e4;
  let spent = 0;
  let reserved = 0;
  let refusal: SpendingCapReached | undefined;
  let callEnded: Promise<void> = Promise.resolve();
  let wake: () => void = () => undefined;
  const awaitNextCallEnd = () => {
    callEnded = new Promise<void>((resolve) => (wake = resolve));
  };
  awaitNextCallEnd();
  const count = (models: string[], usage: TokenUsage | undefined) => {
    if (usage) spent += Math.max(...models.map((m) => boundedCostUsd(m, usage)));
  };

  return {
    ...(inner.countTokens ? { countTokens: inner.countTokens.bind(inner) } : {}),
    spentUsd: () => spent,
    reached: () => refusal,
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      // The output a call may produce is the `max_tokens` it is sent with: its reply's budget plus room for thinking.
      const worst = worstCaseCostUsd(
        call.model,
        boundInputTokens(call),
        outputBudget(call.model, call.role, call.maxTokens, call.meta?.warmUp),
      );
      while (!refusal && reserved > 0 && spent + reserved + worst > limit) await callEnded;
      if (refusal) throw new SpendingCapReached(capUsd, spent, worst);
      if (spent + worst > limit) {
        refusal = new SpendingCapReached(capUsd, spent, worst);
        throw refusal;
      }
      reserved += worst;
      try {
        const reply = await inner.complete(call);
        count([call.model, reply.model], reply.usage);
        return reply;
      } catch (error) {
        if (error instanceof ModelReplyError) count([call.model], error.usage);
        throw error;
      } finally {
        reserved -= worst;
        const done = wake;
        awaitNextCallEnd();
        done();
      }
    },
  };
}

/**
 * The sentence that heads the comment of a run the cap stopped: that the cap was reached, and what
 * finishing would take (the plan's estimate less what was spent, and at least the refused call's worst case).
 * @param estimateUsd the plan's estimate of the whole run, when there was one
 */
export function describeCapStop(
  reached: Pick<SpendingCapReached, 'capUsd' | 'spentUsd' | 'callUsd'>,
  estimateUsd: number | undefined,
): string {
  const more = Math.max(reached.callUsd, (estimateUsd ?? 0) - reached.spentUsd);
  const raiseTo = Math.ceil((reached.spentUsd + more) * 100) / 100;
  return (
    `The spending cap (max-cost-usd: ${reached.capUsd}) was reached: $${reached.spentUsd.toFixed(4)} was spent, and the next call could have cost up to $${reached.callUsd.toFixed(4)}, so it was not made and the debate stopped there. ` +
    `Finishing it would take about $${more.toFixed(2)} more${estimateUsd === undefined ? '' : " by the plan's estimate"}: set max-cost-usd to at least ${raiseTo.toFixed(2)} and run it again.`
  );
}

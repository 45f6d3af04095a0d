import type { CallMeta, ModelCall, ModelClient, TokenUsage } from '../debate/model-client.js';
import type { Log } from './pipeline-types.js';

/**
 * Wraps the run's model client so that the log gets one line as each call ends: role, position,
 * phase, model, tokens and seconds. A debate takes minutes; lines that arrive only at the end look
 * like a hung job. The call itself is passed through untouched.
 */
export function logModelCalls(models: ModelClient, log: Log): ModelClient {
  return {
    async complete<T>(call: ModelCall<T>) {
      const started = Date.now();
      const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      try {
        const reply = await models.complete(call);
        log.info(`ok   ${describeCall(call)}; ${reply.model}; ${describeUsage(reply.usage)}; ${seconds()}`);
        return reply;
      } catch (error) {
        log.info(
          `FAIL ${describeCall(call)}; ${call.model}; ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; ${seconds()}`,
        );
        throw error;
      }
    },
  };
}

/** E.g. `advocate A: cross-examination 1 (retry)`, `judge: judge (order B, A)`. */
function describeCall(call: ModelCall<unknown>): string {
  const meta: CallMeta | undefined = call.meta;
  if (!meta) return call.role;
  const detail = [
    meta.round === undefined ? '' : ` ${meta.round}`,
    meta.target ? ` for ${meta.target}` : '',
    meta.order ? ` (order ${meta.order.join(', ')})` : '',
    meta.retry ? ' (retry)' : '',
  ].join('');
  return `${call.role}${meta.positionId ? ` ${meta.positionId}` : ''}: ${meta.phase}${detail}`;
}

function describeUsage(usage: TokenUsage): string {
  return `${usage.input_tokens} in, ${usage.cache_read_input_tokens} cache read, ${usage.cache_creation_input_tokens} cache written, ${usage.output_tokens} out`;
}

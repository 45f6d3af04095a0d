import { createRehearsalResponder, type RehearsalOptions } from '../../src/rehearsal/rehearsal-model.js';
import type { ChatResponder } from './openai-server.js';

/**
 * The rehearsal model behind the local Chat Completions server (`openai-server.ts`), as it plays the
 * model behind the local Messages API server: it is given the request's JSON schema (`response_format`)
 * and the text of its system and user messages, joined as the Anthropic server joins its blocks.
 */
export function rehearsalChatResponder(options: RehearsalOptions = {}): ChatResponder {
  const respond = createRehearsalResponder(options);
  return (request, { call }) => {
    const format =
      request.response_format?.type === 'json_schema' && request.response_format.json_schema.schema
        ? { type: 'json_schema' as const, schema: request.response_format.json_schema.schema }
        : null;
    const text = request.messages
      .filter((m) => m.role !== 'assistant')
      .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((block) => block.text).join('\n\n')))
      .join('\n\n');
    return respond({ output_config: { format } }, { text, call });
  };
}

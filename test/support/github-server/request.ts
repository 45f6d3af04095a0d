/**
 * What a route is handed of a request: its body read up to GitHub's size limit, and the query
 * parameters and JSON body fields the route declares (reading another is a server bug, thrown at once,
 * so the route table's `reads` is what the schema test checks against GitHub's OpenAPI description).
 */
import type { IncomingMessage } from 'node:http';
import { isObject, MAX_REQUEST_BYTES } from './util.js';

/** Reads the body, or undefined past the size limit. */
export async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
/** The query a route may read: a parameter it does not declare is a server bug, thrown at once. */
export function declaredQuery(query: URLSearchParams, names: readonly string[], where: string): URLSearchParams {
  const check = (name: string) => {
    if (!names.includes(name))
      throw new Error(`${where} reads the query parameter "${name}", which it does not declare`);
  };
  return new (class extends URLSearchParams {
    override get(name: string) {
      check(name);
      return super.get(name);
    }
    override getAll(name: string) {
      check(name);
      return super.getAll(name);
    }
    override has(name: string, value?: string) {
      check(name);
      return super.has(name, value);
    }
  })(query);
}

/** The JSON body a route may read: its declared top-level fields only (reading another throws; a spread copies the declared ones). */
export function declaredBody(body: unknown, names: readonly string[], where: string): unknown {
  if (!isObject(body)) return body;
  const declared = (key: string | symbol) => typeof key !== 'string' || names.includes(key);
  return new Proxy(body, {
    get(target, key, receiver) {
      if (!declared(key) && key !== 'toJSON' && key !== 'then')
        throw new Error(`${where} reads the body field "${String(key)}", which it does not declare`);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has: (target, key) => {
      if (!declared(key))
        throw new Error(`${where} asks for the body field "${String(key)}", which it does not declare`);
      return Reflect.has(target, key);
    },
    ownKeys: (target) => Reflect.ownKeys(target).filter(declared),
    getOwnPropertyDescriptor: (target, key) =>
      declared(key) ? Reflect.getOwnPropertyDescriptor(target, key) : undefined,
  });
}

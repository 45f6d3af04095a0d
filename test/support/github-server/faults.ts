/**
 * The faults a test sets on the local GitHub server (`state.faults`): the first one that matches a request
 * is used up by it and answers instead of the route (a status, a dropped socket, a delay), or, with `pass`,
 * holds the request before the route answers. Every timer it starts is kept so `close()` can clear it.
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerKit } from './kit.js';
import type { Fault, GitHubServerState } from './state.js';
import { DOCS } from './util.js';

/** The fault handling of one server: `take` the fault for a request, `answer` with it, `hold` a passing one. */
export function createFaults(state: GitHubServerState, send: ServerKit['send']) {
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, then: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
  };

  /** The first fault set for this request, used up by one. */
  const take = (method: string, pathname: string): Fault | undefined => {
    const index = state.faults.findIndex((fault) => {
      if (fault.method !== undefined && fault.method.toUpperCase() !== method) return false;
      if (typeof fault.path === 'string') return fault.path === pathname;
      fault.path.lastIndex = 0;
      return fault.path.test(pathname);
    });
    const fault = state.faults[index];
    if (fault === undefined) return undefined;
    const left = (fault.times ?? 1) - 1;
    if (left <= 0) state.faults.splice(index, 1);
    else fault.times = left;
    return fault;
  };

  /** Answers with the fault (after its delay and `until`) instead of the route. */
  const answer = (ctx: { req: IncomingMessage; res: ServerResponse }, fault: Fault): void => {
    const reply = (): void => {
      if (fault.destroy === true) {
        ctx.req.socket.destroy();
        return;
      }
      const body =
        fault.body !== undefined || fault.status < 400
          ? fault.body
          : {
              message: STATUS_CODES[fault.status] ?? 'Error',
              documentation_url: DOCS.root,
              status: String(fault.status),
            };
      send(ctx, { status: fault.status, body, headers: fault.headers ?? {} });
    };
    const delayed = (): void => {
      if (fault.delayMs === undefined || fault.delayMs <= 0) return reply();
      after(fault.delayMs, reply);
    };
    if (fault.until === undefined) return delayed();
    void fault.until.catch(() => undefined).then(delayed);
  };

  /** Waits out a passing fault's delay and `until` before the route answers. */
  const hold = async (fault: Fault): Promise<void> => {
    const delay = new Promise<void>((resolve) => after(fault.delayMs ?? 0, resolve));
    await Promise.all([delay, fault.until?.catch(() => undefined)]);
  };

  const clear = (): void => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };

  return { take, answer, hold, clear };
}

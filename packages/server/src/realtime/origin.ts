/**
 * Which browser tab made the change an event tells of. The web sends its tab's id in the
 * X-Client-Id header of every request (web/src/lib/api.ts); the request runs inside that id here,
 * the bus stamps it on the events the request publishes, and the tab skips its own echo, having
 * already refreshed what the change touched (docs/ARCHITECTURE.md, "Live updates").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

export const CLIENT_ID_HEADER = 'x-client-id';
const CLIENT_ID = /^[A-Za-z0-9-]{1,64}$/;

const origins = new AsyncLocalStorage<string>();

/** Runs the rest of the request inside its client id, when it sent a well-formed one. */
export function requestOrigin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.header(CLIENT_ID_HEADER);
    if (id === undefined || !CLIENT_ID.test(id)) {
      await next();
      return;
    }
    await origins.run(id, next);
  };
}

/** The client id of the request being served, if it sent one. */
export function currentOrigin(): string | undefined {
  return origins.getStore();
}

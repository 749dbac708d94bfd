/**
 * GET /api/events: the signed-in user's realtime events as Server-Sent Events, with ids, a
 * heartbeat, and resume from Last-Event-ID (or a 'resync' event when the gap is unknown).
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../app-env';
import type { BusEvent, EventBus } from './bus';

export const HEARTBEAT_MS = 15_000;

export function eventRoutes(options: { events: EventBus; heartbeatMs?: number }): Hono<AppEnv> {
  const { events } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const app = new Hono<AppEnv>();
  app.get('/events', (c) => {
    const userId = c.get('userId');
    const lastId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: BusEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = events.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      const state = { isEnded: false };
      const end = (): void => {
        state.isEnded = true;
        wake?.();
      };
      const forgetShutdown = events.onShutdown(end);
      const isOpen = (): boolean => !stream.aborted && !state.isEnded;
      stream.onAbort(end);
      if (lastId) {
        const missed = events.replaySince(userId, lastId);
        if (missed === null)
          await stream.writeSSE({ event: 'resync', data: JSON.stringify({ reason: 'reconnect' }) });
        else queue.unshift(...missed);
      }
      await stream.writeSSE({
        event: 'heartbeat',
        data: JSON.stringify({ at: new Date().toISOString() }),
      });
      while (isOpen()) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({
            id: event.id,
            event: event.type,
            data: JSON.stringify(event.payload),
          });
          continue;
        }
        const timer = setTimeout(() => wake?.(), heartbeatMs);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        clearTimeout(timer);
        wake = null;
        if (queue.length === 0 && isOpen()) {
          await stream.writeSSE({
            event: 'heartbeat',
            data: JSON.stringify({ at: new Date().toISOString() }),
          });
        }
      }
      unsubscribe();
      forgetShutdown();
    });
  });
  return app;
}

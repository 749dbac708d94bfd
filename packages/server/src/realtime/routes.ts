/**
 * GET /api/events: the signed-in user's realtime events as Server-Sent Events, with ids, a
 * heartbeat, and resume from Last-Event-ID (or a 'resync' event when the gap is unknown).
 *
 * A stream lives no longer than the session that opened it. The session is checked again at every
 * heartbeat, and at once when any instance announces that a session of the user ended (sign-out,
 * password reset, revocation); a stream whose session is gone ends before sending anything more.
 *
 * A user has at most MAX_STREAMS_PER_USER open streams on an instance: one more ends the user's
 * oldest (stream-cap.ts).
 */
import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../app-env';
import type { SessionReader } from '../auth/session-reader';
import { serve } from '../http/serve-route';
import type { Logger } from '../logger';
import type { BusEvent, EventBus } from './bus';
import { createStreamCap } from './stream-cap';

export const HEARTBEAT_MS = 15_000;
/**
 * The reconnect delay a stream suggests when it ends because its server is shutting down: soon,
 * so the client lands on another instance (or this one, restarted) with little gap, but not at
 * once, which would knock on the closing instance again.
 */
export const RECONNECT_AFTER_SHUTDOWN_MS = 1_000;
/**
 * The reconnect delay a stream suggests when it ends because its user opened one stream too many
 * (stream-cap.ts). An abandoned page never comes back; a live one does, after this long, and then
 * ends the oldest of the others in turn. A long delay keeps a user with more live pages than the
 * cap from cycling reconnects (each one a full refetch) every second.
 */
export const RECONNECT_AFTER_SUPERSEDED_MS = 30_000;

export function eventRoutes(options: {
  events: EventBus;
  readSession: SessionReader;
  logger: Logger;
  heartbeatMs?: number;
}): Hono<AppEnv> {
  const { events, readSession, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const streamCap = createStreamCap();
  const app = new Hono<AppEnv>();
  serve(app, routes.events, (c) => {
    const userId = c.get('userId');
    const cookie = c.req.header('cookie');
    const lastId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    c.header('X-Accel-Buffering', 'no');
    const isSessionLive = async (): Promise<boolean> => {
      try {
        return (await readSession(cookie))?.userId === userId;
      } catch (error) {
        // Unsure is not live: the client reconnects, and its request is checked afresh.
        logger.warn({ err: error, userId }, 'could not re-check the session of an event stream');
        return false;
      }
    };
    const response = streamSSE(c, async (stream) => {
      const queue: BusEvent[] = [];
      let wake: (() => void) | null = null;
      const state = {
        isEnded: false,
        isShuttingDown: false,
        isSuperseded: false,
        mustCheckSession: false,
        isHeartbeatDue: false,
      };
      const unsubscribe = events.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      const forgetSessions = events.watchSessions(userId, () => {
        state.mustCheckSession = true;
        wake?.();
      });
      const end = (): void => {
        state.isEnded = true;
        wake?.();
      };
      const forgetShutdown = events.onShutdown(() => {
        state.isShuttingDown = true;
        end();
      });
      const release = streamCap.admit(userId, () => {
        state.isSuperseded = true;
        end();
      });
      const isOpen = (): boolean => !stream.aborted && !state.isEnded;
      stream.onAbort(end);
      try {
        if (lastId) {
          const missed = events.replaySince(userId, lastId);
          if (missed === null)
            await stream.writeSSE({
              event: 'resync',
              data: JSON.stringify({ reason: 'reconnect' }),
            });
          else queue.unshift(...missed);
        }
        // The first heartbeat says the revision of the user's data the stream starts from: a
        // client holding an answer read before it reads that again (REVISION_HEADER).
        await stream.writeSSE({
          event: 'heartbeat',
          data: JSON.stringify({ at: new Date().toISOString(), revision: c.get('revision') }),
        });
        // The session is re-checked at least every heartbeatMs, even while events keep coming.
        let checkedAt = Date.now();
        while (isOpen()) {
          // Before anything else is written: an event that arrives after a sign-out waits here
          // until the check says whether this stream may still have it.
          if (state.mustCheckSession || Date.now() - checkedAt >= heartbeatMs) {
            state.mustCheckSession = false;
            checkedAt = Date.now();
            if (!(await isSessionLive())) break;
            continue;
          }
          if (state.isHeartbeatDue) {
            state.isHeartbeatDue = false;
            if (queue.length === 0) {
              await stream.writeSSE({
                event: 'heartbeat',
                data: JSON.stringify({ at: new Date().toISOString() }),
              });
            }
            continue;
          }
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({
              id: event.id,
              event: event.type,
              data: JSON.stringify(withOrigin(event)),
            });
            continue;
          }
          const timer = setTimeout(() => {
            state.isHeartbeatDue = true;
            state.mustCheckSession = true;
            wake?.();
          }, heartbeatMs);
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          clearTimeout(timer);
          wake = null;
        }
        const retry = state.isShuttingDown
          ? RECONNECT_AFTER_SHUTDOWN_MS
          : state.isSuperseded
            ? RECONNECT_AFTER_SUPERSEDED_MS
            : null;
        if (retry !== null && !stream.aborted) {
          // A last frame with the reconnect hint: the client comes back after it, with its
          // Last-Event-ID, and resumes (or resyncs) on whichever instance answers.
          await stream.writeSSE({
            event: 'heartbeat',
            data: JSON.stringify({ at: new Date().toISOString() }),
            retry,
          });
        }
      } finally {
        release();
        unsubscribe();
        forgetSessions();
        forgetShutdown();
      }
    });
    // Set on the answer itself, since streamSSE sets its own 'no-cache': the stream carries the
    // user's data, so no cache may keep it, and no proxy may transform (buffer) it.
    response.headers.set('Cache-Control', 'no-store, no-transform');
    return response;
  });
  return app;
}

/** The event's data: its payload, with the id of the client that caused it (origin.ts). */
function withOrigin(event: BusEvent): unknown {
  return event.origin === undefined
    ? event.payload
    : { ...(event.payload as object), origin: event.origin };
}

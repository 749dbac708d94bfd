/**
 * The realtime bus: use-cases publish a user's events after their transaction commits; every
 * instance receives them through Postgres LISTEN/NOTIFY and hands them to that user's open
 * streams. A ring buffer lets a reconnecting client resume from its Last-Event-ID.
 *
 * An instance sends its notifications one statement at a time, in the order they were published:
 * what is published while a statement is on its way goes out together in the next one (several
 * pg_notify calls), so under load a NOTIFY costs far less than a round trip per change, and alone
 * it goes out at once. NOTIFY is never part of a change's own transaction: PostgreSQL serialises
 * the commits of transactions that notify, and a NOTIFY that fails must not undo a user's change
 * (docs/performance.md, "Realtime events after the commit").
 *
 * The same channel carries one control message: "a session of this user ended" (sign-out, a
 * password reset, a revocation). It is not an event the client sees; every instance makes the
 * user's open streams re-check their own session at once, and a stream whose session is gone ends.
 */
import { randomUUID } from 'node:crypto';
import type { EventName } from '@habitquest/contracts/event-map';
import type { RealtimeEvent } from '@habitquest/contracts/events';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { literal } from '../db/sql-text';
import type { Logger } from '../logger';
import { currentOrigin } from './origin';
import { RingBuffer } from './ring-buffer';

export const EVENTS_CHANNEL = 'habitquest_events';
const BUFFER_SIZE = 2000;
/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (PGlite too: it is the same code).
 * A larger event (a category delete that moves hundreds of habits lists every id) goes out as a
 * 'resync' instead, which makes the client refetch everything: slower, never wrong.
 */
export const MAX_NOTIFY_BYTES = 7_900;
/** At most this many notifications in one statement (a batch of 100 is under 800 KB). */
const MAX_NOTIFIES_PER_STATEMENT = 100;

export type BusEvent = {
  id: string;
  userId: string;
  type: EventName;
  payload: unknown;
  /** The client (browser tab) whose request published it (origin.ts). */
  origin?: string;
};
type Listener = (event: BusEvent) => void;
/** What travels on the channel: an event for the user's streams, or the session control message. */
type SessionsEnded = { control: 'sessions-ended'; userId: string };

export type EventBus = {
  /**
   * Call after the commit: an event for a change that rolled back would lie. Never rejects: the
   * change is committed whatever happens here, so a failure is logged, not answered. Several
   * events of one change go out in one statement, in the order given.
   */
  publish: (userId: string, ...events: RealtimeEvent[]) => Promise<void>;
  subscribe: (userId: string, listener: Listener) => () => void;
  /** The user's events after `lastId`, or null when it is too old to know (the client resyncs). */
  replaySince: (userId: string, lastId: string) => BusEvent[] | null;
  /**
   * Tells every instance that a session of the user ended, so the user's open streams re-check
   * theirs now rather than at their next heartbeat. Never rejects.
   */
  sessionsEnded: (userId: string) => Promise<void>;
  /** Calls `recheck` whenever a session of the user may have ended; returns the unsubscribe. */
  watchSessions: (userId: string, recheck: () => void) => () => void;
  /** Registers what an open stream does when the server shuts down (it ends, so close can finish). */
  onShutdown: (end: () => void) => () => void;
  /** Resolves once everything published so far has been sent, or its failure logged. */
  sent: () => Promise<void>;
  /** Ends the open streams and stops listening; resolves once what was published is sent. */
  close: () => Promise<void>;
};

export async function createEventBus(database: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const recent = new RingBuffer<BusEvent>(BUFFER_SIZE);
  const listeners = new Map<string, Set<Listener>>();
  const instance = randomUUID().slice(0, 8);
  const streamEnders = new Set<() => void>();
  const sessionWatchers = new Map<string, Set<() => void>>();
  let sequence = 0;

  const recheckSessions = (userId: string): void => {
    for (const recheck of sessionWatchers.get(userId) ?? []) recheck();
  };

  const deliver = (event: BusEvent): void => {
    recent.push(event);
    for (const listener of listeners.get(event.userId) ?? []) listener(event);
  };

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        const message = JSON.parse(payload) as BusEvent | SessionsEnded;
        if ('control' in message) recheckSessions(message.userId);
        else deliver(message);
      } catch (error) {
        logger.warn({ err: error }, 'dropped a malformed realtime notification');
      }
    },
    () => {
      // Notifications may have been missed while the connection was down: everyone refetches,
      // and every stream re-checks its session, since a sign-out may have been missed too.
      recent.clear();
      for (const userId of sessionWatchers.keys()) recheckSessions(userId);
      for (const [userId, set] of listeners) {
        const event: BusEvent = {
          id: `${instance}-${String(++sequence)}`,
          userId,
          type: 'resync',
          payload: { reason: 'reconnect' },
        };
        for (const listener of set) listener(event);
      }
    },
  );

  /** One statement (SQL text, db/sql-text.ts) that sends the texts, in order. */
  const statementOf = (texts: readonly string[]): string =>
    `select ${texts.map((text) => `pg_notify(${literal(EVENTS_CHANNEL)}, ${literal(text)})`).join(', ')}`;

  /** The texts of one publish, sent together, and what to do when they could not be. */
  type Outgoing = { texts: string[]; failed: (error: unknown) => void; done: () => void };
  const outgoing: Outgoing[] = [];
  let sending: Promise<void> | null = null;

  /** Sends what is waiting, in order, a statement at a time; each publish whole in one. */
  const sendWaiting = async (): Promise<void> => {
    while (outgoing.length > 0) {
      const batch: Outgoing[] = [];
      let count = 0;
      for (const next of outgoing) {
        if (batch.length > 0 && count + next.texts.length > MAX_NOTIFIES_PER_STATEMENT) break;
        batch.push(next);
        count += next.texts.length;
      }
      outgoing.splice(0, batch.length);
      try {
        await database.db.execute(sql.raw(statementOf(batch.flatMap((each) => each.texts))));
      } catch (error) {
        for (const each of batch) each.failed(error);
      }
      for (const each of batch) each.done();
    }
    sending = null;
  };

  /**
   * Sends the texts in order, with whatever else is waiting, in one statement. Resolves once
   * they are sent or `failed` has been told why not; never rejects.
   */
  const notify = (texts: string[], failed: (error: unknown) => void): Promise<void> =>
    new Promise((done) => {
      outgoing.push({ texts, failed, done });
      sending ??= sendWaiting();
    });

  /** The NOTIFY text of one event: a resync when the event is too large to travel. */
  const textOf = (userId: string, event: RealtimeEvent, origin: string | undefined): string => {
    sequence += 1;
    const id = `${Date.now().toString(36)}-${instance}-${String(sequence)}`;
    const text = JSON.stringify({
      id,
      userId,
      ...event,
      ...(origin === undefined ? {} : { origin }),
    } satisfies BusEvent);
    if (Buffer.byteLength(text, 'utf8') <= MAX_NOTIFY_BYTES) return text;
    logger.info(
      { userId, type: event.type, bytes: Buffer.byteLength(text, 'utf8') },
      'realtime event too large for NOTIFY: sent as a resync',
    );
    const resync: BusEvent = { id, userId, type: 'resync', payload: { reason: 'too-large' } };
    return JSON.stringify(resync);
  };

  return {
    publish: async (userId, ...events) => {
      if (events.length === 0) return;
      const origin = currentOrigin();
      const texts = events.map((event) => textOf(userId, event, origin));
      await notify(texts, (error) => {
        // The change these events tell of is already committed: its answer must stand.
        logger.error(
          { err: error, userId, types: events.map((event) => event.type) },
          'could not publish a realtime event',
        );
      });
    },
    sessionsEnded: async (userId) => {
      const text = JSON.stringify({ control: 'sessions-ended', userId } satisfies SessionsEnded);
      await notify([text], (error) => {
        // Streams still re-check their session at each heartbeat.
        logger.error({ err: error, userId }, 'could not announce an ended session');
      });
    },
    watchSessions: (userId, recheck) => {
      let set = sessionWatchers.get(userId);
      if (!set) {
        set = new Set();
        sessionWatchers.set(userId, set);
      }
      set.add(recheck);
      return () => {
        set.delete(recheck);
        if (set.size === 0) sessionWatchers.delete(userId);
      };
    },
    subscribe: (userId, listener) => {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    replaySince: (userId, lastId) => {
      const newer = recent.after((event) => event.id === lastId);
      return newer?.filter((event) => event.userId === userId) ?? null;
    },
    onShutdown: (end) => {
      streamEnders.add(end);
      return () => {
        streamEnders.delete(end);
      };
    },
    sent: async () => {
      while (sending) await sending;
    },
    close: async () => {
      for (const end of streamEnders) end();
      streamEnders.clear();
      await unlisten();
      while (sending) await sending;
    },
  };
}

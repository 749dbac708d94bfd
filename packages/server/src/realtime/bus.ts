/**
 * The realtime bus: use-cases publish a user's events after their transaction commits; every
 * instance receives them through Postgres LISTEN/NOTIFY and hands them to that user's open
 * streams. A ring buffer lets a reconnecting client resume from its Last-Event-ID.
 */
import { randomUUID } from 'node:crypto';
import type { EventName } from '@habitquest/contracts/event-map';
import type { RealtimeEvent } from '@habitquest/contracts/events';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

export const EVENTS_CHANNEL = 'habitquest_events';
const BUFFER_SIZE = 2000;

export type BusEvent = { id: string; userId: string; type: EventName; payload: unknown };
type Listener = (event: BusEvent) => void;

export type EventBus = {
  /** Call after the commit: an event for a change that rolled back would lie. */
  publish: (userId: string, event: RealtimeEvent) => Promise<void>;
  subscribe: (userId: string, listener: Listener) => () => void;
  /** The user's events after `lastId`, or null when it is too old to know (the client resyncs). */
  replaySince: (userId: string, lastId: string) => BusEvent[] | null;
  /** Registers what an open stream does when the server shuts down (it ends, so close can finish). */
  onShutdown: (end: () => void) => () => void;
  close: () => Promise<void>;
};

export async function createEventBus(database: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const buffer: BusEvent[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const instance = randomUUID().slice(0, 8);
  const streamEnders = new Set<() => void>();
  let sequence = 0;

  const deliver = (event: BusEvent): void => {
    buffer.push(event);
    if (buffer.length > BUFFER_SIZE) buffer.splice(0, buffer.length - BUFFER_SIZE);
    for (const listener of listeners.get(event.userId) ?? []) listener(event);
  };

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        deliver(JSON.parse(payload) as BusEvent);
      } catch (error) {
        logger.warn({ err: error }, 'dropped a malformed realtime notification');
      }
    },
    () => {
      // Notifications may have been missed while the connection was down: everyone refetches.
      buffer.length = 0;
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

  return {
    publish: async (userId, event) => {
      sequence += 1;
      const message: BusEvent = {
        id: `${Date.now().toString(36)}-${instance}-${String(sequence)}`,
        userId,
        ...event,
      };
      await database.db.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`,
      );
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
      const index = buffer.findIndex((event) => event.id === lastId);
      if (index < 0) return null;
      return buffer.slice(index + 1).filter((event) => event.userId === userId);
    },
    onShutdown: (end) => {
      streamEnders.add(end);
      return () => {
        streamEnders.delete(end);
      };
    },
    close: async () => {
      for (const end of streamEnders) end();
      streamEnders.clear();
      await unlisten();
    },
  };
}

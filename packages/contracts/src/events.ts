/**
 * The realtime event map (CONTRIBUTING.md): what GET /api/events sends on a user's channel after a
 * commit, and which TanStack Query keys each event makes the web app refetch. The web never
 * patches its cache from an event; it invalidates and lets the queries ask again. Each event's
 * data may also carry `origin`, the id of the browser tab whose request caused it (its
 * X-Client-Id header): that tab skips the event, having refreshed the same keys itself.
 */
import { z } from 'zod';
import { zId, zInstant } from './common';
import { zProgress } from './me';
import { zSettings } from './settings';
import { isEventName, type EventName } from './event-map';

/** The ids that changed; absent when many did and the client should refetch the lot. */
const zChangedIds = z.object({ ids: z.array(zId).optional() });

export const EVENT_PAYLOADS = {
  habits: zChangedIds,
  completions: z.object({ habitIds: z.array(zId).optional() }),
  categories: zChangedIds,
  rewards: zChangedIds,
  purchases: zChangedIds,
  profile: z.object({ username: z.string().nullable() }),
  /** The new progress, for a reader that wants the figures (the web refetches 'me'). */
  progress: z.object({ progress: zProgress }),
  /** The new settings, for a reader that wants them (the web refetches 'me'). */
  settings: z.object({ settings: zSettings }),
  plan: z.object({ isPro: z.boolean() }),
  /** The achievements a change just unlocked. */
  achievements: z.object({ ids: z.array(z.string()) }),
  /** A skip, pause or vacation changed: the habits it touched (none named: a vacation, all). */
  rest: z.object({ habitIds: z.array(zId).optional() }),
  /**
   * Everything may have changed (import, reset, a gap in the stream, or an event too large to
   * send, such as a category delete that moved hundreds of habits): refetch all.
   */
  resync: z.object({ reason: z.enum(['import', 'reset', 'reconnect', 'too-large']).optional() }),
  /**
   * Keeps proxies from closing an idle stream and lets the UI show the connection is alive. The
   * first of a stream carries the revision of the user's data it starts from (headers.ts).
   */
  heartbeat: z.object({ at: zInstant, revision: z.number().int().nullable().optional() }),
} satisfies Record<EventName, z.ZodType>;

export type EventPayloads = { [K in EventName]: z.infer<(typeof EVENT_PAYLOADS)[K]> };
export type RealtimeEvent = { [K in EventName]: { type: K; payload: EventPayloads[K] } }[EventName];

/** A received event checked against the map, or null for an unknown name or a bad payload. */
export function parseRealtimeEvent(type: string, payload: unknown): RealtimeEvent | null {
  if (!isEventName(type)) return null;
  const result = EVENT_PAYLOADS[type].safeParse(payload);
  // The cast pairs the name with its own payload schema, which the lookup above guarantees.
  return result.success ? ({ type, payload: result.data } as RealtimeEvent) : null;
}

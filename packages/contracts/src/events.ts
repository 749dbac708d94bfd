/**
 * The realtime event map (STYLE §4): what GET /api/events sends on a user's channel after a
 * commit, and which TanStack Query keys each event makes the web app refetch. The web never
 * patches its cache from an event; it invalidates and lets the queries ask again.
 */
import { z } from 'zod';
import { zId, zInstant } from './common';
import { zProgress } from './me';
import { zSettings } from './settings';

export const EVENT_NAMES = [
  'habits',
  'completions',
  'categories',
  'rewards',
  'purchases',
  'profile',
  'progress',
  'settings',
  'plan',
  'resync',
  'heartbeat',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The ids that changed; absent when many did and the client should refetch the lot. */
const zChangedIds = z.object({ ids: z.array(zId).optional() });

export const EVENT_PAYLOADS = {
  habits: zChangedIds,
  completions: z.object({ habitIds: z.array(zId).optional() }),
  categories: zChangedIds,
  rewards: zChangedIds,
  purchases: zChangedIds,
  profile: z.object({ username: z.string().nullable() }),
  /** Carries the new progress so the header can update before any refetch answers. */
  progress: z.object({ progress: zProgress }),
  /** Carries the settings so theme and sound change on every device at once. */
  settings: z.object({ settings: zSettings }),
  plan: z.object({ isPro: z.boolean() }),
  /** Everything may have changed (import, reset, a gap in the stream): refetch all. */
  resync: z.object({ reason: z.enum(['import', 'reset', 'reconnect']).optional() }),
  /** Keeps proxies from closing an idle stream and lets the UI show the connection is alive. */
  heartbeat: z.object({ at: zInstant }),
} satisfies Record<EventName, z.ZodType>;

export type EventPayloads = { [K in EventName]: z.infer<(typeof EVENT_PAYLOADS)[K]> };
export type RealtimeEvent = { [K in EventName]: { type: K; payload: EventPayloads[K] } }[EventName];

/** The first element of every query key the web app uses. */
export const QUERY_ROOTS = [
  'habits',
  'completions',
  'categories',
  'rewards',
  'purchases',
  'me',
  'analytics',
] as const;
export type QueryRoot = (typeof QUERY_ROOTS)[number];
export type QueryKeyPrefix = readonly [QueryRoot, ...string[]];

/**
 * Which query keys (as prefixes) each event invalidates. 'me' holds plan counts and progress,
 * so anything that changes a count or a balance invalidates it too.
 */
export const INVALIDATES: Record<EventName, readonly QueryKeyPrefix[]> = {
  habits: [['habits'], ['me']],
  // A completion moves streaks (on habits), XP, points and level (on me) and the charts.
  completions: [['completions'], ['habits'], ['me'], ['analytics']],
  // Habits show their category's name; analytics group by category.
  categories: [['categories'], ['habits'], ['me'], ['analytics']],
  rewards: [['rewards'], ['me']],
  // A redeem takes the reward out of the shop and spends points.
  purchases: [['purchases'], ['rewards'], ['me'], ['analytics']],
  profile: [['me']],
  progress: [['me']],
  settings: [['me']],
  plan: [['me'], ['analytics']],
  resync: QUERY_ROOTS.map((root) => [root] as const),
  heartbeat: [],
};

/** True for a name in the event map. */
export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

/** A received event checked against the map, or null for an unknown name or a bad payload. */
export function parseRealtimeEvent(type: string, payload: unknown): RealtimeEvent | null {
  if (!isEventName(type)) return null;
  const result = EVENT_PAYLOADS[type].safeParse(payload);
  // The cast pairs the name with its own payload schema, which the lookup above guarantees.
  return result.success ? ({ type, payload: result.data } as RealtimeEvent) : null;
}

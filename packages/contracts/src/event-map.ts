/**
 * The realtime event names and the TanStack Query keys each one invalidates. Free of zod, so the
 * browser's live-update hook can load it up front; the payload schemas are in events.ts.
 */

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
  'achievements',
  'rest',
  'resync',
  'heartbeat',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The first element of every query key the web app uses. */
export const QUERY_ROOTS = [
  'habits',
  'completions',
  'categories',
  'rewards',
  'purchases',
  'me',
  'analytics',
  'achievements',
  'rest',
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
  // Unlocked by a change; the tab that made it also celebrates them (features/achievements).
  achievements: [['achievements']],
  // A skip, a pause or a vacation moves streaks (habits, me) and completion rates (analytics).
  rest: [['rest'], ['habits'], ['me'], ['analytics']],
  resync: QUERY_ROOTS.map((root) => [root] as const),
  heartbeat: [],
};

/** True for a name in the event map. */
export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

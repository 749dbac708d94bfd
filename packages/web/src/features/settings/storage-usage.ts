/**
 * What HabitQuest keeps in this browser, measured for the storage health panel (docs/decisions.md
 * "storage health": the data lives on the server; the browser holds caches and, later, the
 * offline queue). The browser's own estimate gives the total and the quota; the breakdown is
 * estimated from the size of the cached query data, local storage and Cache Storage.
 */
import {
  cacheKeysToClean,
  recommendationsFor,
  storageHealth,
  type StorageHealthStatus,
} from '@habitquest/core/storage-health';
import {
  partialMatchKey,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { outboxBytes, outboxEntries } from '../../lib/outbox';
import { isSettingsMirrorKey } from './local-keys';

export const BREAKDOWN_KEYS = [
  'habits',
  'categories',
  'progress',
  'settings',
  'cache',
  'offlineQueue',
  'other',
] as const;
export type BreakdownKey = (typeof BREAKDOWN_KEYS)[number];
export type Breakdown = Record<BreakdownKey, number>;

export type StorageReport = {
  /** Bytes in use by this site, as the browser reports them (at least the sum of the parts). */
  used: number;
  /** What the browser lets this site use; null when it does not say. */
  quota: number | null;
  usagePercentage: number;
  status: StorageHealthStatus;
  breakdown: Breakdown;
  recommendations: string[];
  /** null when the browser has no persistent storage API. */
  persisted: boolean | null;
  measuredAt: Date;
};

/**
 * Sources of bytes that other features own, measured when storage health is read. The offline
 * queue is measured by the outbox itself (lib/outbox.ts) unless something else registers here.
 */
const sources = new Map<'offlineQueue', () => number | Promise<number>>();

export function registerStorageSource(
  key: 'offlineQueue',
  measure: () => number | Promise<number>,
): () => void {
  sources.set(key, measure);
  return () => {
    if (sources.get(key) === measure) sources.delete(key);
  };
}

/**
 * What holds changes the server has not seen yet, beyond the mutations in the query client: the
 * offline queue registers what it holds (its own storage keys, and the queries showing its
 * changes) and cleaning the cache leaves all of it alone.
 */
export type UnsyncedHoldings = { queryKeys?: readonly QueryKey[]; storageKeys?: readonly string[] };
const unsyncedSources = new Set<() => UnsyncedHoldings>();

export function registerUnsyncedSource(source: () => UnsyncedHoldings): () => void {
  unsyncedSources.add(source);
  return () => {
    unsyncedSources.delete(source);
  };
}

function unsyncedHoldings(): { queryKeys: QueryKey[]; storageKeys: Set<string> } {
  const queryKeys: QueryKey[] = [];
  const storageKeys = new Set<string>();
  for (const source of unsyncedSources) {
    try {
      const held = source();
      queryKeys.push(...(held.queryKeys ?? []));
      for (const key of held.storageKeys ?? []) storageKeys.add(key);
    } catch {
      // A source that cannot say: what it named before is gone from this round, nothing else.
    }
  }
  return { queryKeys, storageKeys };
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a value's JSON (what it would take written to storage). */
export function jsonBytes(value: unknown): number {
  try {
    // JSON.stringify(undefined) is undefined, whatever its type says.
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined ? 0 : encoder.encode(text).length;
  } catch {
    return 0;
  }
}

/** Which bucket a query's data counts towards, by the first part of its key. */
function bucketOfQuery(key: readonly unknown[]): BreakdownKey {
  const head = typeof key[0] === 'string' ? key[0] : '';
  if (head === 'habits') return 'habits';
  if (head === 'categories') return 'categories';
  if (head === 'me' || head === 'completions' || head === 'analytics') return 'progress';
  return 'other';
}

/**
 * The query cache by bucket. Queries no screen is showing are cache: they are kept only to make
 * going back quicker, and cleaning drops them. Settings travel inside GET /api/me.
 */
export function measureQueries(client: QueryClient): Omit<Breakdown, 'offlineQueue'> {
  const result = { habits: 0, categories: 0, progress: 0, settings: 0, cache: 0, other: 0 };
  for (const query of client.getQueryCache().getAll()) {
    const data: unknown = query.state.data;
    if (data === undefined) continue;
    const key = query.queryKey;
    if (key[0] === 'me' && typeof data === 'object' && data !== null && 'settings' in data) {
      const settingsBytes = jsonBytes(data.settings);
      result.settings += settingsBytes;
      result.progress += Math.max(0, jsonBytes(data) - settingsBytes);
      continue;
    }
    const bucket = query.isActive() ? bucketOfQuery(key) : 'cache';
    if (bucket !== 'offlineQueue') result[bucket] += jsonBytes(data);
  }
  return result;
}

/** Every key of this site's local storage; none when it cannot be read. */
function localStorageKeys(): string[] {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Words of a key that holds changes waiting to be sent: never cleaned, whatever else it says. */
const UNSYNCED_WORDS = /queue|outbox|pending|unsynced/i;

/**
 * The local storage keys cleaning removes: those naming cache, temp or tmp (docs/product.md §9,
 * core's cacheKeysToClean), but never the settings mirror nor a key holding unsynced changes.
 */
export function localKeysToClean(
  keys: Iterable<string>,
  unsynced: ReadonlySet<string> = new Set(),
): string[] {
  return cacheKeysToClean(keys).filter(
    (key) => !isSettingsMirrorKey(key) && !UNSYNCED_WORDS.test(key) && !unsynced.has(key),
  );
}

/**
 * Bytes of this site's local storage (UTF-16, as browsers count it against their limit): what
 * cleaning the cache would remove, and the rest (the settings mirror and anything else).
 */
export function measureLocalStorage(): { cache: number; kept: number } {
  const result = { cache: 0, kept: 0 };
  const keys = localStorageKeys();
  const cleanable = new Set(localKeysToClean(keys, unsyncedHoldings().storageKeys));
  for (const key of keys) {
    let length = 0;
    try {
      length = localStorage.getItem(key)?.length ?? 0;
    } catch {
      // unreadable: its key still takes room
    }
    result[cleanable.has(key) ? 'cache' : 'kept'] += (key.length + length) * 2;
  }
  return result;
}

/**
 * The service worker's precache (sw.ts, Workbox's 'workbox-precache-v2-…'): the app's own files,
 * which let it start offline. Not a cache of data: never counted as cache, never cleaned.
 */
export function isAppShellCache(name: string): boolean {
  return name.startsWith('workbox-precache');
}

/** Bytes held in Cache Storage (the responses' bodies) but the app shell; 0 when there is none. */
export async function measureCacheStorage(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  try {
    let bytes = 0;
    for (const name of await caches.keys()) {
      if (isAppShellCache(name)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response) bytes += (await response.blob()).size;
      }
    }
    return bytes;
  } catch {
    return 0;
  }
}

async function offlineQueueBytes(): Promise<number> {
  const measure = sources.get('offlineQueue') ?? outboxBytes;
  try {
    return Math.max(0, await measure());
  } catch {
    return 0;
  }
}

type StorageManagerLike = Pick<StorageManager, 'estimate'> &
  Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

function storageManager(): StorageManagerLike | null {
  return typeof navigator !== 'undefined' && 'storage' in navigator ? navigator.storage : null;
}

/** Measures everything and judges it against the browser's quota with core's bands (docs/product.md). */
export async function measureStorage(
  client: QueryClient,
  now = new Date(),
): Promise<StorageReport> {
  const manager = storageManager();
  const [estimate, cacheStorage, queue, persisted] = await Promise.all([
    manager?.estimate().catch(() => null) ?? Promise.resolve(null),
    measureCacheStorage(),
    offlineQueueBytes(),
    manager?.persisted ? manager.persisted().catch(() => null) : Promise.resolve(null),
  ]);
  const queries = measureQueries(client);
  const local = measureLocalStorage();
  const breakdown: Breakdown = {
    ...queries,
    settings: queries.settings + local.kept,
    cache: queries.cache + cacheStorage + local.cache,
    offlineQueue: queue,
  };
  const known = BREAKDOWN_KEYS.reduce((sum, key) => sum + breakdown[key], 0);
  const reported = estimate?.usage ?? 0;
  // The browser's figure includes what we cannot see (IndexedDB, service worker, the HTTP cache's
  // share): that is "other". Our parts are estimates, so the total is never less than their sum.
  breakdown.other += Math.max(0, reported - known);
  const used = Math.max(reported, known);
  const quota = estimate?.quota && estimate.quota > 0 ? estimate.quota : null;
  const health = storageHealth({
    entries: BREAKDOWN_KEYS.map((key) => ({ key: entryKey(key), bytes: breakdown[key] })),
    ...(quota ? { capacity: quota } : {}),
    now,
  });
  return {
    used,
    quota,
    usagePercentage: health.usagePercentage,
    status: health.healthStatus,
    breakdown,
    recommendations: recommendationsFor(health.healthStatus, health.breakdown),
    persisted,
    measuredAt: now,
  };
}

/** Core sorts entries by words in their keys; the offline queue is the user's data in waiting. */
function entryKey(key: BreakdownKey): string {
  return key === 'offlineQueue' ? 'offline queue' : key;
}

/**
 * Which queries may hold a change the server has not confirmed: any a pending mutation (in
 * flight, or paused while offline) may have written its optimistic value into, and those a
 * registered source names. A mutation with a key touches the queries under that key; one without
 * may have touched any, so while it is pending every query counts. So do they all while the
 * outbox (lib/outbox.ts) holds a change: its optimistic value lives in the cached completions and
 * progress until the server confirms it.
 */
export function unsyncedQueries(
  client: QueryClient,
  heldKeys: readonly QueryKey[] = [],
): (query: Query) => boolean {
  if (outboxEntries().length > 0) return () => true;
  const pending = client
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.status === 'pending');
  const keys: QueryKey[] = [...heldKeys];
  for (const mutation of pending) {
    const key = mutation.options.mutationKey;
    if (key === undefined) return () => true;
    keys.push(key);
  }
  return (query) => keys.some((key) => partialMatchKey(query.queryKey, key));
}

/**
 * Cleans the caches (docs/product.md §9): the query data no screen shows, local storage keys
 * naming cache, temp or tmp, and Cache Storage but the app shell. Never an unsynced change: not
 * the offline queue, not a query a pending mutation may have changed (it still needs it to roll
 * back, and it shows the change until the server has it), not the settings mirror.
 */
export async function cleanCache(client: QueryClient): Promise<void> {
  const held = unsyncedHoldings();
  const isUnsynced = unsyncedQueries(client, held.queryKeys);
  client.removeQueries({
    type: 'inactive',
    predicate: (query) => query.state.fetchStatus === 'idle' && !isUnsynced(query),
  });
  for (const key of localKeysToClean(localStorageKeys(), held.storageKeys)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clean there
    }
  }
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) {
      if (!isAppShellCache(name)) await caches.delete(name);
    }
  } catch {
    // nothing to clean, or the browser refused: the measurement shows what is left
  }
}

/** Asks the browser to keep this site's data (persist()); null when it cannot. */
export async function requestPersistence(): Promise<boolean | null> {
  const manager = storageManager();
  if (!manager?.persist) return null;
  try {
    return await manager.persist();
  } catch {
    return false;
  }
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

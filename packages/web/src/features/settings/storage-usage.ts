/**
 * What HabitQuest keeps in this browser, measured for the storage health panel (docs/decisions.md
 * "storage health": the data lives on the server; the browser holds caches and, later, the
 * offline queue). The browser's own estimate gives the total and the quota; the breakdown is
 * estimated from the size of the cached query data, local storage and Cache Storage.
 */
import {
  recommendationsFor,
  storageHealth,
  type StorageHealthStatus,
} from '@habitquest/core/storage-health';
import type { QueryClient } from '@tanstack/react-query';
import { outboxBytes } from '../../lib/outbox';
import { isAppShellCache, localKeysToClean, localStorageKeys } from './clean-cache';

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

/**
 * Bytes of this site's local storage (UTF-16, as browsers count it against their limit): what
 * cleaning the cache would remove, and the rest (the settings mirror and anything else).
 */
export function measureLocalStorage(): { cache: number; kept: number } {
  const result = { cache: 0, kept: 0 };
  const keys = localStorageKeys();
  const cleanable = new Set(localKeysToClean(keys));
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
  const [estimate, cacheStorage, persisted] = await Promise.all([
    manager?.estimate().catch(() => null) ?? Promise.resolve(null),
    measureCacheStorage(),
    manager?.persisted ? manager.persisted().catch(() => null) : Promise.resolve(null),
  ]);
  const queries = measureQueries(client);
  const local = measureLocalStorage();
  const breakdown: Breakdown = {
    ...queries,
    settings: queries.settings + local.kept,
    cache: queries.cache + cacheStorage + local.cache,
    offlineQueue: outboxBytes(),
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

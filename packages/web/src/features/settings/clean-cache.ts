/**
 * Clean Cache (docs/product.md §9, the storage health panel): what it removes (query data no screen
 * shows, local storage keys naming cache, temp or tmp, Cache Storage but the app shell) and what it
 * never touches, whatever it is called: a change the server has not seen yet. storage-usage.ts
 * measures with the same rules, so the panel's "cache" is what cleaning frees.
 */
import { cacheKeysToClean } from '@habitquest/core/storage-health';
import {
  partialMatchKey,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { outboxEntries } from '../../lib/outbox';
import { isSettingsMirrorKey } from './local-keys';

/** Every key of this site's local storage; none when it cannot be read. */
export function localStorageKeys(): string[] {
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
export function localKeysToClean(keys: Iterable<string>): string[] {
  return cacheKeysToClean(keys).filter(
    (key) => !isSettingsMirrorKey(key) && !UNSYNCED_WORDS.test(key),
  );
}

/**
 * The service worker's precache (sw.ts, Workbox's 'workbox-precache-v2-…'): the app's own files,
 * which let it start offline. Not a cache of data: never counted as cache, never cleaned.
 */
export function isAppShellCache(name: string): boolean {
  return name.startsWith('workbox-precache');
}

/**
 * Which queries may hold a change the server has not confirmed: any a pending mutation (in
 * flight, or paused while offline) may have written its optimistic value into. A mutation with a key touches the queries under that key; one without
 * may have touched any, so while it is pending every query counts. So do they all while the
 * outbox (lib/outbox.ts) holds a change: its optimistic value lives in the cached completions and
 * progress until the server confirms it.
 */
export function unsyncedQueries(client: QueryClient): (query: Query) => boolean {
  if (outboxEntries().length > 0) return () => true;
  const pending = client
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.status === 'pending');
  const keys: QueryKey[] = [];
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
  const isUnsynced = unsyncedQueries(client);
  client.removeQueries({
    type: 'inactive',
    predicate: (query) => query.state.fetchStatus === 'idle' && !isUnsynced(query),
  });
  for (const key of localKeysToClean(localStorageKeys())) {
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

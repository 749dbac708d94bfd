/**
 * The query cache, kept in IndexedDB (docs/offline.md), so a reload or a cold start without a
 * connection shows the dashboard, the calendar, Day Insights, the shop and the inventory as they
 * were last seen. Saved at most once a second after a change; read back at start when it is at
 * most 7 days old and of this data shape. Sign-out deletes it.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** Bump when a cached wire shape changes: an older cache is then dropped, not misread. */
const CACHE_SHAPE = 1;
const MAX_AGE_MS = 7 * 86_400_000;
const SAVE_EVERY_MS = 1_000;
const KEY = 'queries';

type Saved = { shape: number; savedAt: number; state: DehydratedState };

let store: UseStore | undefined;
/** Set by sign-out: nothing more is saved in this page's life. */
let isStopped = false;
function cacheStore(): UseStore {
  store ??= createStore('habitquest-cache', 'queries');
  return store;
}

/** Fills the client from the saved cache, if there is a usable one. Never throws. */
export async function restoreCache(client: QueryClient, now = Date.now()): Promise<void> {
  try {
    const saved = await get<Saved>(KEY, cacheStore());
    if (saved?.shape !== CACHE_SHAPE || now - saved.savedAt > MAX_AGE_MS) return;
    hydrate(client, saved.state);
    // Shown at once, but each is asked again when used: the cache is only a starting point.
    await client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (a private window in some browsers): the app simply starts empty.
  }
}

/** Saves the cache after changes, at most once a second; returns the unsubscribe function. */
export function persistCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    if (isStopped) return;
    const state = dehydrate(client, {
      // An empty answer (no session: signed out) is not kept: restored, it would send a person
      // who has just signed in back to the landing page before the real answer came.
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' &&
        query.state.data !== null &&
        query.state.data !== undefined,
    });
    void set(
      KEY,
      { shape: CACHE_SHAPE, savedAt: Date.now(), state } satisfies Saved,
      cacheStore(),
    ).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Forgets the saved cache (sign-out: the next person on this device must not see it). */
export async function clearSavedCache(): Promise<void> {
  isStopped = true;
  await del(KEY, cacheStore()).catch(() => undefined);
}

/**
 * The query cache, kept in IndexedDB (docs/offline.md), so a reload or a cold start without a
 * connection shows the dashboard, the calendar, Day Insights, the shop, the inventory and the
 * achievements as they were last seen. Saved at most once a second after a change, when the main thread is idle; read
 * back at start when it is at most 7 days old and of this data shape. Sign-out deletes it.
 *
 * Windows of completions are saved in the compact columns they came in (contracts/
 * completion-columns.ts): IndexedDB copies what it stores on the main thread, and a year of
 * completions as one object each (5,475 for 15 daily habits) made each save a long task
 * (docs/performance.md, "The main thread of a load, function by function").
 */
import {
  decodeCompletionColumns,
  encodeCompletionColumns,
  type CompletionColumns,
  type CompletionEntry,
} from '@habitquest/contracts/completion-columns';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** Bump when a cached wire shape changes: an older cache is then dropped, not misread. */
const CACHE_SHAPE = 3;
const MAX_AGE_MS = 7 * 86_400_000;
const SAVE_EVERY_MS = 1_000;
/** A save waits for an idle moment, this long at most. */
const SAVE_IDLE_TIMEOUT_MS = 2_000;
const KEY = 'queries';

type SavedColumns = { compactColumns: CompletionColumns };

/** The columns a window of completions was decoded from, while that list is the one cached. */
const columnsOfList = new WeakMap<readonly CompletionEntry[], CompletionColumns>();

/**
 * Decodes a window of completions as it came from the server, remembering the columns: saving
 * the list unchanged then stores them as they are, without encoding it again.
 */
export function decodeRemembered(columns: CompletionColumns): CompletionEntry[] {
  const entries = decodeCompletionColumns(columns);
  columnsOfList.set(entries, columns);
  return entries;
}

/** ['completions', from, to] (features/habits/queries.ts): the window's first day, else null. */
function completionsWindowStart(queryKey: QueryKey): string | null {
  const [root, from] = queryKey;
  return root === 'completions' && typeof from === 'string' ? from : null;
}

function isSavedColumns(data: unknown): data is SavedColumns {
  return typeof data === 'object' && data !== null && 'compactColumns' in data;
}

/** The dehydrated state with each window of completions in compact columns (a new object). */
function compacted(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const from = completionsWindowStart(query.queryKey);
      const data = query.state.data;
      if (from === null || !Array.isArray(data)) return query;
      const list = data as CompletionEntry[];
      const compactColumns = columnsOfList.get(list) ?? encodeCompletionColumns(from, list);
      return { ...query, state: { ...query.state, data: { compactColumns } } };
    }),
  };
}

/** The saved state with each window of completions one object per completion again. */
function expanded(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data;
      if (!isSavedColumns(data)) return query;
      const entries = decodeCompletionColumns(data.compactColumns);
      return { ...query, state: { ...query.state, data: entries } };
    }),
  };
}

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
    hydrate(client, expanded(saved.state));
    // Shown at once, but each is asked again when used: the cache is only a starting point.
    await client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (a private window in some browsers): the app simply starts empty.
  }
}

/**
 * Saves the cache after changes, at most once a second and at an idle moment, and at once when
 * the page is left with a save still to come; returns the unsubscribe function.
 */
export function persistCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const save = (): void => {
    idle = undefined;
    if (isStopped) return;
    const state = dehydrate(client, {
      // An empty answer (no session: signed out) is not kept: restored, it would send a person
      // who has just signed in back to the landing page before the real answer came.
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' &&
        query.state.data !== null &&
        query.state.data !== undefined,
    });
    // Nothing worth keeping (offline with nothing restored, say): a cache saved earlier, perhaps
    // by another tab, is worth more than none.
    if (state.queries.length === 0) return;
    void set(
      KEY,
      { shape: CACHE_SHAPE, savedAt: Date.now(), state: compacted(state) } satisfies Saved,
      cacheStore(),
    ).catch(() => undefined);
  };
  const schedule = (): void => {
    if (timer !== undefined || idle !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      // Not in the middle of a render or an answer: when the page has a moment.
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(save, { timeout: SAVE_IDLE_TIMEOUT_MS });
      else save();
    }, SAVE_EVERY_MS);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') schedule();
  });
  // Answers taken in before this began (the first screen's early reads, main.tsx) are this
  // page's news as much as later ones: without this they waited for some later answer.
  const pageStart = performance.timeOrigin;
  if (
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.dataUpdatedAt >= pageStart)
  )
    schedule();
  // Leaving the page (a reload, a closed tab, another app in front): a save still to come is
  // made now, or the next start (offline, say) would find the data of an earlier page or none.
  const saveNowIfDue = (): void => {
    if (timer === undefined && idle === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    if (idle !== undefined) window.cancelIdleCallback(idle);
    save();
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') saveNowIfDue();
  };
  window.addEventListener('pagehide', saveNowIfDue);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.removeEventListener('pagehide', saveNowIfDue);
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
  };
}

/** Forgets the saved cache (sign-out: the next person on this device must not see it). */
export async function clearSavedCache(): Promise<void> {
  isStopped = true;
  await del(KEY, cacheStore()).catch(() => undefined);
}

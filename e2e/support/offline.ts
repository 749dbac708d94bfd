/**
 * Helpers for the offline specs (docs/offline.md): the sync badge, the server's own state read
 * through the page's request context (which `context.setOffline` does not touch), the outbox and
 * the saved query cache read straight from IndexedDB, and a seeded PRNG for the soak.
 */
import {
  decodeCompletionColumns,
  type CompletionColumns,
} from '@habitquest/contracts/completion-columns';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';

export type ServerCompletion = {
  habitId: string;
  completionDate: string;
  xpEarned: number;
  pointsEarned: number;
  completedAt: string;
};

export type ServerProgress = { xp: number; points: number };

/** An outbox entry as lib/outbox.ts stores it (database 'habitquest-outbox', key 'queue'). */
export type StoredEntry = {
  id: string;
  type: 'set-completion';
  payload: { habitId: string; date: string; completed: boolean };
  timestamp: number;
  retries: number;
  method: 'PUT';
  path: string;
  body: { completed: boolean };
};

/** The header's live region: 'Offline Mode', 'N pending', 'Syncing... (N)', 'Synced!' or ''. */
export function syncBadge(page: Page): Locator {
  return page.getByRole('status', { name: 'Sync status' });
}

const openRequests = new WeakMap<Page, Set<Request>>();

/**
 * Starts counting the page's API requests that wait for an answer (the live-updates stream aside).
 * An answer that set out before the network went away still marks the server reachable, so a
 * test goes offline only once nothing is on its way (see `apiIsQuiet`).
 */
export function trackApiRequests(page: Page): void {
  if (openRequests.has(page)) return;
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events') open.add(request);
  });
  const done = (request: Request): void => {
    open.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until no API request of the page (tracked since `trackApiRequests`) is on its way. */
export async function apiIsQuiet(page: Page): Promise<void> {
  await expect.poll(() => openRequests.get(page)?.size ?? 0).toBe(0);
}

/** Daily habits with the given XP each, in the signed-in context of `request`; returns the ids. */
export async function createHabits(
  request: APIRequestContext,
  baseURL: string,
  habits: readonly { title: string; xp: number }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const habit of habits) {
    const response = await request.post('/api/habits', {
      data: { title: habit.title, frequency: 'daily', xpOnComplete: habit.xp },
      headers: { origin: baseURL },
    });
    expect(response.status()).toBe(201);
    ids.set(habit.title, ((await response.json()) as { id: string }).id);
  }
  return ids;
}

/** Sets a completion on the server directly (the state the test starts from). */
export async function setOnServer(
  request: APIRequestContext,
  baseURL: string,
  habitId: string,
  date: string,
  completed: boolean,
): Promise<void> {
  const response = await request.put(`/api/habits/${habitId}/completions/${date}`, {
    data: { completed },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
}

/** GET /api/completions over [from, to]. */
export async function completionsOnServer(
  request: APIRequestContext,
  from: string,
  to: string,
): Promise<ServerCompletion[]> {
  const response = await request.get(`/api/completions?from=${from}&to=${to}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerCompletion[];
}

/** The XP and points of GET /api/me. */
export async function progressOnServer(request: APIRequestContext): Promise<ServerProgress> {
  const response = await request.get('/api/me');
  expect(response.status()).toBe(200);
  const { progress } = (await response.json()) as { progress: ServerProgress };
  return { xp: progress.xp, points: progress.points };
}

/** "habitId date" pairs, sorted: a set of completions that compares with toEqual. */
export function completionKeys(list: readonly { habitId: string; completionDate: string }[]) {
  return list.map((c) => `${c.habitId} ${c.completionDate}`).sort();
}

/** What the page scripts below use of the browser (the e2e project has no DOM types). */
type IdbRequest<T> = {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
};
type IdbStore = {
  get: (key: string) => IdbRequest<unknown>;
  put: (value: unknown, key: string) => IdbRequest<unknown>;
};
type IdbDatabase = {
  createObjectStore: (name: string) => IdbStore;
  transaction: (
    store: string,
    mode: 'readonly' | 'readwrite',
  ) => { objectStore: (name: string) => IdbStore; oncomplete: (() => void) | null };
  close: () => void;
};
type BrowserGlobals = {
  indexedDB: {
    open: (name: string) => IdbRequest<IdbDatabase> & { onupgradeneeded: (() => void) | null };
  };
  BroadcastChannel: new (name: string) => {
    postMessage: (message: unknown) => void;
    close: () => void;
  };
  navigator: { serviceWorker: { controller: unknown } };
};

type IdbCall = { db: string; store: string; key: string; write?: unknown; announce?: string };

/**
 * Reads (or, with `write`, replaces) one value of an idb-keyval store in the page, opening the
 * database as idb-keyval does; `announce` posts {type: 'changed'} on that BroadcastChannel after.
 */
async function idbValue(page: Page, call: IdbCall): Promise<unknown> {
  return await page.evaluate(async ({ db: name, store, key, write, announce }: IdbCall) => {
    const browser = globalThis as unknown as BrowserGlobals;
    const db = await new Promise<IdbDatabase>((resolve, reject) => {
      const open = browser.indexedDB.open(name);
      open.onupgradeneeded = () => open.result.createObjectStore(store);
      open.onsuccess = () => {
        resolve(open.result);
      };
      open.onerror = () => {
        reject(new Error(`indexedDB.open(${name}) failed`));
      };
    });
    try {
      const tx = db.transaction(store, write === undefined ? 'readonly' : 'readwrite');
      const request =
        write === undefined
          ? tx.objectStore(store).get(key)
          : tx.objectStore(store).put(write, key);
      const value = await new Promise<unknown>((resolve, reject) => {
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(new Error(`IndexedDB ${name}/${store}/${key} failed`));
        };
      });
      if (write !== undefined) {
        await new Promise<void>((resolve) => {
          tx.oncomplete = () => {
            resolve();
          };
        });
      }
      return value;
    } finally {
      db.close();
      if (announce) {
        const channel = new browser.BroadcastChannel(announce);
        channel.postMessage({ type: 'changed' });
        channel.close();
      }
    }
  }, call);
}

const OUTBOX = { db: 'habitquest-outbox', store: 'entries', key: 'queue' } as const;

/** The queue stored in IndexedDB now (an empty list when there is none). */
export async function storedOutbox(page: Page): Promise<StoredEntry[]> {
  return ((await idbValue(page, OUTBOX)) as StoredEntry[] | undefined) ?? [];
}

/**
 * Replaces the stored queue, as another tab would, and says so on the outbox's channel so the
 * open tabs read it again.
 */
export async function writeStoredOutbox(page: Page, entries: StoredEntry[]): Promise<void> {
  await idbValue(page, { ...OUTBOX, write: entries, announce: 'habitquest-outbox' });
}

/** A set-completion entry of the stored shape (for seeding the queue). */
export function storedEntry(
  habitId: string,
  date: string,
  completed: boolean,
  timestamp: number,
): StoredEntry {
  return {
    id: crypto.randomUUID(),
    type: 'set-completion',
    payload: { habitId, date, completed },
    timestamp,
    retries: 0,
    method: 'PUT',
    path: `/api/habits/${habitId}/completions/${date}`,
    body: { completed },
  };
}

/** The query cache as last saved to IndexedDB (lib/persist-cache.ts): its queries, or none. */
async function savedQueries(page: Page): Promise<{ queryKey: unknown[]; data: unknown }[]> {
  const saved = (await idbValue(page, {
    db: 'habitquest-cache',
    store: 'queries',
    key: 'queries',
  })) as { state?: { queries?: { queryKey: unknown[]; state: { data: unknown } }[] } } | undefined;
  return (saved?.state?.queries ?? []).map((query) => ({
    queryKey: query.queryKey,
    data: query.state.data,
  }));
}

/**
 * "habitId date" of every completion in the saved cache. The cache is saved at most once a
 * second after a change, so a reload right after one would show the state before it: poll this.
 */
export async function savedCompletionKeys(page: Page): Promise<string[]> {
  const queries = await savedQueries(page);
  // Windows of completions are saved in their compact columns (lib/persist-cache.ts).
  const completions = queries
    .filter((query) => query.queryKey[0] === 'completions')
    .flatMap((query) =>
      decodeCompletionColumns((query.data as { compactColumns: CompletionColumns }).compactColumns),
    );
  return [...new Set(completionKeys(completions))];
}

/** Whether the saved cache holds the signed-in session: what an offline start opens the app on. */
export async function hasSavedSession(page: Page): Promise<boolean> {
  const queries = await savedQueries(page);
  return queries.some(
    (query) => query.queryKey.join('/') === 'auth/session' && query.data !== null,
  );
}

/** The titles of the habits in the saved cache. */
export async function savedHabitTitles(page: Page): Promise<string[]> {
  return await savedListField(page, 'habits', 'title');
}

/** One field of every row of a saved list ('habits', 'rewards', 'categories'), sorted. */
export async function savedListField(page: Page, list: string, field: string): Promise<string[]> {
  const queries = await savedQueries(page);
  const rows = queries.find((query) => query.queryKey.length === 1 && query.queryKey[0] === list);
  return Array.isArray(rows?.data)
    ? (rows.data as Record<string, unknown>[]).map((row) => String(row[field])).sort()
    : [];
}

/** The page's own clock (Date.now() in the page: a faked clock too). */
export async function pageNow(page: Page): Promise<number> {
  return await page.evaluate(() => Date.now());
}

/** Waits until the service worker controls the page (it precaches the app for offline reloads). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller !== null,
        ),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
}

/** mulberry32: a small seeded PRNG, so a failing soak can be replayed from its printed seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A deferred promise: `release()` lets whoever awaits `promise` go on. */
export function gate(): { promise: Promise<void>; release: () => void } {
  let release = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** True for PUT /api/habits/:id/completions/:date. */
export function isCompletionPut(method: string, url: string): boolean {
  return method === 'PUT' && /\/api\/habits\/[^/]+\/completions\/\d{4}-\d{2}-\d{2}$/.test(url);
}

import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { OutboxEntry } from '../../lib/outbox';
import { backupFileName, fileNameFrom, invalidFileErrors, isJsonFileName } from './data-transfer';
import { filterZones } from './panels/RegionalPanel';
import { cleanCache, localKeysToClean } from './clean-cache';
import { formatBytes, jsonBytes, measureQueries, measureStorage } from './storage-usage';

/** The outbox as storage-usage and clean-cache read it: what IndexedDB would hold, set by each test. */
const outbox = vi.hoisted(() => ({ entries: [] as OutboxEntry[] }));
vi.mock('../../lib/outbox', () => ({
  outboxEntries: () => outbox.entries,
  outboxBytes: () => (outbox.entries.length === 0 ? 0 : JSON.stringify(outbox.entries).length),
}));

/** A completion made offline, waiting in the outbox. */
const QUEUED_COMPLETION: OutboxEntry = {
  id: 'k1',
  type: 'set-completion',
  payload: { habitId: 'h1', date: '2026-03-04', completed: true },
  timestamp: 0,
  retries: 0,
  method: 'PUT',
  path: '/api/habits/h1/completions/2026-03-04',
  body: { completed: true },
};

afterEach(() => {
  vi.unstubAllGlobals();
  outbox.entries = [];
});

describe('backup file names', () => {
  it('are the product, the local date and the time', () => {
    expect(backupFileName(new Date(2026, 10, 23, 19, 30))).toBe(
      'habitquest-backup-2026-11-23-1930.json',
    );
    expect(backupFileName(new Date(2027, 0, 5, 7, 4))).toBe(
      'habitquest-backup-2027-01-05-0704.json',
    );
  });

  it("take the server's name from Content-Disposition when there is one", () => {
    expect(fileNameFrom('attachment; filename="habitquest-backup-2026-11-23-1930.json"')).toBe(
      'habitquest-backup-2026-11-23-1930.json',
    );
    expect(fileNameFrom(null)).toBeNull();
    expect(fileNameFrom('inline')).toBeNull();
  });
});

describe('import refusals', () => {
  it("take the server's list of an invalid file's problems, and nothing else", () => {
    const refused = new ApiError(400, 'VALIDATION', 'Invalid backup file', {
      errors: ['points: must be between -1000000000 and 1000000000'],
    });
    expect(invalidFileErrors(refused)).toEqual([
      'points: must be between -1000000000 and 1000000000',
    ]);
    // A malformed request, a plan limit, a network failure: not a list of the file's problems.
    const issues = new ApiError(400, 'VALIDATION', 'The request body must be JSON.', {
      issues: [],
    });
    expect(invalidFileErrors(issues)).toBeNull();
    expect(invalidFileErrors(new ApiError(403, 'LIMIT_REACHED', 'Free plan limit reached'))).toBe(
      null,
    );
    expect(invalidFileErrors(new ApiError(400, 'VALIDATION', 'x', { errors: [1] }))).toBeNull();
    expect(invalidFileErrors(new Error('boom'))).toBeNull();
  });

  it('accept .json files only, in any case', () => {
    expect(isJsonFileName('habitquest-backup-2026-11-23-1930.json')).toBe(true);
    expect(isJsonFileName('BACKUP.JSON')).toBe(true);
    expect(isJsonFileName('backup.json.txt')).toBe(false);
    expect(isJsonFileName('backup.csv')).toBe(false);
    expect(isJsonFileName('json')).toBe(false);
  });
});

describe('time zone search', () => {
  const zones = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Manila'];
  it('ignores case, spaces and underscores, and needs every word', () => {
    expect(filterZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterZones(zones, 'AMERICA')).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(filterZones(zones, 'america london')).toEqual([]);
    expect(filterZones(zones, '  ')).toEqual(zones);
  });
});

describe('storage measurement', () => {
  it('formats bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10.0 GB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
    expect(jsonBytes({ a: 'é' })).toBe(new TextEncoder().encode('{"a":"é"}').length);
  });

  it('sorts query data into buckets; inactive queries are cache; settings come out of me', () => {
    const client = new QueryClient();
    client.setQueryData(['habits'], [{ id: 'h1', title: 'Run' }]);
    client.setQueryData(['categories'], [{ id: 'c1' }]);
    client.setQueryData(['me'], { progress: { xp: 10 }, settings: { theme: 'dark' } });
    // Nothing observes these queries, so all but me count as cache.
    const parts = measureQueries(client);
    expect(parts.settings).toBe(jsonBytes({ theme: 'dark' }));
    expect(parts.progress).toBeGreaterThan(0);
    expect(parts.cache).toBe(jsonBytes([{ id: 'h1', title: 'Run' }]) + jsonBytes([{ id: 'c1' }]));
    expect(parts.habits).toBe(0);
  });

  it("judges the browser's usage against its quota, with the offline queue's own bytes", async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: () => Promise.resolve({ usage: 800_000, quota: 1_000_000 }),
        persisted: () => Promise.resolve(false),
      },
    });
    // One change waiting in the outbox (lib/outbox.ts, mocked above as its JSON's length).
    outbox.entries = [QUEUED_COMPLETION];
    const queued = JSON.stringify(outbox.entries).length;
    const report = await measureStorage(new QueryClient(), new Date(0));
    expect(report).toMatchObject({
      used: 800_000,
      quota: 1_000_000,
      usagePercentage: 80,
      status: 'warning',
      persisted: false,
    });
    expect(report.breakdown.offlineQueue).toBe(queued);
    expect(report.recommendations.slice(0, 2)).toEqual([
      'Storage is getting full...',
      'Export your data as a backup before cleaning.',
    ]);
    const sum = Object.values(report.breakdown).reduce((a, b) => a + b, 0);
    expect(sum).toBe(800_000);
    outbox.entries = [];
    const without = await measureStorage(new QueryClient(), new Date(0));
    expect(without.breakdown.offlineQueue).toBe(0);
  });

  it('works where the browser reports nothing', async () => {
    vi.stubGlobal('navigator', {});
    const report = await measureStorage(new QueryClient(), new Date(0));
    expect(report).toMatchObject({ quota: null, persisted: null, status: 'excellent' });
  });
});

/** Local storage for Node, as the browser's behaves for what cleaning uses. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  keys(): string[] {
    return [...this.items.keys()].sort();
  }
}

/** A mutation that stays in flight until `finish` is called, writing `optimistic` on start. */
function startMutation(
  client: QueryClient,
  options: { mutationKey?: readonly unknown[]; write?: () => void } = {},
) {
  let finish: () => void = () => undefined;
  const observer = new MutationObserver(client, {
    ...(options.mutationKey ? { mutationKey: options.mutationKey } : {}),
    mutationFn: () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    onMutate: () => {
      options.write?.();
    },
  });
  const done = observer.mutate().catch(() => undefined);
  return {
    finish: async () => {
      finish();
      await done;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cleaning the cache', () => {
  it('removes local keys naming cache, temp or tmp; never the settings mirror or what waits to sync', () => {
    const keys = [
      'habitquest.theme',
      'habitquest.accent',
      'habitquest.timeZoneSynced:user-1',
      'habitquest.timeZoneKept:user-1:Asia/Manila',
      'analytics-cache',
      'TMP_upload',
      'habitquest.tempDraft',
      'habitquest.offline-queue.tmp',
      'pending-changes-cache',
      'habitquest.outbox-temp',
      'something-else',
    ];
    expect(localKeysToClean(keys)).toEqual([
      'analytics-cache',
      'TMP_upload',
      'habitquest.tempDraft',
    ]);
  });

  it('skips the queries a pending mutation may have changed, and cleans them once it settles', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    storage.setItem('habitquest.theme', 'dark');
    storage.setItem('habitquest.accent', 'rose');
    storage.setItem('analytics-cache', '{"months":[]}');
    storage.setItem('habitquest.tmp-export', 'x');

    const client = new QueryClient();
    client.setQueryData(['habits'], [{ id: 'h1', done: false }]);
    client.setQueryData(['analytics', 'overview', 2025], { months: [1, 2] });
    // An optimistic toggle with no key: it could have written anywhere, so nothing goes.
    const toggle = startMutation(client, {
      write: () => {
        client.setQueryData(['habits'], [{ id: 'h1', done: true }]);
      },
    });
    await tick();
    await cleanCache(client);
    expect(client.getQueryData(['habits'])).toEqual([{ id: 'h1', done: true }]);
    expect(client.getQueryData(['analytics', 'overview', 2025])).toEqual({ months: [1, 2] });
    // Local storage follows its own rule: the cache keys go, the settings mirror stays.
    expect(storage.keys()).toEqual(['habitquest.accent', 'habitquest.theme']);

    await toggle.finish();
    await cleanCache(client);
    expect(client.getQueryData(['habits'])).toBeUndefined();
    expect(client.getQueryData(['analytics', 'overview', 2025])).toBeUndefined();
  });

  it('a keyed mutation spares only the queries under its key', async () => {
    const client = new QueryClient();
    client.setQueryData(['rewards'], [{ id: 'r1' }]);
    client.setQueryData(['rewards', 'inventory'], [{ id: 'i1' }]);
    client.setQueryData(['categories'], [{ id: 'c1' }]);
    const redeem = startMutation(client, { mutationKey: ['rewards'] });
    await tick();
    await cleanCache(client);
    expect(client.getQueryData(['rewards'])).toEqual([{ id: 'r1' }]);
    expect(client.getQueryData(['rewards', 'inventory'])).toEqual([{ id: 'i1' }]);
    expect(client.getQueryData(['categories'])).toBeUndefined();
    await redeem.finish();
  });

  it('keeps what a mutation paused offline has changed, until it is sent', async () => {
    const client = new QueryClient();
    // Mounted, as the app's is: back online, it sends what was paused.
    client.mount();
    client.setQueryData(['habits'], [{ id: 'h1', done: true }]);
    onlineManager.setOnline(false);
    try {
      const queued = startMutation(client, { mutationKey: ['habits'] });
      await tick();
      const [mutation] = client.getMutationCache().getAll();
      expect(mutation?.state).toMatchObject({ status: 'pending', isPaused: true });
      await cleanCache(client);
      expect(client.getQueryData(['habits'])).toEqual([{ id: 'h1', done: true }]);
      onlineManager.setOnline(true);
      await tick();
      await queued.finish();
      await cleanCache(client);
      expect(client.getQueryData(['habits'])).toBeUndefined();
    } finally {
      onlineManager.setOnline(true);
      client.unmount();
    }
  });

  it("cleans Cache Storage but the service worker's app shell", async () => {
    const stored = new Map<string, string[]>([
      ['workbox-precache-v2-http://127.0.0.1/', ['/index.html', '/assets/index.js']],
      ['habitquest-images', ['/avatar.png']],
    ]);
    const bodies: Record<string, string> = {
      '/index.html': '<!doctype html>',
      '/assets/index.js': 'x'.repeat(5000),
      '/avatar.png': 'y'.repeat(300),
    };
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve([...stored.keys()]),
      open: (name: string) =>
        Promise.resolve({
          keys: () => Promise.resolve(stored.get(name) ?? []),
          match: (url: string) => Promise.resolve(new Response(bodies[url])),
        }),
      delete: (name: string) => Promise.resolve(stored.delete(name)),
    });
    vi.stubGlobal('navigator', {});
    const report = await measureStorage(new QueryClient(), new Date(0));
    expect(report.breakdown.cache).toBe(300);
    await cleanCache(new QueryClient());
    expect([...stored.keys()]).toEqual(['workbox-precache-v2-http://127.0.0.1/']);
  });

  it('keeps every query while the outbox holds a change the server has not confirmed', async () => {
    const client = new QueryClient();
    client.setQueryData(['completions', 'all'], [{ habitId: 'h1', date: '2026-03-04' }]);
    client.setQueryData(['analytics', 'weekly'], { days: [] });
    // A completion made offline: its toggle settled as 'queued', its value is in the cache.
    outbox.entries = [QUEUED_COMPLETION];
    await cleanCache(client);
    expect(client.getQueryData(['completions', 'all'])).toEqual([
      { habitId: 'h1', date: '2026-03-04' },
    ]);
    expect(client.getQueryData(['analytics', 'weekly'])).toEqual({ days: [] });
    // Synced: the queue is empty and the cache is only a cache again.
    outbox.entries = [];
    await cleanCache(client);
    expect(client.getQueryData(['completions', 'all'])).toBeUndefined();
    expect(client.getQueryData(['analytics', 'weekly'])).toBeUndefined();
  });
});

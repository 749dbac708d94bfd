import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupFileName, fileNameFrom } from './data-transfer';
import { filterZones } from './panels/RegionalPanel';
import {
  formatBytes,
  jsonBytes,
  measureQueries,
  measureStorage,
  registerStorageSource,
} from './storage-usage';

afterEach(() => {
  vi.unstubAllGlobals();
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
    const stop = registerStorageSource('offlineQueue', () => 1234);
    try {
      const report = await measureStorage(new QueryClient(), new Date(0));
      expect(report).toMatchObject({
        used: 800_000,
        quota: 1_000_000,
        usagePercentage: 80,
        status: 'warning',
        persisted: false,
      });
      expect(report.breakdown.offlineQueue).toBe(1234);
      expect(report.recommendations.slice(0, 2)).toEqual([
        'Storage is getting full...',
        'Export your data as a backup before cleaning.',
      ]);
      const sum = Object.values(report.breakdown).reduce((a, b) => a + b, 0);
      expect(sum).toBe(800_000);
    } finally {
      stop();
    }
    const without = await measureStorage(new QueryClient(), new Date(0));
    expect(without.breakdown.offlineQueue).toBe(0);
  });

  it('works where the browser reports nothing', async () => {
    vi.stubGlobal('navigator', {});
    const report = await measureStorage(new QueryClient(), new Date(0));
    expect(report).toMatchObject({ quota: null, persisted: null, status: 'excellent' });
  });
});

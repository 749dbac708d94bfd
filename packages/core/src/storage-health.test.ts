import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cacheKeysToClean,
  DEFAULT_STORAGE_CAPACITY,
  healthStatusOf,
  isCacheKey,
  recommendationsFor,
  STORAGE_MESSAGES,
  storageCategoryOf,
  storageHealth,
  type StorageBreakdown,
} from './storage-health';

const now = new Date('2026-03-01T10:00:00Z');
const MB = 1_048_576;

function breakdown(partial: Partial<StorageBreakdown>): StorageBreakdown {
  return { habits: 0, categories: 0, progress: 0, settings: 0, cache: 0, other: 0, ...partial };
}

describe('storageCategoryOf', () => {
  it.each([
    ['habits', 'habits'],
    ['HabitQuest-Habits', 'habits'],
    ['categories', 'categories'],
    ['CATEGORY_colors', 'categories'],
    ['goals', 'categories'],
    ['progress', 'progress'],
    ['points', 'progress'],
    ['totalXP', 'progress'],
    ['level-banner', 'progress'],
    ['settings', 'settings'],
    ['theme', 'settings'],
    ['audioSettings', 'settings'],
    ['query-cache', 'cache'],
    ['TEMP_upload', 'cache'],
    ['tmp', 'cache'],
    ['inventory', 'other'],
    ['achievements', 'other'],
  ] as const)('puts %s under %s', (key, category) => {
    expect(storageCategoryOf(key)).toBe(category);
  });

  it('lets cache win over every other bucket, so cleaned keys are counted as cache', () => {
    expect(storageCategoryOf('habits-cache')).toBe('cache');
    expect(storageCategoryOf('tmp-goals')).toBe('cache');
  });

  it('tries habits before categories, categories before progress, progress before settings', () => {
    expect(storageCategoryOf('habit-categories')).toBe('habits');
    expect(storageCategoryOf('goal-progress')).toBe('categories');
    expect(storageCategoryOf('level-settings')).toBe('progress');
  });
});

describe('cache keys', () => {
  it('matches cache, temp and tmp in any case', () => {
    expect(isCacheKey('rq-CACHE')).toBe(true);
    expect(isCacheKey('tempDraft')).toBe(true);
    expect(isCacheKey('upload.tmp')).toBe(true);
    expect(isCacheKey('habits')).toBe(false);
  });

  it('selects exactly the cache keys, keeping their order', () => {
    const keys = ['habits', 'cache-a', 'settings', 'tmp-b', 'temp-c', 'points'];
    expect(cacheKeysToClean(keys)).toEqual(['cache-a', 'tmp-b', 'temp-c']);
    expect(cacheKeysToClean(new Set<string>())).toEqual([]);
  });
});

describe('healthStatusOf', () => {
  it('uses the 50 / 75 / 90 thresholds', () => {
    expect(healthStatusOf(0)).toBe('excellent');
    expect(healthStatusOf(49.9)).toBe('excellent');
    expect(healthStatusOf(50)).toBe('good');
    expect(healthStatusOf(74.9)).toBe('good');
    expect(healthStatusOf(75)).toBe('warning');
    expect(healthStatusOf(89.9)).toBe('warning');
    expect(healthStatusOf(90)).toBe('critical');
    expect(healthStatusOf(130)).toBe('critical');
  });
});

describe('storageHealth', () => {
  it('sums the breakdown against the default 8 MB capacity', () => {
    const health = storageHealth({
      entries: [
        { key: 'habits', bytes: 2 * MB },
        { key: 'goals', bytes: 1000 },
        { key: 'points', bytes: 10 },
        { key: 'settings', bytes: 200 },
        { key: 'query-cache', bytes: 300 },
        { key: 'inventory', bytes: 90 },
      ],
      now,
    });
    expect(health.totalAvailable).toBe(DEFAULT_STORAGE_CAPACITY);
    expect(health.totalUsed).toBe(2 * MB + 1600);
    expect(health.usagePercentage).toBe(25);
    expect(health.healthStatus).toBe('excellent');
    expect(health.breakdown).toEqual(
      breakdown({
        habits: 2 * MB,
        categories: 1000,
        progress: 10,
        settings: 200,
        cache: 300,
        other: 90,
      }),
    );
    expect(health.recommendations).toEqual([...STORAGE_MESSAGES.excellent]);
    expect(health.lastUpdated).toBe(now);
  });

  it('rounds the percentage to one decimal and judges the shown number', () => {
    const justUnderHalf = Math.ceil(DEFAULT_STORAGE_CAPACITY * 0.49996);
    const health = storageHealth({ entries: [{ key: 'habits', bytes: justUnderHalf }], now });
    expect(health.usagePercentage).toBe(50);
    expect(health.healthStatus).toBe('good');
    expect(
      storageHealth({ entries: [{ key: 'habits', bytes: 1234 }], capacity: 10_000, now }),
    ).toMatchObject({ usagePercentage: 12.3, totalAvailable: 10_000 });
  });

  it('gives the spec texts for each status', () => {
    const at = (percent: number) =>
      storageHealth({ entries: [{ key: 'habits', bytes: percent * 100 }], capacity: 10_000, now });
    expect(at(95).recommendations).toEqual([
      'Storage is critically full! Consider exporting and clearing old data.',
      'Delete unused habits and categories to free up space.',
    ]);
    expect(at(80).recommendations).toEqual([
      'Storage is getting full...',
      'Export your data as a backup before cleaning.',
    ]);
    expect(at(60).recommendations).toEqual([
      'Storage usage is moderate. Regular cleanup recommended.',
    ]);
    expect(at(10).recommendations).toEqual([
      'Storage usage is healthy. No immediate action needed.',
    ]);
  });

  it('reports usage past the capacity as critical rather than capping it', () => {
    const health = storageHealth({ entries: [{ key: 'other', bytes: 150 }], capacity: 100, now });
    expect(health.usagePercentage).toBe(150);
    expect(health.healthStatus).toBe('critical');
  });

  it('handles empty storage', () => {
    const health = storageHealth({ entries: [], now });
    expect(health).toMatchObject({ totalUsed: 0, usagePercentage: 0, healthStatus: 'excellent' });
    expect(health.recommendations).toEqual([...STORAGE_MESSAGES.excellent]);
  });

  it('refuses a non-positive capacity and invalid sizes', () => {
    expect(() => storageHealth({ entries: [], capacity: 0, now })).toThrow(RangeError);
    expect(() => storageHealth({ entries: [], capacity: Number.NaN, now })).toThrow(RangeError);
    expect(() => storageHealth({ entries: [{ key: 'a', bytes: -1 }], now })).toThrow(RangeError);
    expect(() => storageHealth({ entries: [{ key: 'a', bytes: Infinity }], now })).toThrow(
      RangeError,
    );
  });

  it('keeps the breakdown summing to the total (property)', () => {
    const entry = fc.record({ key: fc.string(), bytes: fc.nat({ max: 1_000_000 }) });
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        const health = storageHealth({ entries, now });
        const sum = Object.values(health.breakdown).reduce((a, b) => a + b, 0);
        expect(sum).toBe(health.totalUsed);
        expect(health.healthStatus).toBe(healthStatusOf(health.usagePercentage));
      }),
    );
  });
});

describe('recommendationsFor', () => {
  it('adds the cache tip when the cache outweighs the habits', () => {
    expect(recommendationsFor('good', breakdown({ habits: 10, cache: 11 }))).toEqual([
      ...STORAGE_MESSAGES.good,
      'Cached data is larger than your habits: cleaning the cache frees space.',
    ]);
    expect(recommendationsFor('good', breakdown({ habits: 10, cache: 10 }))).toEqual([
      ...STORAGE_MESSAGES.good,
    ]);
  });

  it('adds the other-data tip when other outweighs habits plus categories', () => {
    const tip =
      'Other data takes more room than your habits and categories: consider exporting and clearing it.';
    expect(
      recommendationsFor('critical', breakdown({ habits: 5, categories: 5, other: 11 })),
    ).toEqual([...STORAGE_MESSAGES.critical, tip]);
    expect(
      recommendationsFor('critical', breakdown({ habits: 5, categories: 5, other: 10 })),
    ).toEqual([...STORAGE_MESSAGES.critical]);
  });

  it('can give both tips at once, cache first', () => {
    const tips = recommendationsFor('excellent', breakdown({ cache: 1, other: 1 }));
    expect(tips).toEqual([
      ...STORAGE_MESSAGES.excellent,
      STORAGE_MESSAGES.cacheTip,
      STORAGE_MESSAGES.otherTip,
    ]);
  });
});

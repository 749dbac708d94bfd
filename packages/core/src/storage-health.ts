/**
 * Storage health for the settings dialog (docs/product.md): how full the assumed
 * capacity is, what takes the room, and what the user can do about it. The caller measures the
 * entries (local storage keys, server data sizes); this module only judges them.
 */

/** The assumed capacity of browser local storage: 8 MB (docs/product.md). */
export const DEFAULT_STORAGE_CAPACITY = 8_388_608;

export type StoredEntry = { key: string; bytes: number };

export const STORAGE_CATEGORIES = [
  'habits',
  'categories',
  'progress',
  'settings',
  'cache',
  'other',
] as const;
export type StorageCategory = (typeof STORAGE_CATEGORIES)[number];
export type StorageBreakdown = Record<StorageCategory, number>;

export type StorageHealthStatus = 'excellent' | 'good' | 'warning' | 'critical';

export type StorageHealth = {
  totalUsed: number;
  /** The capacity the usage is measured against (not what is left of it). */
  totalAvailable: number;
  /** Percent of the capacity in use, one decimal; above 100 when the data outgrew it. */
  usagePercentage: number;
  healthStatus: StorageHealthStatus;
  breakdown: StorageBreakdown;
  recommendations: string[];
  lastUpdated: Date;
};

/** The spec's recommendation texts (§8) plus our two tips, in one place. */
export const STORAGE_MESSAGES = {
  critical: [
    'Storage is critically full! Consider exporting and clearing old data.',
    'Delete unused habits and categories to free up space.',
  ],
  warning: ['Storage is getting full...', 'Export your data as a backup before cleaning.'],
  good: ['Storage usage is moderate. Regular cleanup recommended.'],
  excellent: ['Storage usage is healthy. No immediate action needed.'],
  cacheTip: 'Cached data is larger than your habits: cleaning the cache frees space.',
  otherTip:
    'Other data takes more room than your habits and categories: consider exporting and clearing it.',
} as const satisfies Record<StorageHealthStatus, readonly string[]> & Record<string, unknown>;

/**
 * Substring rules, tried in this order; the first match wins. Cache comes first so that every
 * key the clean-cache button removes (isCacheKey) is also counted as cache, e.g. "habit-cache".
 */
const CATEGORY_RULES: readonly [StorageCategory, readonly string[]][] = [
  ['cache', ['cache', 'temp', 'tmp']],
  ['habits', ['habit']],
  ['categories', ['categor', 'goal']],
  ['progress', ['progress', 'points', 'xp', 'level']],
  ['settings', ['setting', 'theme', 'audio']],
];

/** Which breakdown bucket a key's bytes count towards (case-insensitive substring match). */
export function storageCategoryOf(key: string): StorageCategory {
  const lower = key.toLowerCase();
  const rule = CATEGORY_RULES.find(([, parts]) => parts.some((part) => lower.includes(part)));
  return rule ? rule[0] : 'other';
}

/** Keys the clean-cache action removes: those containing cache, temp or tmp (docs/product.md). */
export function isCacheKey(key: string): boolean {
  return storageCategoryOf(key) === 'cache';
}

/** The subset of `keys` that cleaning the cache removes, in their original order. */
export function cacheKeysToClean(keys: Iterable<string>): string[] {
  return [...keys].filter(isCacheKey);
}

/** Excellent under 50 %, good under 75 %, warning under 90 %, critical from 90 % (docs/product.md). */
export function healthStatusOf(usagePercentage: number): StorageHealthStatus {
  if (usagePercentage >= 90) return 'critical';
  if (usagePercentage >= 75) return 'warning';
  if (usagePercentage >= 50) return 'good';
  return 'excellent';
}

/** Measures the entries against the capacity and says what to do about it. */
export function storageHealth(options: {
  entries: Iterable<StoredEntry>;
  capacity?: number;
  now: Date;
}): StorageHealth {
  const capacity = options.capacity ?? DEFAULT_STORAGE_CAPACITY;
  if (!Number.isFinite(capacity) || capacity <= 0) {
    throw new RangeError(`Storage capacity must be a positive number of bytes: ${capacity}`);
  }
  const breakdown = emptyBreakdown();
  let totalUsed = 0;
  for (const entry of options.entries) {
    if (!Number.isFinite(entry.bytes) || entry.bytes < 0) {
      throw new RangeError(`Entry "${entry.key}" has an invalid size: ${entry.bytes}`);
    }
    breakdown[storageCategoryOf(entry.key)] += entry.bytes;
    totalUsed += entry.bytes;
  }
  const usagePercentage = Math.round((totalUsed / capacity) * 1000) / 10;
  // The status follows the shown (rounded) number, so "50.0 %" never reads "excellent".
  const healthStatus = healthStatusOf(usagePercentage);
  return {
    totalUsed,
    totalAvailable: capacity,
    usagePercentage,
    healthStatus,
    breakdown,
    recommendations: recommendationsFor(healthStatus, breakdown),
    lastUpdated: options.now,
  };
}

/** The status's messages, then a tip for each bucket that is out of proportion (docs/product.md). */
export function recommendationsFor(
  status: StorageHealthStatus,
  breakdown: StorageBreakdown,
): string[] {
  const recommendations: string[] = [...STORAGE_MESSAGES[status]];
  if (breakdown.cache > breakdown.habits) recommendations.push(STORAGE_MESSAGES.cacheTip);
  if (breakdown.other > breakdown.habits + breakdown.categories) {
    recommendations.push(STORAGE_MESSAGES.otherTip);
  }
  return recommendations;
}

function emptyBreakdown(): StorageBreakdown {
  return { habits: 0, categories: 0, progress: 0, settings: 0, cache: 0, other: 0 };
}

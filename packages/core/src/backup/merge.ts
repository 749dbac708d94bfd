/**
 * Applying a validated backup to the user's data (docs/product.md "Import flow" and "Merge mode").
 * Replace (the default) takes the file as it is. Merge keeps what the user has and adds what the
 * file brings that is not there yet, so merging a file twice, or into itself, changes nothing.
 */
import { DEFAULT_WEEK_START, type WeekStart } from '../periods';
import { mergePauses, mergeSkips, mergeVacations } from './merge-rest';
import {
  type BackupAchievement,
  type BackupCategory,
  type BackupCompletion,
  type BackupData,
  type BackupHabit,
  type BackupInventoryItem,
  type BackupReward,
} from './schema';
import { goalsOf } from './export-file';

/**
 * What an import did. For replace: the totals of the incoming data. For merge: what was added,
 * with points and xp as the change of the balances.
 */
export type ImportSummary = {
  habits: number;
  categories: number;
  rewards: number;
  inventory: number;
  completions: number;
  points: number;
  xp: number;
};

export type ImportResult = { data: BackupData; summary: ImportSummary };

/** Replace mode: the result is the incoming data, and the summary its totals. */
export function replaceData(_current: BackupData, incoming: BackupData): ImportResult {
  return {
    data: incoming,
    summary: {
      habits: incoming.habits.length,
      categories: incoming.categories.length,
      rewards: incoming.shop.length,
      inventory: incoming.inventory.length,
      completions: incoming.habits.reduce((sum, habit) => sum + habit.completions.length, 0),
      points: incoming.points,
      xp: incoming.totalXP,
    },
  };
}

/**
 * Merge mode. Points and XP grow by what the added completions earned, and points shrink by the
 * cost of the added inventory items. Adding the file's whole balance instead would count twice
 * everything both sides already share. `weekStart` is the user's (the one the merged data's weeks
 * are keyed for; by default the current settings' own): it tells which days share a weekly period
 * when a skip meets a completion.
 */
export function mergeData(
  current: BackupData,
  incoming: BackupData,
  weekStart: WeekStart = weekStartIn(current.settings),
): ImportResult {
  const habits = mergeHabits(current.habits, incoming.habits);
  const categories = mergeCategories(current.categories, incoming.categories);
  const shop = mergeShop(current.shop, incoming.shop);
  const inventory = mergeInventory(current.inventory, incoming.inventory);
  const xp = sum(habits.completions, (completion) => completion.xpEarned);
  const points =
    sum(habits.completions, (completion) => completion.pointsEarned) -
    sum(inventory.added, (item) => item.cost);
  return {
    data: {
      habits: habits.list,
      categories: categories.list,
      goals: goalsOf(categories.list),
      shop: shop.list,
      inventory: inventory.list,
      points: current.points + points,
      totalXP: current.totalXP + xp,
      settings: mergeSettings(current.settings, incoming.settings),
      achievements: mergeAchievements(current.achievements, incoming.achievements),
      skips: mergeSkips(current.skips, incoming.skips, habits.list, weekStart),
      pauses: mergePauses(current.pauses, incoming.pauses),
      vacations: mergeVacations(current.vacations, incoming.vacations),
    },
    summary: {
      habits: habits.added,
      categories: categories.added,
      rewards: shop.added,
      inventory: inventory.added.length,
      completions: habits.completions.length,
      points,
      xp,
    },
  };
}

/** Achievements by id: one unlocked on both sides keeps the earlier moment. */
function mergeAchievements(
  current: readonly BackupAchievement[],
  incoming: readonly BackupAchievement[],
): BackupAchievement[] {
  const byId = new Map(current.map((achievement) => [achievement.id, achievement]));
  for (const achievement of incoming) {
    const existing = byId.get(achievement.id);
    const isEarlier =
      existing === undefined ||
      Date.parse(achievement.unlockedAt) < Date.parse(existing.unlockedAt);
    if (isEarlier) byId.set(achievement.id, achievement);
  }
  return [...byId.values()];
}

/** The week start a settings document names, or the default one. */
function weekStartIn(settings: Record<string, unknown>): WeekStart {
  const value = settings.weekStart;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6
    ? (value as WeekStart)
    : DEFAULT_WEEK_START;
}

/** Habits by id: the incoming fields win, and completions are joined by period key. */
function mergeHabits(current: readonly BackupHabit[], incoming: readonly BackupHabit[]) {
  // A Map keeps insertion order, so current habits stay in place and new ones follow.
  const byId = new Map(current.map((habit) => [habit.id, habit]));
  const completions: BackupCompletion[] = [];
  let added = 0;
  for (const habit of incoming) {
    const existing = byId.get(habit.id);
    if (existing === undefined) added += 1;
    const merged = existing === undefined ? newHabit(habit) : mergeHabit(existing, habit);
    byId.set(habit.id, merged.habit);
    completions.push(...merged.added);
  }
  return { list: [...byId.values()], added, completions };
}

function newHabit(habit: BackupHabit): { habit: BackupHabit; added: BackupCompletion[] } {
  return { habit, added: habit.completions };
}

function mergeHabit(
  existing: BackupHabit,
  incoming: BackupHabit,
): { habit: BackupHabit; added: BackupCompletion[] } {
  // Period keys only mean something for their frequency: on a clash the user's frequency and
  // completions stay, and the file's completions (keys of another frequency) are left out.
  if (existing.frequency !== incoming.frequency) {
    const habit = { ...incoming, frequency: existing.frequency, completions: existing.completions };
    return { habit, added: [] };
  }
  const keys = new Set(existing.completions.map((completion) => completion.periodKey));
  const added = incoming.completions.filter((completion) => {
    if (keys.has(completion.periodKey)) return false; // the user's own completion is kept
    keys.add(completion.periodKey);
    return true;
  });
  return { habit: { ...incoming, completions: [...existing.completions, ...added] }, added };
}

/** Categories by name: new names are added; for a known name the file's target and colour win. */
function mergeCategories(current: readonly BackupCategory[], incoming: readonly BackupCategory[]) {
  const byName = new Map(current.map((category) => [categoryKey(category.name), category]));
  // One fallback category at most: the user's own stays the fallback.
  let hasFallback = current.some((category) => category.isFallback);
  let added = 0;
  for (const category of incoming) {
    const key = categoryKey(category.name);
    const existing = byName.get(key);
    if (existing === undefined) {
      const isFallback = category.isFallback && !hasFallback;
      hasFallback ||= isFallback;
      byName.set(key, { ...category, isFallback });
      added += 1;
    } else {
      byName.set(key, { ...category, name: existing.name, isFallback: existing.isFallback });
    }
  }
  return { list: [...byName.values()], added };
}

/**
 * Rewards by name (trimmed, case-insensitive); the file's fields win but the user's reward keeps
 * its id. Names may repeat in a shop, so each incoming reward takes the next unmatched reward of
 * that name, and only rewards with no partner left are added.
 */
function mergeShop(current: readonly BackupReward[], incoming: readonly BackupReward[]) {
  const list = [...current];
  const unmatched = new Map<string, { index: number; id: string }[]>();
  current.forEach((reward, index) => {
    const key = nameKey(reward.name);
    unmatched.set(key, [...(unmatched.get(key) ?? []), { index, id: reward.id }]);
  });
  let added = 0;
  for (const reward of incoming) {
    const match = unmatched.get(nameKey(reward.name))?.shift();
    if (match === undefined) {
      list.push(reward);
      added += 1;
    } else {
      list[match.index] = { ...reward, id: match.id };
    }
  }
  return { list, added };
}

/** Inventory items are the same purchase when name and redemption instant match. */
function mergeInventory(
  current: readonly BackupInventoryItem[],
  incoming: readonly BackupInventoryItem[],
) {
  const seen = new Set(current.map(inventoryKey));
  const added = incoming.filter((item) => {
    const key = inventoryKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { list: [...current, ...added], added };
}

/** The user's settings stay; the file only fills in keys the user does not have. */
function mergeSettings(
  current: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const missing = Object.entries(incoming).filter(([key]) => !Object.hasOwn(current, key));
  // fromEntries defines own properties, so a "__proto__" key cannot reach the prototype.
  return Object.fromEntries([...Object.entries(current), ...missing]);
}

function inventoryKey(item: BackupInventoryItem): string {
  // Compare instants, not strings: "…Z" and "…+00:00" name the same moment.
  const instant = Date.parse(item.redeemedAt);
  return `${nameKey(item.name)}\u0000${Number.isNaN(instant) ? item.redeemedAt : String(instant)}`;
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

function categoryKey(name: string): string {
  return name.trim().toUpperCase();
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

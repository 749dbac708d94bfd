/**
 * The first of an import's two steps (write-backup-data.ts has the second): planImport works out
 * every row the import writes, ids included, outside any transaction, so the transaction that
 * writes them (or the embedded database's short ones, apply-in-chunks.ts) does nothing else.
 */
import { randomUUID } from 'node:crypto';
import type { Settings } from '@habitquest/contracts/settings';
import { achievementById } from '@habitquest/core/achievements';
import type {
  BackupAchievement,
  BackupCategory,
  BackupCompletion,
  BackupHabit,
  BackupInventoryItem,
  BackupPause,
  BackupReward,
  BackupSkip,
  BackupVacation,
} from '@habitquest/core/backup/schema';
import { formatPath } from '@habitquest/core/backup/validate';
import type { Database, Tx } from '../db/client';
import { categories, habits, purchasedRewards, rewards } from '../db/schema';
import { HttpError } from '../http/errors';
import { BACKUP_MESSAGES, blankToNull, fullColor, withOneFallback } from './prepare-import';
import { idPicker, takenIds, type OwnRows } from './row-ids';

/** Completions turned into rows between two breathers (other requests run in between). */
const ROWS_BETWEEN_BREATHERS = 2000;

type CategoryRow = typeof categories.$inferInsert & { id: string; name: string };
type HabitRow = typeof habits.$inferInsert & { id: string };
type RewardRow = typeof rewards.$inferInsert & { id: string };
type InventoryRow = typeof purchasedRewards.$inferInsert & { id: string };
/**
 * A completion as the bulk insert takes it (short keys keep the jsonb parameter small). Its id is
 * chosen here, so a chunked import's journal can name the rows it adds (import-journal.ts).
 */
export type CompletionRow = {
  i: string;
  h: string;
  d: string;
  k: string;
  x: number;
  p: number;
  c: string;
};

/** A skip, pause or vacation as the bulk insert takes it: habit row id, first and last day. */
export type RestRow = { h: string | null; s: string; e: string | null };

/** Every row an import writes. */
export type ImportPlan = {
  categories: CategoryRow[];
  habits: HabitRow[];
  /** The completions to insert; with `replacesCompletions` the user's others go first. */
  completions: CompletionRow[];
  replacesCompletions: boolean;
  rewards: RewardRow[];
  inventory: InventoryRow[];
  settings: Settings;
  /** The achievements to hold afterwards (the file's, or the merge's); the user's others go. */
  achievements: BackupAchievement[];
  /**
   * The rest days to hold afterwards (the file's, or the merge's), their habits as row ids; the
   * user's others go. Skips have no end (`e` null); vacations no habit (`h` null).
   */
  rest: { skips: RestRow[]; pauses: RestRow[]; vacations: RestRow[] };
};

export type PlannedData = {
  habits: readonly BackupHabit[];
  categories: readonly BackupCategory[];
  shop: readonly BackupReward[];
  inventory: readonly BackupInventoryItem[];
  achievements: readonly BackupAchievement[];
  skips: readonly BackupSkip[];
  pauses: readonly BackupPause[];
  vacations: readonly BackupVacation[];
};

/**
 * The rows that make the user's data equal `data`. Habits, rewards and inventory keep the file's
 * ids where row-ids.ts allows; categories keep the user's own id for a name they already have.
 * `existing` (a merge) names the completions the user already has, by habit id, which stay
 * as they are; without it (a replace) every completion of `data` is written afresh.
 */
export async function planImport(options: {
  db: Database | Tx;
  userId: string;
  data: PlannedData;
  settings: Settings;
  own: OwnRows;
  existing?: ReadonlyMap<string, readonly BackupCompletion[]>;
}): Promise<ImportPlan> {
  const { db, userId, data, own, existing } = options;
  const categoryRows = withOneFallback(data.categories).map((category): CategoryRow => {
    const kept = own.categories.get(category.name);
    return {
      id: kept?.id ?? randomUUID(),
      userId,
      name: category.name,
      color: fullColor(category.color),
      monthlyTargetXp: category.monthlyTargetXp,
      isFallback: category.isFallback,
    };
  });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const pickHabitId = idPicker(await takenIds(db, habits, userId, data.habits.map(idOf)));
  const habitRows: HabitRow[] = [];
  // The file's habit id → the row's id; rest of a habit that is not imported is dropped.
  const rowIds = new Map<string, string>();
  const completionRows: CompletionRow[] = [];
  let sinceBreather = 0;
  for (const [index, habit] of data.habits.entries()) {
    // A long history takes a while to turn into rows; other requests run in between.
    if (sinceBreather >= ROWS_BETWEEN_BREATHERS) {
      sinceBreather = 0;
      await breather();
    }
    sinceBreather += habit.completions.length;
    const id = pickHabitId(habit.id);
    rowIds.set(habit.id, id);
    habitRows.push({
      id,
      userId,
      name: habit.name,
      description: blankToNull(habit.description),
      frequency: habit.frequency,
      categoryId: habit.category === null ? null : categoryIdOf(categoryIds, habit.category, index),
      isRecurring: habit.isRecurring,
      specificDate: habit.specificDate,
      xpReward: habit.xpOnComplete,
      color: fullColor(habit.color),
      icon: habit.icon.trim() === '' ? 'target' : habit.icon,
      createdAt: new Date(habit.createdAt),
      updatedAt: new Date(),
    });
    // A merge keeps the user's own completions; only the ones it adds are written.
    const kept = new Set(existing?.get(habit.id)?.map((completion) => completion.periodKey));
    for (const completion of habit.completions) {
      if (kept.has(completion.periodKey)) continue;
      // Completions keep what they awarded, so a later undo takes back exactly that.
      completionRows.push({
        i: randomUUID(),
        h: id,
        d: completion.completionDate,
        k: completion.periodKey,
        x: completion.xpEarned,
        p: completion.pointsEarned,
        // As JavaScript reads the instant, whatever ISO 8601 form the file wrote it in.
        c: new Date(completion.completedAt).toISOString(),
      });
    }
  }
  const pickRewardId = idPicker(await takenIds(db, rewards, userId, data.shop.map(idOf)));
  const rewardRows = data.shop.map((reward): RewardRow => {
    const id = pickRewardId(reward.id);
    const createdAt = own.rewards.get(id);
    return {
      id,
      userId,
      name: reward.name,
      description: blankToNull(reward.description),
      cost: reward.cost,
      category: blankToNull(reward.category),
      icon: blankToNull(reward.icon),
      rarity: blankToNull(reward.rarity),
      keepInShop: reward.keepInShop,
      ...(createdAt ? { createdAt } : {}),
    };
  });
  const pickItemId = idPicker(
    await takenIds(db, purchasedRewards, userId, data.inventory.map(idOf)),
  );
  const inventoryRows = data.inventory.map((item): InventoryRow => {
    const id = pickItemId(item.id);
    return {
      id,
      // A purchase that stays keeps its link to the reward; the file itself has no such link.
      rewardId: own.purchases.get(id) ?? null,
      userId,
      rewardName: item.name,
      rewardCost: item.cost,
      rewardDescription: blankToNull(item.description),
      rewardIcon: blankToNull(item.icon),
      rewardRarity: blankToNull(item.rarity),
      purchasedAt: new Date(item.redeemedAt),
    };
  });
  return {
    categories: categoryRows,
    habits: habitRows,
    completions: completionRows,
    replacesCompletions: existing === undefined,
    rewards: rewardRows,
    inventory: inventoryRows,
    settings: options.settings,
    // Ids this version does not know (a later one may add some) are left out.
    achievements: data.achievements.filter((achievement) => achievementById(achievement.id)),
    rest: {
      skips: data.skips.flatMap((skip) => {
        const habitId = rowIds.get(skip.habitId);
        return habitId === undefined ? [] : [{ h: habitId, s: skip.date, e: null }];
      }),
      pauses: data.pauses.flatMap((pause) => {
        const habitId = rowIds.get(pause.habitId);
        return habitId === undefined ? [] : [{ h: habitId, s: pause.startsOn, e: pause.endsOn }];
      }),
      vacations: data.vacations.map((vacation) => ({
        h: null,
        s: vacation.startsOn,
        e: vacation.endsOn,
      })),
    },
  };
}

/**
 * Core's validation and merge guarantee every named category is in the list; should that ever
 * fail, the import is refused rather than guessing.
 */
function categoryIdOf(ids: ReadonlyMap<string, string>, name: string, index: number): string {
  const id = ids.get(name);
  if (id !== undefined) return id;
  const path = formatPath(['habits', index, 'category']);
  throw new HttpError('VALIDATION', BACKUP_MESSAGES.invalidFile, {
    errors: [`${path}: names a category that is not in the file (${name})`],
  });
}

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function idOf(row: { id?: string | undefined }): string | undefined {
  return row.id;
}

/**
 * Puts BackupData in place of a user's habits, completions, categories, rewards, inventory and
 * settings, inside the caller's transaction (after lockUser). Points and XP are the caller's:
 * they move through the ledger.
 */
import { randomUUID } from 'node:crypto';
import type { Settings } from '@habitquest/contracts/settings';
import type {
  BackupCategory,
  BackupHabit,
  BackupInventoryItem,
  BackupReward,
} from '@habitquest/core/backup-schema';
import { formatPath } from '@habitquest/core/backup-validate';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  categories,
  completions,
  habits,
  purchasedRewards,
  rewards,
  userSettings,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { BACKUP_MESSAGES, blankToNull, fullColor, withOneFallback } from './prepare-import';
import { idPicker, loadOwnRows, takenIds, type OwnRows } from './row-ids';

/** Rows per INSERT, well under PostgreSQL's 65535 bind parameters for the widest table. */
const CHUNK = 500;

/**
 * Replaces the user's data with `data`. Habits, rewards and inventory keep the file's ids where
 * row-ids.ts allows; categories keep the user's own id for a name they already have.
 */
export async function writeBackupData(options: {
  tx: Tx;
  userId: string;
  data: {
    habits: readonly BackupHabit[];
    categories: readonly BackupCategory[];
    shop: readonly BackupReward[];
    inventory: readonly BackupInventoryItem[];
  };
  settings: Settings;
}): Promise<void> {
  const { tx, userId, data } = options;
  const own = await loadOwnRows(tx, userId);
  // Habits first: their completions cascade, and no habit is left pointing at a category.
  await tx.delete(habits).where(eq(habits.userId, userId));
  await tx.delete(categories).where(eq(categories.userId, userId));
  await tx.delete(rewards).where(eq(rewards.userId, userId));
  await tx.delete(purchasedRewards).where(eq(purchasedRewards.userId, userId));
  const categoryIds = await insertCategories(tx, userId, data.categories, own);
  await insertHabits(tx, userId, data.habits, categoryIds);
  await insertRewards(tx, userId, data.shop, own);
  await insertInventory(tx, userId, data.inventory, own);
  await tx
    .insert(userSettings)
    .values({ userId, settings: options.settings })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settings: options.settings, updatedAt: new Date() },
    });
}

async function insertCategories(
  tx: Tx,
  userId: string,
  list: readonly BackupCategory[],
  own: OwnRows,
): Promise<Map<string, string>> {
  const rows = withOneFallback(list).map((category) => {
    const existing = own.categories.get(category.name);
    return {
      id: existing?.id ?? randomUUID(),
      userId,
      name: category.name,
      color: fullColor(category.color),
      monthlyTargetXp: category.monthlyTargetXp,
      isFallback: category.isFallback,
      ...(existing ? { createdAt: existing.createdAt } : {}),
    };
  });
  await inChunks(rows, (chunk) => tx.insert(categories).values(chunk));
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function insertHabits(
  tx: Tx,
  userId: string,
  list: readonly BackupHabit[],
  categoryIds: ReadonlyMap<string, string>,
): Promise<void> {
  const taken = await takenIds(
    tx,
    habits,
    userId,
    list.map((habit) => habit.id),
  );
  const pickId = idPicker(taken);
  const entries = list.map((habit, index) => {
    const row = {
      id: pickId(habit.id),
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
    };
    // Completions keep what they awarded, so a later undo takes back exactly that.
    const rows = habit.completions.map((completion) => ({
      habitId: row.id,
      userId,
      completionDate: completion.completionDate,
      periodKey: completion.periodKey,
      xpEarned: completion.xpEarned,
      pointsEarned: completion.pointsEarned,
      completedAt: new Date(completion.completedAt),
    }));
    return { row, completions: rows };
  });
  const habitRows = entries.map((entry) => entry.row);
  const completionRows = entries.flatMap((entry) => entry.completions);
  await inChunks(habitRows, (chunk) => tx.insert(habits).values(chunk));
  await inChunks(completionRows, (chunk) => tx.insert(completions).values(chunk));
}

/**
 * Core's validation and merge guarantee every named category is in the list; should that ever
 * fail, the import is refused (and its transaction rolled back) rather than guessing.
 */
function categoryIdOf(ids: ReadonlyMap<string, string>, name: string, index: number): string {
  const id = ids.get(name);
  if (id !== undefined) return id;
  const path = formatPath(['habits', index, 'category']);
  throw new HttpError('VALIDATION', BACKUP_MESSAGES.invalidFile, {
    errors: [`${path}: names a category that is not in the file (${name})`],
  });
}

async function insertRewards(
  tx: Tx,
  userId: string,
  list: readonly BackupReward[],
  own: OwnRows,
): Promise<void> {
  const pickId = idPicker(
    await takenIds(
      tx,
      rewards,
      userId,
      list.map((reward) => reward.id),
    ),
  );
  const rows = list.map((reward) => {
    const id = pickId(reward.id);
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
  await inChunks(rows, (chunk) => tx.insert(rewards).values(chunk));
}

async function insertInventory(
  tx: Tx,
  userId: string,
  list: readonly BackupInventoryItem[],
  own: OwnRows,
): Promise<void> {
  const pickId = idPicker(
    await takenIds(
      tx,
      purchasedRewards,
      userId,
      list.map((item) => item.id),
    ),
  );
  const rows = list.map((item) => {
    const id = pickId(item.id);
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
  await inChunks(rows, (chunk) => tx.insert(purchasedRewards).values(chunk));
}

async function inChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

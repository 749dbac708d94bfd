/**
 * A user's whole server data in the export file's shape (core BackupData): what GET /api/export
 * writes and what an import merges into or replaces.
 */
import {
  isPeriodKeyOf,
  type BackupAchievement,
  type BackupCategory,
  type BackupCompletion,
  type BackupData,
  type BackupHabit,
  type BackupInventoryItem,
  type BackupPause,
  type BackupReward,
  type BackupSkip,
  type BackupVacation,
} from '@habitquest/core/backup/schema';
import { goalsOf } from '@habitquest/core/backup/export-file';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  achievements,
  categories,
  completions,
  habits,
  pauses,
  progress,
  purchasedRewards,
  rewards,
  skips,
  vacations,
} from '../db/schema';
import { loadSettings } from '../settings/load-settings';

type CompletionRow = Pick<
  typeof completions.$inferSelect,
  'completionDate' | 'periodKey' | 'xpEarned' | 'pointsEarned' | 'completedAt'
>;
/**
 * Completions per read. A long history is read in short pages, so that on the embedded database
 * (one connection) other users' queries run between them instead of waiting for one long read.
 */
const COMPLETION_PAGE = 5000;
type Db = Database | Tx;

/**
 * Everything the user has, ordered so that equal data always exports the same way. Queries run
 * one after another: inside a transaction they share one connection anyway.
 */
export async function loadBackupData(db: Db, userId: string): Promise<BackupData> {
  const settings = await loadSettings(db, userId);
  const backupCategories = await loadCategories(db, userId);
  const [balances] = await db
    .select({ xp: progress.xp, points: progress.points })
    .from(progress)
    .where(eq(progress.userId, userId));
  return {
    habits: await loadHabits(db, userId, settings.weekStart),
    categories: backupCategories,
    goals: goalsOf(backupCategories),
    shop: await loadShop(db, userId),
    inventory: await loadInventory(db, userId),
    points: balances?.points ?? 0,
    // The file refuses negative XP; the ledger cannot go below zero XP in practice anyway.
    totalXP: Math.max(0, balances?.xp ?? 0),
    settings,
    achievements: await loadAchievements(db, userId),
    ...(await loadRestDays(db, userId)),
  };
}

/**
 * The user's skips, pauses and vacations, in a fixed order (by date, then habit), so equal rest
 * always exports alike. Only rows of the user's own habits: each must name a habit in the file.
 */
async function loadRestDays(
  db: Db,
  userId: string,
): Promise<{ skips: BackupSkip[]; pauses: BackupPause[]; vacations: BackupVacation[] }> {
  const ownHabit = (column: typeof skips.habitId | typeof pauses.habitId) =>
    sql`exists (select 1 from ${habits} where ${habits.id} = ${column} and ${habits.userId} = ${userId})`;
  const skipRows = await db
    .select({ habitId: skips.habitId, date: skips.skipDate })
    .from(skips)
    .where(and(eq(skips.userId, userId), ownHabit(skips.habitId)))
    .orderBy(asc(skips.skipDate), asc(skips.habitId));
  const pauseRows = await db
    .select({ habitId: pauses.habitId, startsOn: pauses.startsOn, endsOn: pauses.endsOn })
    .from(pauses)
    .where(and(eq(pauses.userId, userId), ownHabit(pauses.habitId)))
    .orderBy(asc(pauses.startsOn), asc(pauses.habitId), sql`${pauses.endsOn} asc nulls last`);
  const vacationRows = await db
    .select({ startsOn: vacations.startsOn, endsOn: vacations.endsOn })
    .from(vacations)
    .where(eq(vacations.userId, userId))
    .orderBy(asc(vacations.startsOn), asc(vacations.endsOn));
  return { skips: skipRows, pauses: pauseRows, vacations: vacationRows };
}

/** The achievements unlocked, oldest first. */
async function loadAchievements(db: Db, userId: string): Promise<BackupAchievement[]> {
  const rows = await db
    .select()
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(asc(achievements.unlockedAt), asc(achievements.achievementId));
  return rows.map((row) => ({ id: row.achievementId, unlockedAt: row.unlockedAt.toISOString() }));
}

async function loadCategories(db: Db, userId: string): Promise<BackupCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name));
  return rows.map((row) => ({
    name: row.name,
    color: row.color,
    monthlyTargetXp: row.monthlyTargetXp,
    isFallback: row.isFallback,
  }));
}

async function loadHabits(db: Db, userId: string, weekStart: WeekStart): Promise<BackupHabit[]> {
  const habitRows = await db
    .select({ habit: habits, category: categories.name })
    .from(habits)
    .leftJoin(categories, and(eq(categories.id, habits.categoryId), eq(categories.userId, userId)))
    .where(eq(habits.userId, userId))
    .orderBy(asc(habits.createdAt), asc(habits.id));
  const byHabit = new Map<string, CompletionRow[]>();
  for (const { habit } of habitRows) {
    byHabit.set(habit.id, await loadCompletions(db, habit.id));
    // The embedded database answers without the event loop turning: without a breather the
    // reads of a long history would keep every other request out until the last one.
    await breather();
  }
  return habitRows.map(({ habit, category }) => ({
    id: habit.id,
    name: habit.name,
    description: habit.description,
    frequency: habit.frequency,
    category,
    xpOnComplete: habit.xpReward,
    isRecurring: habit.isRecurring,
    specificDate: habit.specificDate,
    color: habit.color,
    icon: habit.icon,
    createdAt: habit.createdAt.toISOString(),
    completions: completionsOf(habit.frequency, byHabit.get(habit.id) ?? [], weekStart),
  }));
}

async function loadShop(db: Db, userId: string): Promise<BackupReward[]> {
  const rows = await db
    .select()
    .from(rewards)
    .where(eq(rewards.userId, userId))
    // The shop's own order (docs/product.md: by cost), so equal shops export alike.
    .orderBy(asc(rewards.cost), asc(rewards.name), asc(rewards.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    cost: row.cost,
    category: row.category,
    icon: row.icon,
    rarity: row.rarity,
    keepInShop: row.keepInShop,
  }));
}

/** Purchases become inventory items: the snapshot, redeemed when it was purchased. */
async function loadInventory(db: Db, userId: string): Promise<BackupInventoryItem[]> {
  const rows = await db
    .select()
    .from(purchasedRewards)
    .where(eq(purchasedRewards.userId, userId))
    .orderBy(asc(purchasedRewards.purchasedAt), asc(purchasedRewards.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.rewardName,
    cost: Math.max(0, row.rewardCost),
    redeemedAt: row.purchasedAt.toISOString(),
    description: row.rewardDescription,
    icon: row.rewardIcon,
    rarity: row.rewardRarity,
  }));
}

/**
 * A habit's completions as the file keeps them. A habit whose frequency was edited still holds
 * completions keyed by the old frequency, which the file would refuse: those are keyed again for
 * the current frequency, and a second completion landing in the same period is left out, so every
 * export can be imported again. The balances still count what the left-out ones earned.
 */
function completionsOf(
  frequency: BackupHabit['frequency'],
  rows: readonly CompletionRow[],
  weekStart: WeekStart,
): BackupCompletion[] {
  const seen = new Set<string>();
  const result: BackupCompletion[] = [];
  for (const row of rows) {
    const key = isPeriodKeyOf(row.periodKey, row.completionDate, frequency)
      ? row.periodKey
      : periodKey(row.completionDate, frequency, weekStart);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({
      completionDate: row.completionDate,
      periodKey: key,
      xpEarned: row.xpEarned,
      pointsEarned: row.pointsEarned,
      completedAt: row.completedAt.toISOString(),
    });
  }
  return result;
}

/**
 * One habit's completions in the order the file lists them (by date, then time), read in pages
 * along the (habit, period key) index. Each page comes as one JSON text: turning thousands of
 * rows into objects costs the embedded database far more than parsing one JSON string.
 */
async function loadCompletions(db: Db, habitId: string): Promise<CompletionRow[]> {
  const rows: CompletionRow[] = [];
  for (let after = ''; ;) {
    const result = await db.execute(sql`
      select coalesce(json_agg(json_build_array(
               c.period_key, c.completion_date, c.xp_earned, c.points_earned, c.completed_at
             ) order by c.period_key), '[]')::text as page
      from (select * from ${completions}
            where habit_id = ${habitId} and period_key > ${after}
            order by period_key limit ${COMPLETION_PAGE}) c`);
    // Both drivers answer { rows }; the shared Database type does not say so.
    const [row] = (result as { rows: { page: string }[] }).rows;
    const page = JSON.parse(row?.page ?? '[]') as [string, string, number, number, string][];
    for (const [periodKey, completionDate, xpEarned, pointsEarned, completedAt] of page) {
      rows.push({
        periodKey,
        completionDate,
        xpEarned,
        pointsEarned,
        completedAt: new Date(completedAt),
      });
    }
    const last = page.at(-1);
    if (last === undefined || page.length < COMPLETION_PAGE) break;
    after = last[0];
    await breather();
  }
  return rows.sort(
    (a, b) =>
      compare(a.completionDate, b.completionDate) ||
      a.completedAt.getTime() - b.completedAt.getTime(),
  );
}

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

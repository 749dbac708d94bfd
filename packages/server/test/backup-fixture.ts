/**
 * Test fixtures for export, import and reset: a user seeded straight through the database (with
 * ledger entries, so the cached balances equal the ledger's sums), and ways to look at the result.
 */
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import {
  type BackupCompletion,
  type BackupData,
  type BackupFile,
  type BackupHabit,
} from '@habitquest/core/backup/schema';
import { buildExportFile, emptyBackupData } from '@habitquest/core/backup/export-file';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { periodKey } from '@habitquest/core/periods';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  achievements,
  categories,
  completions,
  habits,
  ledger,
  pauses,
  progress,
  purchasedRewards,
  rewards,
  skips,
  vacations,
} from '../src/db/schema';
import { ledgerSums, lockUser, recordLedger } from '../src/progress/ledger';
import type { TestClient } from './harness';

/** A daily habit as a backup file holds it, worth 10 XP, with no completions unless given. */
export function backupHabit(overrides: Partial<BackupHabit> = {}): BackupHabit {
  return {
    id: 'habit-0',
    name: 'Habit 0',
    description: null,
    frequency: 'daily',
    category: null,
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    color: '#10b981',
    icon: 'target',
    createdAt: '2024-01-01T00:00:00.000Z',
    completions: [],
    ...overrides,
  };
}

/** A daily habit's completion on `date`, as a backup file holds it: 10 XP, 5 points. */
export function backupCompletion(
  date: LocalDate,
  overrides: Partial<BackupCompletion> = {},
): BackupCompletion {
  return {
    completionDate: date,
    periodKey: date,
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: `${date}T08:00:00.000Z`,
    ...overrides,
  };
}

/** The completions of a daily habit done every day for `days` days from `from`. */
export function everyDay(from: LocalDate, days: number, time = '08:00:00'): BackupCompletion[] {
  return Array.from({ length: days }, (_, day) => {
    const date = addDays(from, day);
    return backupCompletion(date, { completedAt: `${date}T${time}.000Z` });
  });
}

/** A valid backup file: `data` over an empty one with the default settings. */
export function backupFileOf(
  data: Partial<BackupData>,
  exportedAt = new Date('2024-05-01T00:00:00.000Z'),
): BackupFile {
  return buildExportFile({
    data: { ...emptyBackupData(), settings: DEFAULT_SETTINGS, ...data },
    exportedAt,
  });
}

/** What seedUser wrote, for the assertions. */
export const SEEDED = {
  habits: 3,
  completions: 4,
  // Seven defaults, the fallback and one of the user's own.
  categories: 9,
  rewards: 2,
  inventory: 1,
  xp: 120,
  // 10 + 10 + 15 + 25 earned, 5 spent.
  points: 55,
} as const;

/**
 * Three habits (daily, weekly in the user's own category, a specific yearly one without
 * category), four completions, two rewards and one purchase. Names carry `tag`, so two seeded
 * users share none.
 */
export async function seedUser(db: Database, userId: string, tag: string): Promise<void> {
  const [own] = await db
    .insert(categories)
    .values({ userId, name: `READING ${tag}`, color: '#123456', monthlyTargetXp: 250 })
    .returning();
  const [health] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.name, 'HEALTH & FITNESS')));
  const [run, read, taxes] = await db
    .insert(habits)
    .values([
      {
        userId,
        name: `Run ${tag}`,
        frequency: 'daily',
        categoryId: health?.id ?? null,
        xpReward: 20,
        icon: 'run',
        createdAt: new Date('2024-01-01T08:00:00.000Z'),
      },
      {
        userId,
        name: `Read ${tag}`,
        description: 'Twenty pages',
        frequency: 'weekly',
        categoryId: own?.id ?? null,
        xpReward: 30,
        color: '#3b82f6',
        createdAt: new Date('2024-01-02T08:00:00.000Z'),
      },
      {
        userId,
        name: `Taxes ${tag}`,
        frequency: 'yearly',
        categoryId: null,
        isRecurring: false,
        specificDate: '2024-04-15',
        xpReward: 50,
        createdAt: new Date('2024-01-03T08:00:00.000Z'),
      },
    ])
    .returning();
  if (!run || !read || !taxes) throw new Error('seeding habits failed');
  const done = [
    { habit: run, date: '2024-03-01' },
    { habit: run, date: '2024-03-02' },
    { habit: read, date: '2024-03-04' },
    { habit: taxes, date: '2024-04-15' },
  ];
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    for (const { habit, date } of done) {
      const xp = habit.xpReward;
      const [row] = await tx
        .insert(completions)
        .values({
          habitId: habit.id,
          userId,
          completionDate: date,
          periodKey: periodKey(date, habit.frequency, 0),
          xpEarned: xp,
          pointsEarned: Math.floor(xp / 2),
          completedAt: new Date(`${date}T12:00:00.000Z`),
        })
        .returning();
      const pointsDelta = Math.floor(xp / 2);
      await recordLedger(tx, { userId, kind: 'earn', xpDelta: xp, pointsDelta, refId: row?.id });
    }
    const [treat] = await tx
      .insert(rewards)
      .values([
        { userId, name: `Movie night ${tag}`, cost: 30, description: 'Popcorn too' },
        { userId, name: `Ice cream ${tag}`, cost: 10, rarity: 'rare', keepInShop: true },
      ])
      .returning();
    const [purchase] = await tx
      .insert(purchasedRewards)
      .values({
        userId,
        rewardId: treat?.id ?? null,
        rewardName: `Coffee ${tag}`,
        rewardCost: 5,
        rewardIcon: 'cup',
        purchasedAt: new Date('2024-03-03T10:00:00.000Z'),
      })
      .returning();
    await recordLedger(tx, {
      userId,
      kind: 'redeem',
      xpDelta: 0,
      pointsDelta: -5,
      refId: purchase?.id,
    });
    await tx.insert(achievements).values(
      SEEDED_ACHIEVEMENTS.map(({ id, unlockedAt }) => ({
        userId,
        achievementId: id,
        unlockedAt: new Date(unlockedAt),
      })),
    );
    const habitIds = { run: run.id, read: read.id };
    await tx.insert(skips).values(
      SEEDED_REST.skips.map(({ habit, date }) => ({
        habitId: habitIds[habit],
        userId,
        skipDate: date,
      })),
    );
    await tx.insert(pauses).values(
      SEEDED_REST.pauses.map(({ habit, startsOn, endsOn }) => ({
        habitId: habitIds[habit],
        userId,
        startsOn,
        endsOn,
      })),
    );
    await tx.insert(vacations).values(SEEDED_REST.vacations.map((range) => ({ userId, ...range })));
  });
}

/**
 * The rest days seedUser records: a skipped day of "Run" and a skipped week of "Read" (neither
 * completed), a past pause of "Read" and an open one of "Run", and one vacation.
 */
export const SEEDED_REST = {
  skips: [
    { habit: 'run', date: '2024-03-03' },
    { habit: 'read', date: '2024-03-13' },
  ],
  pauses: [
    { habit: 'read', startsOn: '2024-03-18', endsOn: '2024-03-31' },
    { habit: 'run', startsOn: '2024-04-20', endsOn: null },
  ],
  vacations: [{ startsOn: '2024-03-20', endsOn: '2024-03-24' }],
} as const;

/** The achievements seedUser records (what the seeded history earned, oldest first). */
export const SEEDED_ACHIEVEMENTS = [
  { id: 'first-habit', unlockedAt: '2024-02-28T09:00:00.000Z' },
  { id: 'first-completion', unlockedAt: '2024-03-01T12:00:00.000Z' },
  { id: 'first-reward', unlockedAt: '2024-03-03T10:00:00.000Z' },
] as const;

/** GET /api/export's file, failing loudly on anything but 200. */
export async function exportOf(client: TestClient): Promise<BackupFile> {
  const response = await client.get<BackupFile>('/api/export');
  if (response.status !== 200) throw new Error(`GET /api/export answered ${response.status}`);
  return response.body;
}

/**
 * The data without the row ids, in a fixed order: what must survive a round trip. Skips and
 * pauses name their habit by its name instead.
 */
export function withoutIds(data: BackupData): unknown {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const names = new Map(data.habits.map((habit) => [habit.id, habit.name]));
  const nameOf = (habitId: string) => names.get(habitId) ?? `missing ${habitId}`;
  const byText = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    ...data,
    habits: data.habits.map(({ id: _id, ...habit }) => habit).sort(byName),
    shop: data.shop.map(({ id: _id, ...reward }) => reward).sort(byName),
    inventory: data.inventory.map(({ id: _id, ...item }) => item).sort(byName),
    skips: data.skips
      .map(({ habitId, ...skip }) => ({ ...skip, habit: nameOf(habitId) }))
      .sort(byText),
    pauses: data.pauses
      .map(({ habitId, ...pause }) => ({ ...pause, habit: nameOf(habitId) }))
      .sort(byText),
  };
}

/** Row counts, balances and ledger sums of one user, straight from the database. */
export async function stateOf(db: Database, userId: string) {
  const countIn = async (
    table: typeof habits | typeof completions | typeof rewards | typeof purchasedRewards,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return row?.n ?? 0;
  };
  // One query at a time: PGlite has a single connection, and a transaction holds it.
  const categoryRows = await db.select().from(categories).where(eq(categories.userId, userId));
  const [cache] = await db.select().from(progress).where(eq(progress.userId, userId));
  const [ledgerRows] = await db
    .select({ n: count() })
    .from(ledger)
    .where(eq(ledger.userId, userId));
  const sums = await db.transaction((tx) => ledgerSums(tx, userId));
  return {
    habits: await countIn(habits),
    completions: await countIn(completions),
    rewards: await countIn(rewards),
    inventory: await countIn(purchasedRewards),
    categories: categoryRows.length,
    fallbacks: categoryRows.filter((row) => row.isFallback).map((row) => row.name),
    progress: { xp: cache?.xp ?? 0, points: cache?.points ?? 0 },
    ledger: { ...sums, entries: ledgerRows?.n ?? 0 },
    achievements: (await db.select().from(achievements).where(eq(achievements.userId, userId)))
      .map((row) => `${row.achievementId} ${row.unlockedAt.toISOString()}`)
      .sort(),
    rest: await restOf(db, userId),
  };
}

/**
 * The user's rest days as text, sorted: 'habit date' skips, 'habit first..last' pauses ('…' open)
 * and 'first..last' vacations.
 */
export async function restOf(db: Database, userId: string) {
  const skipRows = await db.select().from(skips).where(eq(skips.userId, userId));
  const pauseRows = await db.select().from(pauses).where(eq(pauses.userId, userId));
  const vacationRows = await db.select().from(vacations).where(eq(vacations.userId, userId));
  return {
    skips: skipRows.map((row) => `${row.habitId} ${row.skipDate}`).sort(),
    pauses: pauseRows.map((row) => `${row.habitId} ${row.startsOn}..${row.endsOn ?? '…'}`).sort(),
    vacations: vacationRows.map((row) => `${row.startsOn}..${row.endsOn}`).sort(),
  };
}

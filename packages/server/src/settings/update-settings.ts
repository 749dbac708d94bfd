import { zSettings, type Settings, type SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import { validationIssues } from '@habitquest/contracts/errors';
import type { LocalDate } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import { completionLeftOut, weekStartLeavesOutMessage } from '@habitquest/core/visibility';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { completions, habits, userSettings } from '../db/schema';
import { regroupHabitCompletions } from '../habits/regroup-completions';
import { HttpError } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { loadSettings } from './load-settings';

/**
 * Applies a settings patch. The merged document is validated as a whole, since some rules span
 * stored and patched values (a reminder window whose new start passes the stored end). A new week
 * start moves every week, so weekly habits' completions are re-keyed in the same transaction.
 */
export async function updateSettings(options: {
  db: Database;
  userId: string;
  patch: SettingsPatch;
}): Promise<Settings> {
  const { db, userId, patch } = options;
  return db.transaction(async (tx) => {
    // The same lock as set-state: no weekly completion is keyed by the old week start meanwhile.
    await lockUser(tx, userId);
    const stored = await loadSettings(tx, userId);
    const merged = zSettings.safeParse(mergeSettings(stored, patch));
    if (!merged.success) {
      const issues = validationIssues(merged.error);
      throw new HttpError('VALIDATION', issues[0]?.message ?? 'The settings are not valid', {
        issues,
      });
    }
    const isNewWeekStart = merged.data.weekStart !== stored.weekStart;
    const weekly = isNewWeekStart
      ? await tx
          .select({
            id: habits.id,
            title: habits.name,
            isRecurring: habits.isRecurring,
            specificDate: habits.specificDate,
          })
          .from(habits)
          .where(and(eq(habits.userId, userId), eq(habits.frequency, 'weekly')))
      : [];
    await refuseStrandedOneOffs(tx, userId, weekly, merged.data.weekStart);
    await tx
      .insert(userSettings)
      .values({ userId, settings: merged.data })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: merged.data, updatedAt: new Date() },
      });
    if (isNewWeekStart) {
      await regroupHabitCompletions(tx, {
        userId,
        habits: weekly.map((habit) => ({ id: habit.id, frequency: 'weekly' as const })),
        weekStart: merged.data.weekStart,
      });
    }
    return merged.data;
  });
}

/**
 * A one-time weekly habit keeps its completions in its week (docs/product.md, "A one-time
 * schedule keeps its completions"): a new week start that would move one of them out of the week
 * holding the habit's date is refused, naming the habit and the day, as a schedule edit would be.
 */
async function refuseStrandedOneOffs(
  tx: Tx,
  userId: string,
  weekly: readonly {
    id: string;
    title: string;
    isRecurring: boolean;
    specificDate: LocalDate | null;
  }[],
  weekStart: WeekStart,
): Promise<void> {
  const oneOffs = weekly.filter((habit) => !habit.isRecurring && habit.specificDate !== null);
  if (oneOffs.length === 0) return;
  const rows = await tx
    .select({ habitId: completions.habitId, date: completions.completionDate })
    .from(completions)
    .where(
      and(
        eq(completions.userId, userId),
        inArray(
          completions.habitId,
          oneOffs.map((habit) => habit.id),
        ),
      ),
    );
  for (const habit of oneOffs) {
    const dates = rows.filter((row) => row.habitId === habit.id).map((row) => row.date);
    const left = completionLeftOut({ ...habit, frequency: 'weekly' }, dates, weekStart);
    if (left !== null)
      throw new HttpError('CONFLICT', weekStartLeavesOutMessage(habit.title, left));
  }
}

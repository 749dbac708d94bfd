import { zSettings, type Settings, type SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import { validationIssues } from '@habitquest/contracts/errors';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { habits, userSettings } from '../db/schema';
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
    await tx
      .insert(userSettings)
      .values({ userId, settings: merged.data })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: merged.data, updatedAt: new Date() },
      });
    if (merged.data.weekStart !== stored.weekStart) {
      const weekly = await tx
        .select({ id: habits.id })
        .from(habits)
        .where(and(eq(habits.userId, userId), eq(habits.frequency, 'weekly')));
      await regroupHabitCompletions(tx, {
        userId,
        habits: weekly.map((habit) => ({ id: habit.id, frequency: 'weekly' as const })),
        weekStart: merged.data.weekStart,
      });
    }
    return merged.data;
  });
}

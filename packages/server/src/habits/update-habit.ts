import { scheduleIssue, type Habit, type HabitUpdate } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import { completionLeftOut, scheduleLeavesOutMessage } from '@habitquest/core/visibility';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { loadSettings } from '../settings/load-settings';
import { listHabits } from './list-habits';
import { regroupHabitCompletions } from './regroup-completions';
import { resolveCategory } from './resolve-category';

/**
 * Edits a habit. Completions keep the XP they awarded, so changing the XP changes only future
 * completions. Making a habit recurring clears its specific date; a Specific schedule that would
 * leave a completion outside its date's period is refused (core's completionLeftOut). A new frequency re-keys the
 * habit's history into the new periods in the same transaction (regroup-completions.ts), and the
 * answer is read inside it too, so nothing after the commit can turn the edit into an error.
 */
export async function updateHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
  patch: HabitUpdate;
  now: Date;
}): Promise<Habit> {
  const { db, userId, habitId, patch } = options;
  return db.transaction(async (tx) => {
    // The same lock as set-state, taken first: no completion is written with an old key meanwhile.
    await lockUser(tx, userId);
    const [current] = await tx
      .select()
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)))
      .for('update');
    if (!current) throw notFound();
    const isRecurring = patch.isRecurring ?? current.isRecurring;
    const specificDate = isRecurring
      ? null
      : patch.specificDate !== undefined
        ? patch.specificDate
        : current.specificDate;
    const issue = scheduleIssue({ isRecurring, specificDate });
    if (issue)
      throw new HttpError('VALIDATION', issue, {
        issues: [{ path: 'specificDate', message: issue }],
      });
    const frequency = patch.frequency ?? current.frequency;
    // The user's week start, read once and only when the edit needs it.
    let weekStart: WeekStart | undefined;
    const userWeekStart = async (): Promise<WeekStart> =>
      (weekStart ??= (await loadSettings(tx, userId)).weekStart);
    const isNewSchedule =
      isRecurring !== current.isRecurring ||
      specificDate !== current.specificDate ||
      frequency !== current.frequency;
    // Only a schedule the edit changes is judged: a title edit never fails on an imported history.
    if (!isRecurring && isNewSchedule) {
      const done = await tx
        .select({ date: sql<LocalDate>`${completions.completionDate}::text` })
        .from(completions)
        .where(and(eq(completions.userId, userId), eq(completions.habitId, habitId)));
      const leftOut = completionLeftOut(
        { frequency, isRecurring, specificDate },
        done.map((row) => row.date),
        await userWeekStart(),
      );
      if (leftOut !== null) {
        const message = scheduleLeavesOutMessage(leftOut);
        throw new HttpError('CONFLICT', message, {
          issues: [{ path: 'specificDate', message }],
        });
      }
    }
    await tx
      .update(habits)
      .set({
        ...(patch.title !== undefined ? { name: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.frequency !== undefined ? { frequency: patch.frequency } : {}),
        ...(patch.categoryId !== undefined
          ? { categoryId: await resolveCategory(tx, userId, patch.categoryId) }
          : {}),
        ...(patch.xpOnComplete !== undefined ? { xpReward: patch.xpOnComplete } : {}),
        ...(patch.color !== undefined ? { color: patch.color } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
        isRecurring,
        specificDate,
        updatedAt: new Date(),
      })
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    if (frequency !== current.frequency) {
      await regroupHabitCompletions(tx, {
        userId,
        habits: [{ id: habitId, frequency }],
        weekStart: await userWeekStart(),
      });
    }
    const [habit] = await listHabits({ db: tx, userId, now: options.now, habitId });
    if (!habit) throw notFound();
    return habit;
  });
}

import { scheduleIssue, type Habit, type HabitUpdate } from '@habitquest/contracts/habits';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { habits } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { listHabits } from './list-habits';
import { resolveCategory } from './resolve-category';

/**
 * Edits a habit. Completions keep the XP they awarded, so changing the XP changes only future
 * completions. Making a habit recurring clears its specific date.
 */
export async function updateHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
  patch: HabitUpdate;
  now: Date;
}): Promise<Habit> {
  const { db, userId, habitId, patch } = options;
  await db.transaction(async (tx) => {
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
  });
  const [habit] = await listHabits({ db, userId, now: options.now, habitId });
  if (!habit) throw notFound();
  return habit;
}

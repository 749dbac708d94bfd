import type { Frequency, WeekStart } from '@habitquest/core/periods';
import { regroupCompletions } from '@habitquest/core/regroup';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { completions } from '../db/schema';

/**
 * Re-keys the completions of these habits into the periods of their (new) frequency and the
 * user's week start, merging those that now share a period (core/regroup.ts has the rule). Runs
 * inside the transaction that changes the frequency or the week start, after lockUser, so no
 * completion can be written with an old key meanwhile. The ledger is untouched: merged completions
 * keep the sums they awarded.
 */
export async function regroupHabitCompletions(
  tx: Tx,
  options: { userId: string; habits: { id: string; frequency: Frequency }[]; weekStart: WeekStart },
): Promise<void> {
  const { userId, weekStart } = options;
  if (options.habits.length === 0) return;
  const rows = await tx
    .select({
      id: completions.id,
      habitId: completions.habitId,
      completionDate: sql<string>`${completions.completionDate}::text`,
      periodKey: completions.periodKey,
      xpEarned: completions.xpEarned,
      pointsEarned: completions.pointsEarned,
    })
    .from(completions)
    .where(
      and(
        eq(completions.userId, userId),
        inArray(
          completions.habitId,
          options.habits.map((habit) => habit.id),
        ),
      ),
    );
  const updates: { id: string; periodKey: string; xpEarned: number; pointsEarned: number }[] = [];
  const removals: string[] = [];
  for (const habit of options.habits) {
    const result = regroupCompletions(
      rows.filter((row) => row.habitId === habit.id),
      habit.frequency,
      weekStart,
    );
    updates.push(...result.updates);
    removals.push(...result.removals);
  }
  if (removals.length > 0) {
    await tx
      .delete(completions)
      .where(and(eq(completions.userId, userId), inArray(completions.id, removals)));
  }
  if (updates.length === 0) return;
  const ids = updates.map((update) => update.id);
  // Unique (habit, period key) is checked row by row, so a new key may still be held by a row
  // updated later in the same statement: park every changed row on a key no period can have first.
  await tx
    .update(completions)
    .set({ periodKey: sql`'~' || ${completions.id}::text` })
    .where(and(eq(completions.userId, userId), inArray(completions.id, ids)));
  const values = sql.join(
    updates.map(
      (update) =>
        sql`(${update.id}::uuid, ${update.periodKey}::text, ${update.xpEarned}::int, ${update.pointsEarned}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`update ${completions} set period_key = v.period_key, xp_earned = v.xp_earned, points_earned = v.points_earned from (values ${values}) as v(id, period_key, xp_earned, points_earned) where ${completions.id} = v.id and ${completions.userId} = ${userId}`,
  );
}

import { eq } from 'drizzle-orm';
import type { Habit, HabitCreate } from '@habitquest/contracts/habits';
import type { Database } from '../db/client';
import { ownClientMade } from '../db/client-made-id';
import { habits } from '../db/schema';
import { enforceLimit } from '../plan/enforce-limit';
import { lockUser } from '../progress/ledger';
import { listHabits } from './list-habits';
import { resolveCategory } from './resolve-category';

/**
 * Creates a habit; a free user at 15 habits gets LIMIT_REACHED (checked under the user's lock).
 * With a client-made id already the user's, answers that habit (db/client-made-id.ts).
 */
export async function createHabit(options: {
  db: Database;
  userId: string;
  input: HabitCreate;
  now: Date;
}): Promise<Habit> {
  const { db, userId, input } = options;
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = ownClientMade(
      input.id === undefined ? [] : await tx.select().from(habits).where(eq(habits.id, input.id)),
      userId,
    );
    if (existing) return existing.id;
    await enforceLimit(tx, userId, 'habits');
    const categoryId = await resolveCategory(tx, userId, input.categoryId);
    const [row] = await tx
      .insert(habits)
      .values({
        ...(input.id === undefined ? {} : { id: input.id }),
        userId,
        name: input.title,
        description: input.description,
        frequency: input.frequency,
        categoryId,
        isRecurring: input.isRecurring,
        specificDate: input.isRecurring ? null : input.specificDate,
        xpReward: input.xpOnComplete,
        color: input.color,
        icon: input.icon,
      })
      .returning({ id: habits.id });
    if (!row) throw new Error('habit insert returned nothing');
    return row.id;
  });
  const [habit] = await listHabits({ db, userId, now: options.now, habitId: id });
  if (!habit) throw new Error('created habit vanished');
  return habit;
}

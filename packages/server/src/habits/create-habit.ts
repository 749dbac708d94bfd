import { count, eq } from 'drizzle-orm';
import type { Habit, HabitCreate } from '@habitquest/contracts/habits';
import type { Database, Tx } from '../db/client';
import { ownClientMade } from '../db/client-made-id';
import { habits } from '../db/schema';
import { enforceLimit } from '../plan/enforce-limit';
import { lockUser } from '../progress/ledger';
import { listHabits } from './list-habits';
import { unlockEarned } from '../achievements/unlock';
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
}): Promise<{ habit: Habit; unlocked: string[] }> {
  const { db, userId, input } = options;
  // Everything, the answer's read too, before the commit: nothing after it can fail the change.
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = ownClientMade(
      input.id === undefined ? [] : await tx.select().from(habits).where(eq(habits.id, input.id)),
      userId,
    );
    if (existing) return { habit: await readHabit(tx, existing.id), unlocked: [] };
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
    const [owned] = await tx.select({ n: count() }).from(habits).where(eq(habits.userId, userId));
    const facts = { habits: owned?.n ?? 0 };
    const unlocked = await unlockEarned(tx, { userId, facts, now: options.now });
    return { habit: await readHabit(tx, row.id), unlocked };
  });

  async function readHabit(tx: Tx, habitId: string): Promise<Habit> {
    const [habit] = await listHabits({ db: tx, userId, now: options.now, habitId });
    if (!habit) throw new Error('created habit vanished');
    return habit;
  }
}

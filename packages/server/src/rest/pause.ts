import type { Habit } from '@habitquest/contracts/habits';
import { REST_MESSAGES } from '@habitquest/contracts/rest';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { and, eq, gte, isNull, or } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { habits, pauses } from '../db/schema';
import { listHabits } from '../habits/list-habits';
import { HttpError, notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { loadSettings, todayFor } from '../settings/load-settings';

/**
 * PUT /api/habits/:id/pause — pause from today until the day before `resumesOn` (null: until it
 * is resumed). Pausing a paused habit moves the end of its pause; the start stays. Idempotent.
 */
export async function pauseHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
  resumesOn: LocalDate | null;
  now: Date;
}): Promise<Habit> {
  const { userId, habitId, resumesOn } = options;
  return inHabitTransaction(options, async (tx, today) => {
    if (resumesOn !== null && resumesOn <= today) {
      const message = REST_MESSAGES.resumeNotAfterToday;
      throw new HttpError('VALIDATION', message, { issues: [{ path: 'resumesOn', message }] });
    }
    const endsOn = resumesOn === null ? null : addDays(resumesOn, -1);
    // Every pause not over yet gets the new end (a merge import may have brought a second one).
    const moved = await tx
      .update(pauses)
      .set({ endsOn })
      .where(notOverBy(habitId, today))
      .returning({ id: pauses.id });
    if (moved.length === 0)
      await tx.insert(pauses).values({ habitId, userId, startsOn: today, endsOn });
  });
}

/**
 * DELETE /api/habits/:id/pause — the habit is back today: a pause that began before today ends
 * yesterday (its days stay rest days), one that begins today or later is removed. Idempotent.
 */
export async function resumeHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
  now: Date;
}): Promise<Habit> {
  return inHabitTransaction(options, async (tx, today) => {
    const current = await tx.select().from(pauses).where(notOverBy(options.habitId, today));
    for (const pause of current) {
      if (pause.startsOn >= today) await tx.delete(pauses).where(eq(pauses.id, pause.id));
      else
        await tx
          .update(pauses)
          .set({ endsOn: addDays(today, -1) })
          .where(eq(pauses.id, pause.id));
    }
  });
}

/** The habit's pauses that rest today or later. */
function notOverBy(habitId: string, today: LocalDate) {
  return and(eq(pauses.habitId, habitId), or(isNull(pauses.endsOn), gte(pauses.endsOn, today)));
}

/** Runs `change` on the user's own habit in one locked transaction; answers the habit after it. */
async function inHabitTransaction(
  options: { db: Database; userId: string; habitId: string; now: Date },
  change: (tx: Tx, today: LocalDate) => Promise<void>,
): Promise<Habit> {
  const { db, userId, habitId, now } = options;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [habit] = await tx
      .select({ id: habits.id })
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    if (!habit) throw notFound();
    const today = todayFor(await loadSettings(tx, userId), now);
    await change(tx, today);
    const [after] = await listHabits({ db: tx, userId, now, habitId });
    if (!after) throw notFound();
    return after;
  });
}

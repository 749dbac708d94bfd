import type { SetSkipResult } from '@habitquest/contracts/habits';
import { REST_MESSAGES } from '@habitquest/contracts/rest';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { periodKey, periodRangeOf } from '@habitquest/core/periods';
import { SKIP_DAYS_AHEAD } from '@habitquest/core/rest';
import { ELIGIBILITY_MESSAGES, isVisibleOn } from '@habitquest/core/visibility';
import { and, between, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits, skips } from '../db/schema';
import { listHabits } from '../habits/list-habits';
import { HttpError, notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { loadSettings, todayFor } from '../settings/load-settings';

/**
 * PUT /api/habits/:id/skips/:date — idempotent set-state. A skip rests the whole period (of the
 * habit's frequency) that holds the date, so there is at most one per period; unskipping removes
 * every skip in that period. A period already completed cannot be skipped (completing a skipped
 * period removes its skip instead: habits/set-completion.ts). Serialised per user with completions
 * by the progress-row lock, so a skip and a completion of one period never both land.
 */
export async function setSkip(options: {
  db: Database;
  userId: string;
  habitId: string;
  date: LocalDate;
  skipped: boolean;
  now: Date;
}): Promise<SetSkipResult> {
  const { db, userId, habitId, date, skipped, now } = options;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [habit] = await tx
      .select()
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    if (!habit) throw notFound();
    const settings = await loadSettings(tx, userId);
    const today = todayFor(settings, now);
    if (date > addDays(today, SKIP_DAYS_AHEAD)) invalidDate(REST_MESSAGES.skipTooFar);
    if (!isVisibleOn(habit, date, settings.weekStart)) {
      invalidDate(ELIGIBILITY_MESSAGES['not-visible']);
    }
    const period = periodRangeOf(date, habit.frequency, settings.weekStart);
    const inPeriod = and(
      eq(skips.habitId, habitId),
      between(skips.skipDate, period.start, period.end),
    );
    if (skipped) {
      const [done] = await tx
        .select({ id: completions.id })
        .from(completions)
        .where(
          and(
            eq(completions.habitId, habitId),
            eq(completions.periodKey, periodKey(date, habit.frequency, settings.weekStart)),
          ),
        );
      if (done) throw new HttpError('CONFLICT', REST_MESSAGES.skipCompleted);
      const [already] = await tx.select({ date: skips.skipDate }).from(skips).where(inPeriod);
      if (!already) await tx.insert(skips).values({ habitId, userId, skipDate: date });
    } else {
      await tx.delete(skips).where(inPeriod);
    }
    const [after] = await listHabits({ db: tx, userId, now, habitId });
    if (!after) throw notFound();
    return { skipped, habit: after };
  });
}

function invalidDate(message: string): never {
  throw new HttpError('VALIDATION', message, { issues: [{ path: 'date', message }] });
}

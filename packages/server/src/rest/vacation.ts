import { REST_MESSAGES, type Vacation, type VacationState } from '@habitquest/contracts/rest';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { and, eq, gte } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { vacations } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { loadSettings, todayFor } from '../settings/load-settings';
import { currentVacation } from './load-rest';

/**
 * PUT /api/vacation — the vacation now or ahead becomes this one. It may have begun in the past
 * (set on the first day back), but not be over already. Past vacations stay: the streaks of the
 * days they covered stay the same.
 */
export async function setVacation(options: {
  db: Database;
  userId: string;
  vacation: Vacation;
  now: Date;
}): Promise<VacationState> {
  const { userId, vacation } = options;
  return inVacationTransaction(options, async (tx, today) => {
    if (vacation.endsOn < today) {
      const message = REST_MESSAGES.vacationEnded;
      throw new HttpError('VALIDATION', message, { issues: [{ path: 'endsOn', message }] });
    }
    await tx.delete(vacations).where(notOverBy(userId, today));
    await tx.insert(vacations).values({ userId, ...vacation });
  });
}

/** DELETE /api/vacation — ends the vacation today (its past days stay), or cancels one ahead. */
export async function endVacation(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<VacationState> {
  return inVacationTransaction(options, async (tx, today) => {
    const current = await tx.select().from(vacations).where(notOverBy(options.userId, today));
    for (const vacation of current) {
      if (vacation.startsOn >= today)
        await tx.delete(vacations).where(eq(vacations.id, vacation.id));
      else
        await tx
          .update(vacations)
          .set({ endsOn: addDays(today, -1) })
          .where(eq(vacations.id, vacation.id));
    }
  });
}

function notOverBy(userId: string, today: LocalDate) {
  return and(eq(vacations.userId, userId), gte(vacations.endsOn, today));
}

async function inVacationTransaction(
  options: { db: Database; userId: string; now: Date },
  change: (tx: Tx, today: LocalDate) => Promise<void>,
): Promise<VacationState> {
  const { db, userId, now } = options;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const today = todayFor(await loadSettings(tx, userId), now);
    await change(tx, today);
    const rows = await tx
      .select({ startsOn: vacations.startsOn, endsOn: vacations.endsOn })
      .from(vacations)
      .where(notOverBy(userId, today));
    return { vacation: currentVacation(rows, today) };
  });
}

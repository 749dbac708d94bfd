import type { SetCompletionResult } from '@habitquest/contracts/habits';
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  type LocalDate,
} from '@habitquest/core/dates';
import { levelForXp, pointsForXp, progressFigures } from '@habitquest/core/levels';
import { periodKey, periodRangeOf } from '@habitquest/core/periods';
import { completionEligibility, ELIGIBILITY_MESSAGES } from '@habitquest/core/visibility';
import {
  COMPLETIONS_COUNT_CAP,
  factsAfterCompletion,
  periodKeysOfDay,
  unlockEarned,
} from '../achievements/unlock';
import type { Database } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { dayStreakFrom, RECENT_DAYS } from '../progress/load-progress';
import { dayRestDaysOf, hasHabitRest } from '../rest/day-rest';
import { restFromRows } from '../rest/load-rest';
import { settingsFrom, todayFor } from '../settings/load-settings';
import { lockForCompletion, writeCompletion } from './set-state-statement';
import { toCompletion } from './to-habit';

/**
 * PUT /api/habits/:id/completions/:date — idempotent set-state. The server derives the period key;
 * completing awards the habit's XP and half of it in points through the ledger, and undoing takes
 * back exactly what that completion awarded. Serialised per user by the progress-row lock.
 *
 * Four round trips (docs/performance.md, "Server paths"): BEGIN, the lock with the habit and the
 * settings read after it, one statement for the change and every read after it
 * (set-state-statement.ts), COMMIT. An achievement unlocked now adds its insert, and a day streak
 * longer than RECENT_DAYS a read of every day.
 */
export async function setCompletion(options: {
  db: Database;
  userId: string;
  habitId: string;
  date: LocalDate;
  completed: boolean;
  now: Date;
}): Promise<SetCompletionResult & { unlocked: string[] }> {
  const { db, userId, habitId, date, completed, now } = options;
  return db.transaction(async (tx) => {
    const { before, habit, storedSettings } = await lockForCompletion(tx, userId, habitId);
    if (!habit) throw notFound();
    const settings = settingsFrom(storedSettings);
    const today = todayFor(settings, now);
    const eligibility = completionEligibility(habit, date, today, settings.weekStart);
    if (!eligibility.ok) {
      const message = ELIGIBILITY_MESSAGES[eligibility.reason];
      throw new HttpError('VALIDATION', message, { issues: [{ path: 'date', message }] });
    }
    const key = periodKey(date, habit.frequency, settings.weekStart);
    const { year, month } = parseLocalDate(date);
    const first = formatLocalDate(year, month, 1);
    const written = await writeCompletion(tx, {
      userId,
      habitId,
      date,
      periodKey: key,
      completed,
      xpEarned: habit.xpReward,
      pointsEarned: pointsForXp(habit.xpReward),
      completedAt: now,
      // A completed period no longer rests: its skip goes (docs/decisions.md, "Rest").
      period: periodRangeOf(date, habit.frequency, settings.weekStart),
      today,
      recentDays: RECENT_DAYS,
      dayKeys: periodKeysOfDay(date, settings.weekStart),
      month: { first, last: addDays(first, daysInMonth(year, month) - 1) },
      categoryId: habit.categoryId,
      countCap: COMPLETIONS_COUNT_CAP,
    });
    const { inserted, existing } = written;
    if (completed && !inserted && !existing) throw new Error('completion insert returned nothing');
    const added = inserted !== null;
    const current = completed ? (inserted ?? existing) : null;
    const after = written.after ?? before;

    // The day streak and a perfect day pass over rest days.
    const rest = restFromRows(written.rest);
    const restDays = dayRestDaysOf({
      today,
      settings,
      rest,
      habits: hasHabitRest(rest) ? written.habits : [],
    });
    const streak = await dayStreakFrom({ db: tx, userId, today, days: written.days, restDays });
    const progress = progressFigures({ xp: after.xp, points: after.points, streak });
    // Achievements a new completion earns, in this transaction (achievements/unlock.ts). The
    // statement's reads predate the new completion: it is added to them here.
    const facts = written.facts;
    const unlocked =
      inserted && facts
        ? await unlockEarned(tx, {
            userId,
            facts: {
              ...factsAfterCompletion({
                habitId,
                date,
                weekStart: settings.weekStart,
                timeZone: settings.timeZone,
                rest,
                completions: facts.completions + 1,
                habits: written.habits,
                dayCompletions: [...facts.dayCompletions, inserted],
                category: facts.category,
                monthCompletions: facts.category ? [...facts.monthCompletions, inserted] : [],
              }),
              level: levelForXp(after.xp),
              dayStreak: progress.streak,
            },
            now,
            unlocked: new Set(facts.unlocked),
          })
        : [];
    return {
      unlocked,
      added,
      completion: current ? toCompletion(current) : null,
      progress:
        levelForXp(after.xp) > levelForXp(before.xp) ? { ...progress, leveledUp: true } : progress,
    };
  });
}

import type { SetCompletionResult } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { levelForXp, pointsForXp } from '@habitquest/core/levels';
import { periodKey, periodRangeOf } from '@habitquest/core/periods';
import { completionEligibility, ELIGIBILITY_MESSAGES } from '@habitquest/core/visibility';
import { and, between, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits, skips } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { lockUser, recordLedger } from '../progress/ledger';
import { loadProgress } from '../progress/load-progress';
import { loadRest } from '../rest/load-rest';
import { loadSettings, todayFor } from '../settings/load-settings';
import { toCompletion } from './to-habit';
import { factsAfterCompletion, unlockEarned } from '../achievements/unlock';

/**
 * PUT /api/habits/:id/completions/:date — idempotent set-state. The server derives the period key;
 * completing awards the habit's XP and half of it in points through the ledger, and undoing takes
 * back exactly what that completion awarded. Serialised per user by the progress-row lock.
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
    const before = await lockUser(tx, userId);
    const [habit] = await tx
      .select()
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    if (!habit) throw notFound();
    const settings = await loadSettings(tx, userId);
    const today = todayFor(settings, now);
    const eligibility = completionEligibility(habit, date, today, settings.weekStart);
    if (!eligibility.ok) {
      const message = ELIGIBILITY_MESSAGES[eligibility.reason];
      throw new HttpError('VALIDATION', message, { issues: [{ path: 'date', message }] });
    }
    const key = periodKey(date, habit.frequency, settings.weekStart);
    const [existing] = await tx
      .select()
      .from(completions)
      .where(and(eq(completions.habitId, habitId), eq(completions.periodKey, key)));

    let added = false;
    let current = existing ?? null;
    let after = before;
    if (completed && !existing) {
      const [row] = await tx
        .insert(completions)
        .values({
          habitId,
          userId,
          completionDate: date,
          periodKey: key,
          xpEarned: habit.xpReward,
          pointsEarned: pointsForXp(habit.xpReward),
          completedAt: now,
        })
        .returning();
      if (!row) throw new Error('completion insert returned nothing');
      after = await recordLedger(tx, {
        userId,
        kind: 'earn',
        xpDelta: row.xpEarned,
        pointsDelta: row.pointsEarned,
        refId: row.id,
      });
      added = true;
      current = row;
      // A completed period no longer rests: its skip goes (docs/decisions.md, "Rest").
      const period = periodRangeOf(date, habit.frequency, settings.weekStart);
      await tx
        .delete(skips)
        .where(and(eq(skips.habitId, habitId), between(skips.skipDate, period.start, period.end)));
    } else if (!completed && existing) {
      await tx.delete(completions).where(eq(completions.id, existing.id));
      after = await recordLedger(tx, {
        userId,
        kind: 'undo',
        xpDelta: -existing.xpEarned,
        pointsDelta: -existing.pointsEarned,
        refId: existing.id,
      });
      current = null;
    }
    // Read once for the day streak and a perfect day (rest days pass over both).
    const rest = await loadRest(tx, userId);
    const progress = await loadProgress({ db: tx, userId, today, settings, rest });
    // Achievements a new completion earns, in this transaction (achievements/unlock.ts).
    const unlocked = added
      ? await unlockEarned(tx, {
          userId,
          facts: {
            ...(await factsAfterCompletion(tx, {
              userId,
              habitId,
              date,
              weekStart: settings.weekStart,
              timeZone: settings.timeZone,
              rest,
            })),
            level: levelForXp(after.xp),
            dayStreak: progress.streak,
          },
          now,
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

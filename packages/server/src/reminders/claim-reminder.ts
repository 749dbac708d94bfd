/**
 * POST /api/reminders/claim (docs/product.md "Reminders"): a channel asks before it shows a
 * reminder. Evaluated now, against the server's data: of the habits named, those that are the
 * user's, scheduled today, not resting (paused, on vacation, skipped), not done in their current
 * period and not reminded of in this kind
 * and slot today are recorded and answered; the channel shows the reminder only for them. The
 * row's key makes the record once, whichever channel (a tab, a push, the desktop) asks first.
 */
import type { ReminderClaim, ReminderClaimResult } from '@habitquest/contracts/reminders';
import { zonedTime } from '@habitquest/core/dates';
import { periodKey } from '@habitquest/core/periods';
import { restsOn } from '@habitquest/core/rest';
import { isVisibleOn } from '@habitquest/core/visibility';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits, remindersSent } from '../db/schema';
import { lockUser } from '../progress/ledger';
import { loadRest, restOfHabit } from '../rest/load-rest';
import { loadSettings, todayFor } from '../settings/load-settings';

export async function claimReminder(options: {
  db: Database;
  userId: string;
  claim: ReminderClaim;
  now: Date;
}): Promise<ReminderClaimResult> {
  const { db, userId, claim, now } = options;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const settings = await loadSettings(tx, userId);
    const today = todayFor(settings, now);
    const named = await tx
      .select()
      .from(habits)
      .where(and(eq(habits.userId, userId), inArray(habits.id, [...new Set(claim.habitIds)])));
    // Rest days silence reminders: a paused habit, a vacation, a skipped period.
    const rest = named.length > 0 ? await loadRest(tx, userId) : null;
    const scheduled = named.filter(
      (habit) =>
        isVisibleOn(habit, today, settings.weekStart) &&
        !(rest && restsOn(restOfHabit(rest, habit.id), today, habit.frequency, settings.weekStart)),
    );
    if (scheduled.length === 0) return { habitIds: [] };
    const done = await tx
      .select({ habitId: completions.habitId, key: completions.periodKey })
      .from(completions)
      .where(
        and(
          eq(completions.userId, userId),
          inArray(
            completions.habitId,
            scheduled.map((habit) => habit.id),
          ),
        ),
      );
    const open = scheduled.filter((habit) => {
      const key = periodKey(today, habit.frequency, settings.weekStart);
      return !done.some((row) => row.habitId === habit.id && row.key === key);
    });
    if (open.length === 0) return { habitIds: [] };
    // A streak warning may come at each of its hours; every other kind once a day.
    const slot = claim.kind === 'streak-protection' ? zonedTime(now, settings.timeZone).hour : 0;
    const claimed = await tx
      .insert(remindersSent)
      .values(
        open.map((habit) => ({
          userId,
          localDate: today,
          kind: claim.kind,
          slot,
          habitId: habit.id,
          channel: claim.channel,
          sentAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ habitId: remindersSent.habitId });
    const ids = new Set(claimed.map((row) => row.habitId));
    // In the order the channel named them (its text lists them so).
    return { habitIds: [...new Set(claim.habitIds)].filter((id) => ids.has(id)) };
  });
}

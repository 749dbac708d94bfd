import type { SentReminders } from '@habitquest/contracts/reminders';
import { and, eq, min } from 'drizzle-orm';
import type { Database } from '../db/client';
import { remindersSent } from '../db/schema';
import { loadSettings, todayFor } from '../settings/load-settings';

/**
 * GET /api/reminders/sent: today's reminders on every channel, one per kind and slot, at the
 * moment the first was claimed. The planner counts them against the day's limit and slots.
 */
export async function listSentReminders(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<SentReminders> {
  const { db, userId, now } = options;
  const today = todayFor(await loadSettings(db, userId), now);
  const rows = await db
    .select({ kind: remindersSent.kind, at: min(remindersSent.sentAt) })
    .from(remindersSent)
    .where(and(eq(remindersSent.userId, userId), eq(remindersSent.localDate, today)))
    .groupBy(remindersSent.kind, remindersSent.slot)
    .orderBy(min(remindersSent.sentAt));
  return rows.flatMap((row) =>
    row.at === null
      ? []
      : [{ kind: row.kind as SentReminders[number]['kind'], at: row.at.toISOString() }],
  );
}

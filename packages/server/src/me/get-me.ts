import type { Me } from '@habitquest/contracts/me';
import { eq } from 'drizzle-orm';
import { provisionAccount } from '../accounts/provision-account';
import type { Database } from '../db/client';
import { user, userSettings } from '../db/schema';
import { notFound } from '../http/errors';
import { loadPlan } from '../plan/load-plan';
import { loadProgress } from '../progress/load-progress';
import { currentVacation, loadRest } from '../rest/load-rest';
import { loadSettings, settingsFrom, todayFor } from '../settings/load-settings';

/** GET /api/me: who the user is, their plan, progress, settings and vacation. */
export async function getMe(options: { db: Database; userId: string; now: Date }): Promise<Me> {
  const { db, userId, now } = options;
  // The account and its settings document in one round trip.
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      username: user.username,
      settingsOf: userSettings.userId,
      settings: userSettings.settings,
    })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  const account = { id: row.id, email: row.email, username: row.username };
  // An account whose first provisioning was cut short is completed here (it is idempotent).
  if (row.settingsOf === null) await provisionAccount({ db, userId });
  const settings =
    row.settingsOf === null ? await loadSettings(db, userId) : settingsFrom(row.settings);
  const today = todayFor(settings, now);
  const [plan, rest] = await Promise.all([loadPlan(db, userId), loadRest(db, userId)]);
  const progress = await loadProgress({ db, userId, today, settings, rest });
  return {
    user: account,
    plan,
    progress,
    settings,
    vacation: currentVacation(rest.vacations, today),
  };
}

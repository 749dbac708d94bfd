import type { Me } from '@habitquest/contracts/me';
import type { LocalDate } from '@habitquest/core/dates';
import { eq } from 'drizzle-orm';
import { provisionAccount } from '../accounts/provision-account';
import type { Database } from '../db/client';
import { user, userSettings } from '../db/schema';
import type { DerivedCache } from '../habits/derived-cache';
import { notFound } from '../http/errors';
import { loadPlan } from '../plan/load-plan';
import { loadProgress } from '../progress/load-progress';
import { currentVacation, loadRest } from '../rest/load-rest';
import { loadSettings, settingsFrom, todayFor } from '../settings/load-settings';

/**
 * The whole answer, kept per user for as long as their data revision stays
 * (habits/derived-cache.ts), with the day it was derived for: the revision moves with every
 * change of what it is read from (the account, settings, balances, plan, history and rest), and
 * the day streak and the vacation also move with the user's day.
 */
export type KeptMe = { today: LocalDate; me: Me };

/** GET /api/me: who the user is, their plan, progress, settings and vacation. */
export async function getMe(options: {
  db: Database;
  userId: string;
  now: Date;
  revision?: number | null;
  cache?: DerivedCache<KeptMe>;
}): Promise<Me> {
  const { db, userId, now, revision = null, cache } = options;
  const kept = revision === null ? undefined : cache?.get(userId, revision);
  if (kept !== undefined) {
    // Kept for the user's today in the zone the answer has (a new zone moves the revision).
    const today = todayFor(kept.me.settings, now);
    if (today === kept.today) return kept.me;
  }
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
  const progressNow = await loadProgress({ db, userId, today, settings, rest });
  const vacation = currentVacation(rest.vacations, today);
  const me = { user: account, plan, progress: progressNow, settings, vacation };
  if (revision !== null) cache?.set(userId, revision, { today, me });
  return me;
}

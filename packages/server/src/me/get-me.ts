import type { Me } from '@habitquest/contracts/me';
import type { LocalDate } from '@habitquest/core/dates';
import { progressFigures } from '@habitquest/core/levels';
import { eq } from 'drizzle-orm';
import { provisionAccount } from '../accounts/provision-account';
import type { Database } from '../db/client';
import { progress, user, userSettings } from '../db/schema';
import type { DerivedCache } from '../habits/derived-cache';
import { notFound } from '../http/errors';
import { loadPlan } from '../plan/load-plan';
import { loadProgress } from '../progress/load-progress';
import { currentVacation, loadRest } from '../rest/load-rest';
import { loadSettings, settingsFrom, todayFor } from '../settings/load-settings';

/**
 * What /api/me derives from the user's whole history and rest, kept per user for as long as their
 * data revision stays (habits/derived-cache.ts): the day streak and the vacation, for `today`.
 */
export type DerivedDay = { today: LocalDate; streak: number; vacation: Me['vacation'] };

/** GET /api/me: who the user is, their plan, progress, settings and vacation. */
export async function getMe(options: {
  db: Database;
  userId: string;
  now: Date;
  revision?: number | null;
  cache?: DerivedCache<DerivedDay>;
}): Promise<Me> {
  const { db, userId, now } = options;
  // The account, its settings document and its balances in one round trip.
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      username: user.username,
      settingsOf: userSettings.userId,
      settings: userSettings.settings,
      xp: progress.xp,
      points: progress.points,
    })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .leftJoin(progress, eq(progress.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  const account = { id: row.id, email: row.email, username: row.username };
  // An account whose first provisioning was cut short is completed here (it is idempotent).
  if (row.settingsOf === null) await provisionAccount({ db, userId });
  const settings =
    row.settingsOf === null ? await loadSettings(db, userId) : settingsFrom(row.settings);
  const today = todayFor(settings, now);
  const { revision = null, cache } = options;
  const kept = revision === null ? undefined : cache?.get(userId, revision);
  if (kept?.today === today && row.xp !== null && row.points !== null) {
    const plan = await loadPlan(db, userId);
    const progressNow = progressFigures({ xp: row.xp, points: row.points, streak: kept.streak });
    return { user: account, plan, progress: progressNow, settings, vacation: kept.vacation };
  }
  const [plan, rest] = await Promise.all([loadPlan(db, userId), loadRest(db, userId)]);
  const progressNow = await loadProgress({ db, userId, today, settings, rest });
  const vacation = currentVacation(rest.vacations, today);
  if (revision !== null)
    cache?.set(userId, revision, { today, streak: progressNow.streak, vacation });
  return { user: account, plan, progress: progressNow, settings, vacation };
}

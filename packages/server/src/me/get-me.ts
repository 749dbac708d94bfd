import type { Me } from '@habitquest/contracts/me';
import { eq } from 'drizzle-orm';
import { provisionAccount } from '../accounts/provision-account';
import type { Database } from '../db/client';
import { user, userSettings } from '../db/schema';
import { notFound } from '../http/errors';
import { loadPlan } from '../plan/load-plan';
import { loadProgress } from '../progress/load-progress';
import { loadSettings, todayFor } from '../settings/load-settings';

/** GET /api/me: who the user is, their plan, progress and settings. */
export async function getMe(options: { db: Database; userId: string; now: Date }): Promise<Me> {
  const { db, userId, now } = options;
  const [account] = await db
    .select({ id: user.id, email: user.email, username: user.username })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) throw notFound();
  const [stored] = await db
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // An account whose first provisioning was cut short is completed here (it is idempotent).
  if (!stored) await provisionAccount({ db, userId });
  const settings = await loadSettings(db, userId);
  const [plan, progress] = await Promise.all([
    loadPlan(db, userId),
    loadProgress({ db, userId, today: todayFor(settings, now) }),
  ]);
  return { user: account, plan, progress, settings };
}

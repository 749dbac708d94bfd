import { DEFAULT_SETTINGS, zSettings, type Settings } from '@habitquest/contracts/settings';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { userSettings } from '../db/schema';

/** The user's settings; a missing or outdated document falls back to the defaults. */
export async function loadSettings(db: Database | Tx, userId: string): Promise<Settings> {
  const [row] = await db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return settingsFrom(row?.settings);
}

/** A stored settings document as Settings; a missing or outdated one gives the defaults. */
export function settingsFrom(stored: unknown): Settings {
  const parsed = zSettings.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** Today in the user's own time zone: the day boundary of docs/decisions.md. */
export function todayFor(settings: Settings, now: Date): LocalDate {
  return localDateOf(now, settings.timeZone);
}

import { zSettings, type Settings, type SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import { validationIssues } from '@habitquest/contracts/errors';
import type { Database } from '../db/client';
import { userSettings } from '../db/schema';
import { HttpError } from '../http/errors';
import { loadSettings } from './load-settings';

/**
 * Applies a settings patch. The merged document is validated as a whole, since some rules span
 * stored and patched values (a reminder window whose new start passes the stored end).
 */
export async function updateSettings(options: {
  db: Database;
  userId: string;
  patch: SettingsPatch;
}): Promise<Settings> {
  const { db, userId, patch } = options;
  return db.transaction(async (tx) => {
    const merged = zSettings.safeParse(mergeSettings(await loadSettings(tx, userId), patch));
    if (!merged.success) {
      const issues = validationIssues(merged.error);
      throw new HttpError('VALIDATION', issues[0]?.message ?? 'The settings are not valid', {
        issues,
      });
    }
    await tx
      .insert(userSettings)
      .values({ userId, settings: merged.data })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: merged.data, updatedAt: new Date() },
      });
    return merged.data;
  });
}

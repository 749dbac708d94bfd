/**
 * Merging a settings patch into stored settings. Kept apart from the zod schemas so the browser
 * can use it without loading zod up front.
 */
import type { Settings, SettingsPatch } from './settings';

/**
 * The settings after a patch. The result can still break a rule that spans both (a new start
 * past the stored end), so the server validates it with zSettings before saving.
 */
export function mergeSettings(settings: Settings, patch: SettingsPatch): Settings {
  const { reminderTimeRange, ...reminders } = patch.reminders ?? {};
  return {
    theme: patch.theme ?? settings.theme,
    accent: patch.accent ?? settings.accent,
    audio: { ...settings.audio, ...definedOnly(patch.audio ?? {}) },
    reminders: {
      ...settings.reminders,
      ...definedOnly(reminders),
      reminderTimeRange: {
        ...settings.reminders.reminderTimeRange,
        ...definedOnly(reminderTimeRange ?? {}),
      },
    },
    weekStart: patch.weekStart ?? settings.weekStart,
    timeZone: patch.timeZone ?? settings.timeZone,
    // Saving a zone, even the one already there, chooses it (see zSettings).
    timeZoneChosen: settings.timeZoneChosen || patch.timeZone !== undefined,
  };
}

/** Drops keys whose value is undefined, so spreading a partial never erases a stored value. */
function definedOnly<T extends object>(partial: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(partial).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

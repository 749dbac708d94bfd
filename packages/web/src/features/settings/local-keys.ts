/**
 * What the settings feature keeps in local storage: a mirror of the user's settings, so the next
 * start paints right before the server answers (boot.js reads the first two), and
 * the time zone offer's answers. Cleaning the cache never removes them (clean-cache.ts).
 */
export const THEME_KEY = 'habitquest.theme';
export const ACCENT_KEY = 'habitquest.accent';
export const TIME_ZONE_SYNCED_KEY = 'habitquest.timeZoneSynced';
export const TIME_ZONE_KEPT_PREFIX = 'habitquest.timeZoneKept:';

/** True for a key of the settings mirror above. */
export function isSettingsMirrorKey(key: string): boolean {
  return (
    key === THEME_KEY ||
    key === ACCENT_KEY ||
    key === TIME_ZONE_SYNCED_KEY ||
    key.startsWith(TIME_ZONE_KEPT_PREFIX)
  );
}

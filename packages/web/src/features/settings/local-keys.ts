/**
 * What the settings feature keeps in local storage: a mirror of the user's settings, so the next
 * start paints right before the server answers (boot.js reads the first two), and
 * the time zone offer's answers. Cleaning the cache never removes them (clean-cache.ts).
 */
export const THEME_KEY = 'habitquest.theme';
export const ACCENT_KEY = 'habitquest.accent';
/**
 * The time zone offer's answers are the account's on this device, never the browser's: the next
 * account signed in here is asked (or has its zone saved) on its own.
 */
const TIME_ZONE_SYNCED_PREFIX = 'habitquest.timeZoneSynced:';
const TIME_ZONE_KEPT_PREFIX = 'habitquest.timeZoneKept:';

/** The device zone last saved to this account's settings from here. */
export function timeZoneSyncedKey(userId: string): string {
  return TIME_ZONE_SYNCED_PREFIX + userId;
}

/** Set when this account chose, on this device, to keep its saved zone while the device is in `zone`. */
export function timeZoneKeptKey(userId: string, zone: string): string {
  return `${TIME_ZONE_KEPT_PREFIX}${userId}:${zone}`;
}

/** True for a key of the settings mirror above. */
export function isSettingsMirrorKey(key: string): boolean {
  return (
    key === THEME_KEY ||
    key === ACCENT_KEY ||
    key.startsWith(TIME_ZONE_SYNCED_PREFIX) ||
    key.startsWith(TIME_ZONE_KEPT_PREFIX)
  );
}

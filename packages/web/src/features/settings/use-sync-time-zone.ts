import { useCallback, useEffect, useState } from 'react';
import { timeZoneKeptKey, timeZoneSyncedKey } from './local-keys';
import { useUpdateSettings } from './mutations';

/** The IANA zone the device is in now ('' when the runtime cannot tell). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the question comes back next start, which is harmless.
  }
}

/**
 * A zone the user picked in Settings: from now on this device never takes its own zone silently
 * in place of the saved one, UTC included, even before the server's answer marks it chosen (only
 * a zone nobody chose is taken: see below). Nor does it offer its own zone instead, while it is
 * in the zone it was in when the choice was made: the user has just answered that question.
 */
export function rememberZoneChosen(userId: string): void {
  const device = deviceTimeZone();
  write(timeZoneSyncedKey(userId), device);
  write(timeZoneKeptKey(userId, device), '1');
}

/** The device's zone, offered instead of the saved one: Switch saves it, Keep stops asking. */
export type TimeZoneOffer = { zone: string; onSwitch: () => void; onKeep: () => void };

/**
 * Dates are local calendar dates in the profile's zone (docs/decisions.md). An account whose zone
 * nobody ever saved (`chosen` false: still the server's default, UTC) takes the device's zone
 * silently, once per account, device and zone. Otherwise, when the device is somewhere else (a
 * traveller, or a UTC chosen on another device), the app asks, once per device zone: Keep is
 * remembered for this account on this device, Switch saves the zone to the settings. Nothing is
 * decided before the account is known (`userId`).
 */
export function useTimeZoneOffer(
  userId: string | undefined,
  saved: string | undefined,
  chosen: boolean | undefined,
): TimeZoneOffer | null {
  const { mutate } = useUpdateSettings();
  const [device] = useState(deviceTimeZone);
  // Read again on each render too: a zone chosen in Settings keeps the device's (above).
  const [keptBy, setKeptBy] = useState<string | null>(null);
  const isKept =
    userId !== undefined && (keptBy === userId || read(timeZoneKeptKey(userId, device)) !== null);
  // Settings mirrored before the flag existed have none: such an account's UTC counts as unchosen.
  const isDefault =
    userId !== undefined &&
    saved === 'UTC' &&
    chosen !== true &&
    read(timeZoneSyncedKey(userId)) !== device;

  useEffect(() => {
    if (userId === undefined || saved === undefined || !isDefault) return;
    if (!device || device === 'UTC') return;
    write(timeZoneSyncedKey(userId), device);
    mutate({ timeZone: device });
  }, [userId, saved, isDefault, device, mutate]);

  const onSwitch = useCallback(() => {
    if (userId === undefined) return;
    write(timeZoneSyncedKey(userId), device);
    mutate({ timeZone: device });
  }, [userId, device, mutate]);
  const onKeep = useCallback(() => {
    if (userId === undefined) return;
    write(timeZoneKeptKey(userId, device), '1');
    setKeptBy(userId);
  }, [userId, device]);

  if (userId === undefined || saved === undefined || !device || saved === device) return null;
  if (isDefault || isKept) return null;
  return { zone: device, onSwitch, onKeep };
}

import { useEffect } from 'react';
import { useUpdateSettings } from './mutations';

const SYNCED_KEY = 'habitquest.timeZoneSynced';

/**
 * Dates are the user's local calendar dates (DESIGN §4): the browser's IANA zone is saved to the
 * settings once per device when the account still has the default (UTC).
 */
export function useSyncTimeZone(saved: string | undefined): void {
  const update = useUpdateSettings();
  const { mutate } = update;
  useEffect(() => {
    if (saved === undefined) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let isSynced: boolean;
    try {
      isSynced = localStorage.getItem(SYNCED_KEY) === browser;
    } catch {
      isSynced = false;
    }
    if (isSynced || saved !== 'UTC' || !browser || browser === 'UTC') return;
    try {
      localStorage.setItem(SYNCED_KEY, browser);
    } catch {
      // storage unavailable: it will try again next start
    }
    mutate({ timeZone: browser });
  }, [saved, mutate]);
}

import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * How often an open page looks at the clock. The date changes at local midnight, which a timer
 * set for it would miss after a sleep, a clock change or a DST shift; a cheap check every half
 * minute (and when the tab comes back) catches each of those.
 */
const CHECK_EVERY_MS = 30_000;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', onChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
  };
}

/**
 * Today's date in `timeZone` (docs/decisions.md "time zone": the profile's zone, never a fallback that
 * sticks). It is derived on every read, so a zone that arrives or changes later takes effect at
 * once, and it rolls over at local midnight while the page stays open; the component re-renders
 * only when the date itself changes.
 */
export function useToday(timeZone: string): LocalDate {
  const read = useCallback(() => localDateOf(Date.now(), timeZone), [timeZone]);
  return useSyncExternalStore(subscribe, read);
}

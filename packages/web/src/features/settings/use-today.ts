import { localDateOf, zonedTime, type LocalDate } from '@habitquest/core/dates';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * How often an open page looks at the clock besides the timer set for local midnight. That timer
 * alone would miss a midnight passed during a sleep or after the system clock was changed; a
 * cheap check every half minute (and when the tab comes back) catches each of those.
 */
const CHECK_EVERY_MS = 30_000;
const DAY_MS = 86_400_000;
/** Past midnight by this much, so that the check lands on the new date, never just before it. */
const AFTER_MIDNIGHT_MS = 20;

/** Milliseconds since the last local midnight in `timeZone`, read off the wall clock. */
function sinceMidnight(instant: number, timeZone: string): number {
  const { hour, minute, second } = zonedTime(instant, timeZone);
  return ((hour * 60 + minute) * 60 + second) * 1000 + (((instant % 1000) + 1000) % 1000);
}

/**
 * Milliseconds to the next local midnight in `timeZone`. The wall clock's guess is a day minus
 * the time since midnight; on a day with a DST change still to come it lands an hour off, and one
 * look at the wall clock there puts it right. (Where a change skips midnight itself, the guess
 * stands: the new date begins at the end of the skipped hour.)
 */
export function msUntilMidnight(now: number, timeZone: string): number {
  const guess = DAY_MS - sinceMidnight(now, timeZone);
  const landing = now + guess;
  const corrected =
    localDateOf(landing, timeZone) > localDateOf(now, timeZone)
      ? guess - sinceMidnight(landing, timeZone)
      : guess + DAY_MS - sinceMidnight(landing, timeZone);
  return corrected > 0 ? corrected : guess;
}

function subscribeIn(timeZone: string) {
  return (onChange: () => void): (() => void) => {
    let midnight: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(midnight);
      midnight = setTimeout(
        () => {
          onChange();
          arm();
        },
        msUntilMidnight(Date.now(), timeZone) + AFTER_MIDNIGHT_MS,
      );
    };
    const check = () => {
      onChange();
      arm();
    };
    arm();
    const timer = setInterval(onChange, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(midnight);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  };
}

/**
 * Today's date in `timeZone` (docs/decisions.md "time zone": the profile's zone, never a fallback that
 * sticks). It is derived on every read, so a zone that arrives or changes later takes effect at
 * once, and it rolls over at local midnight while the page stays open; the component re-renders
 * only when the date itself changes.
 */
export function useToday(timeZone: string): LocalDate {
  const subscribe = useMemo(() => subscribeIn(timeZone), [timeZone]);
  const read = useCallback(() => localDateOf(Date.now(), timeZone), [timeZone]);
  return useSyncExternalStore(subscribe, read);
}

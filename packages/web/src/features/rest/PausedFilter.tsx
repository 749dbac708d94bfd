import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { Pause } from 'lucide-react';
import { useId, useState } from 'react';
import { restCopy as copy } from './copy';
import { PausedHabits } from './PausedHabits';

/**
 * 'Paused (N)' over the habits of the date shown, when some are paused: it shows or hides the
 * list of them, each with Resume. It loads with the first paused habit (habits section), not in
 * the first download.
 */
export function PausedFilter({ paused, today }: { paused: readonly Habit[]; today: LocalDate }) {
  const [isShown, setIsShown] = useState(false);
  const listId = useId();
  if (paused.length === 0) return null;
  return (
    <>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          aria-expanded={isShown}
          aria-controls={listId}
          onClick={() => {
            setIsShown(!isShown);
          }}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-sky-800 transition hover:bg-sky-50 aria-expanded:bg-sky-100 dark:text-sky-200 dark:hover:bg-sky-400/10 dark:aria-expanded:bg-sky-400/15"
        >
          <Pause aria-hidden className="size-4" />
          {copy.showPaused(paused.length)}
        </button>
      </div>
      {isShown ? <PausedHabits id={listId} habits={paused} today={today} /> : null}
    </>
  );
}

import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { Pause, Play } from 'lucide-react';
import { toast } from '../../lib/toast';
import { formatDate } from '../../lib/format';
import { shortDayLabel } from '../calendar/day-label';
import { restCopy as copy } from './copy';
import { useResumeHabit } from './mutations';

/** When a paused habit comes back, in words. */
export function pausedUntilText(habit: Pick<Habit, 'pause'>, today: LocalDate): string {
  const resumesOn = habit.pause?.resumesOn ?? null;
  return resumesOn === null
    ? copy.pausedIndefinitely
    : copy.pausedUntil(shortDayLabel(resumesOn, today));
}

/** The habits resting on the selected date because they are paused, each with 'Resume'. */
export function PausedHabits({
  id,
  habits,
  today,
}: {
  id: string;
  habits: readonly Habit[];
  today: LocalDate;
}) {
  const resume = useResumeHabit();
  return (
    <section
      id={id}
      aria-label={copy.pausedHeading}
      className="mt-3 rounded-2xl border border-dashed border-sky-300 bg-sky-50/60 p-3 dark:border-sky-800 dark:bg-sky-400/5"
    >
      <ul className="flex flex-col gap-2">
        {habits.map((habit) => (
          <li
            key={habit.id}
            data-paused-habit-id={habit.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white px-3 py-2 dark:bg-slate-900"
          >
            <span
              aria-hidden
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: habit.color }}
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900 wrap-anywhere dark:text-white">
                {habit.title}
              </p>
              <p className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
                <Pause aria-hidden className="size-3 shrink-0" />
                <span title={habit.pause ? formatDate(habit.pause.startsOn, 'full') : undefined}>
                  {pausedUntilText(habit, today)}
                </span>
              </p>
            </div>
            <button
              type="button"
              aria-label={copy.resumeLabel(habit.title)}
              onClick={() => {
                resume.mutate(habit, {
                  onSuccess: () => {
                    toast.success(copy.resumedToast(habit.title), { duration: 3000 });
                  },
                });
              }}
              className="inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-xl border border-sky-600 px-3 text-sm font-semibold text-sky-800 transition hover:bg-sky-600 hover:text-white dark:border-sky-400 dark:text-sky-200 dark:hover:bg-sky-500 dark:hover:text-slate-950"
            >
              <Play aria-hidden className="size-4" />
              {copy.resume}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

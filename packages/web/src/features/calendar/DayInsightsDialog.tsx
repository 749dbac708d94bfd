import type { DayInsights } from '@habitquest/core/stats';
import { Check, Circle, Clock, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Dialog } from '../../components/ui/Dialog';
import { playSound } from '../audio/engine';
import { playCloseSound } from '../audio/use-audio';
import { listedHabits, type DatedHabit } from '../habits/day-habits';
import { AddedLaterBadge, AddedLaterNote } from '../habits/AddedLater';
import { RestBadge } from '../rest/card-parts';
import { calendarCopy as copy } from './copy';
import { formatDate } from '../../lib/format';
import { HabitIconTile } from '../habits/habit-icons';

/**
 * Day Insights (docs/product.md): the date in full, four tiles, and the day's habits with their
 * toggles; after them, the habits added after the day, not counted until done.
 */
export function DayInsightsDialog(props: {
  date: string;
  /** A day after it cannot be completed (docs/decisions.md): its Complete buttons are disabled. */
  today: string;
  insights: DayInsights<DatedHabit>;
  onToggle: (habit: DatedHabit, isCompleted: boolean) => void;
  onClose: () => void;
}) {
  const { insights } = props;
  const futureNoteId = useId();
  const isFuture = props.date > props.today;
  const title = formatDate(props.date, 'full');
  const listed = listedHabits(insights);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        // The backdrop and Escape close it too, with the Close button's click (docs/product.md);
        // the X's own press has clicked already, so it does not click twice.
        playCloseSound();
        props.onClose();
      }}
      title={copy.dayInsights}
      description={title}
      className="max-w-2xl"
    >
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[
          [copy.completed, String(insights.completedCount)],
          [copy.totalTasks, String(insights.totalCount)],
          // Nothing due that day (no habit, or every one rests): no rate to give, as on the hero.
          [
            copy.completionRate,
            insights.totalCount > 0 ? `${insights.completionRate}%` : copy.noRate,
          ],
          [copy.xpEarned, String(insights.xpEarned)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-slate-100 p-3 text-center dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {insights.restingCount > 0 ? (
        <p className="mt-3 flex items-center gap-2 rounded-2xl bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-400/10 dark:text-sky-50">
          <ShieldCheck aria-hidden className="size-4 shrink-0" />
          {copy.resting(insights.restingCount)}
        </p>
      ) : null}
      {insights.addedLater.length > 0 ? (
        <AddedLaterNote count={insights.addedLater.length} className="mt-3" />
      ) : null}
      {listed.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {copy.empty}
        </p>
      ) : (
        <>
          {isFuture ? (
            <p
              id={futureNoteId}
              className="mt-5 flex items-center gap-2 rounded-2xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200"
            >
              <Clock aria-hidden className="size-4 shrink-0" />
              {copy.futureDay}
            </p>
          ) : null}
          <ul
            aria-label={copy.dayInsights}
            className="mt-3 flex max-h-[50vh] flex-col gap-2 overflow-y-auto pr-1"
          >
            {listed.map(({ habit, isCompleted, rest, isAddedLater }) => {
              // A day still to come cannot be completed; an undo is never refused for its date
              // (docs/product.md, "Periods and today"): a completion that lies ahead since the
              // account moved west, or a weekly one seen from a later day of its week.
              const isBlocked = isFuture && !isCompleted;
              return (
                <li
                  key={habit.id}
                  data-rest={rest ?? undefined}
                  data-added-later={isAddedLater || undefined}
                  className={cx(
                    'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border px-3 py-2',
                    rest
                      ? 'border-dashed border-sky-300 bg-slate-50 dark:border-sky-800 dark:bg-slate-900/50'
                      : isAddedLater
                        ? 'border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/50'
                        : 'border-slate-200 dark:border-slate-800',
                  )}
                >
                  <HabitIconTile
                    icon={habit.icon}
                    color={habit.color}
                    className="size-8 self-start rounded-lg"
                    iconClassName="size-4"
                  />
                  {/* At least 11rem for the words: on a phone the toggle goes to a line of its
                      own (at the right) before the title is squeezed into a column. */}
                  <div className="min-w-0 flex-1 basis-44">
                    <p className="font-semibold text-slate-900 wrap-anywhere dark:text-white">
                      {habit.title}
                    </p>
                    <p className="text-xs text-slate-600 wrap-anywhere dark:text-slate-300">
                      {/* "daily" and "10 XP" are kept whole; a long category name wraps. */}
                      {habit.category ? `${habit.category} · ` : null}
                      <span className="whitespace-nowrap">{habit.frequency} · </span>
                      <span className="whitespace-nowrap">{copy.xp(habit.xpOnComplete)}</span>
                    </p>
                    {rest ? <RestBadge kind={rest} className="mt-1" /> : null}
                    {isAddedLater ? <AddedLaterBadge className="mt-1" /> : null}
                  </div>
                  <button
                    type="button"
                    title={isCompleted ? copy.undoCompletion : copy.markComplete}
                    onPointerEnter={() => {
                      playSound('hover');
                    }}
                    aria-pressed={isCompleted}
                    disabled={isBlocked}
                    aria-describedby={isBlocked ? futureNoteId : undefined}
                    aria-label={`${isCompleted ? copy.completed : copy.complete}: ${habit.title}`}
                    onClick={() => {
                      props.onToggle(habit, isCompleted);
                    }}
                    className={cx(
                      'ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold',
                      isCompleted
                        ? 'bg-emerald-700 text-white hover:bg-emerald-800'
                        : 'border border-slate-300 text-slate-800 hover:border-emerald-500 dark:border-slate-700 dark:text-slate-100',
                      'disabled:cursor-not-allowed disabled:border-dashed disabled:text-slate-500 disabled:hover:border-slate-300 dark:disabled:text-slate-400 dark:disabled:hover:border-slate-700',
                    )}
                  >
                    {isCompleted ? (
                      <Check aria-hidden className="size-4" />
                    ) : (
                      <Circle aria-hidden className="size-4" />
                    )}
                    {isCompleted ? copy.completed : copy.complete}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Button className="mt-5 w-full" variant="secondary" onClick={props.onClose}>
        {copy.close}
      </Button>
    </Dialog>
  );
}

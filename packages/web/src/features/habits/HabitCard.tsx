import type { Habit } from '@habitquest/contracts/habits';
import { bestStreakText } from '@habitquest/core/streaks';
import { Check, Circle } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { cx } from '../../components/ui/cx';
import { habitsCopy as copy } from './copy';

/** One habit: badges, facts, edit/delete (on hover, focus and always on touch) and the toggle. */
export function HabitCard({
  habit,
  isCompleted,
  onToggle,
  onEdit,
  onDelete,
}: {
  habit: Habit;
  isCompleted: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className={cx(
        'group relative flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm transition dark:bg-slate-900',
        isCompleted
          ? 'border-emerald-300 dark:border-emerald-700'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="mt-1 size-3 shrink-0 rounded-full"
          style={{ backgroundColor: habit.color }}
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">{habit.title}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200">
              {habit.isRecurring ? copy.recurring : copy.specific}
            </span>
            {habit.category ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {habit.category}
              </span>
            ) : null}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 capitalize text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {habit.frequency}
            </span>
            <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              {copy.xp(habit.xpOnComplete)}
            </span>
            {habit.specificDate ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {habit.specificDate}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex gap-1 opacity-100 transition sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          <IconButton action="edit" label={copy.edit(habit.title)} onClick={onEdit} />
          <IconButton action="delete" label={copy.remove(habit.title)} onClick={onDelete} />
        </div>
      </div>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {bestStreakText(habit.bestStreak)}
        </span>
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={isCompleted}
          title={isCompleted ? copy.undoCompletion : undefined}
          className={cx(
            'inline-flex min-h-10 items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold transition',
            isCompleted
              ? 'bg-emerald-700 text-white hover:bg-emerald-800'
              : 'border border-slate-300 bg-white text-slate-800 hover:border-emerald-500 hover:text-emerald-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:hover:text-emerald-300',
          )}
        >
          {isCompleted ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Circle aria-hidden className="size-4" />
          )}
          {isCompleted ? copy.completed : copy.markComplete}
        </button>
      </div>
    </li>
  );
}

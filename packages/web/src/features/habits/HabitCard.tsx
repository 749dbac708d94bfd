import type { Habit } from '@habitquest/contracts/habits';
import { bestStreakText } from '@habitquest/core/streaks';
import { Check, Circle, Flame } from 'lucide-react';
import type { RestKind } from '@habitquest/core/stats';
import { IconButton } from '../../components/ui/IconButton';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { RestBadge, SkipButton, type SkipAction } from '../rest/card-parts';
import { AddedLaterBadge } from './AddedLater';
import { restDayCopy as restCopy } from '../rest/day-copy';
import { habitsCopy as copy } from './copy';
import { FREQUENCY_ICONS, HabitIconTile } from './habit-icons';

const CHIP = 'max-w-full truncate rounded-full px-2 py-0.5';
const QUIET_CHIP = cx(CHIP, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200');

/**
 * One habit: title, badges, edit/delete (on hover, focus and always on touch), and a footer
 * with the best streak and the toggle, each kept on one line. Long titles and category names
 * wrap or truncate inside the card (the full text in the title attribute), never widen it.
 * A resting period (skipped, on vacation) is drawn quieter with a badge saying the streak is safe;
 * its toggle still completes it, which ends the rest. So is a habit added after the day shown.
 */
export function HabitCard({
  habit,
  isCompleted,
  onToggle,
  onEdit,
  onDelete,
  rest = null,
  skipAction = null,
  onPause,
  isFuture = false,
  isAddedLater = false,
}: {
  habit: Habit;
  isCompleted: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Why the habit's period rests on the date shown, when it is not done. */
  rest?: RestKind | null;
  skipAction?: SkipAction | null;
  onPause?: () => void;
  /** The date shown is still to come: nothing can be completed or undone for it yet. */
  isFuture?: boolean;
  /** Created after the date shown and not done for it: listed, not counted. */
  isAddedLater?: boolean;
}) {
  const isResting = rest !== null && !isCompleted;
  const FrequencyIcon = FREQUENCY_ICONS[habit.frequency];
  const isQuiet = isResting || isAddedLater;
  return (
    <li
      data-habit-id={habit.id}
      data-rest={isResting ? rest : undefined}
      data-added-later={isAddedLater || undefined}
      className={cx(
        'group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border shadow-sm transition hover:shadow-md',
        isCompleted
          ? 'border-emerald-300 bg-white dark:border-emerald-700 dark:bg-slate-900'
          : isResting
            ? 'border-dashed border-sky-300 bg-slate-50 shadow-none dark:border-sky-800 dark:bg-slate-900/50'
            : isAddedLater
              ? 'border-dashed border-slate-300 bg-slate-50 shadow-none dark:border-slate-700 dark:bg-slate-900/50'
              : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <span
        aria-hidden
        className={cx('h-1 w-full', isQuiet && 'opacity-40')}
        style={{ backgroundColor: habit.color }}
      />
      <div className="flex items-start gap-2 px-4 pt-3 sm:gap-3">
        <HabitIconTile
          icon={habit.icon}
          color={habit.color}
          // From 640 px a tile beside the title; on a phone a small one leads the badges below,
          // so the title keeps the width it had and today's first toggle stays on the first screen.
          className={cx(
            'mt-0.5 hidden size-10 rounded-xl text-lg sm:grid',
            isQuiet && 'opacity-60',
          )}
          iconClassName="size-5"
        />
        <div className="min-w-0 flex-1">
          <h3
            title={habit.title}
            className={cx(
              'line-clamp-2 font-semibold wrap-anywhere',
              isQuiet ? 'text-slate-700 dark:text-slate-200' : 'text-slate-900 dark:text-white',
            )}
          >
            {habit.title}
          </h3>
          {habit.description ? (
            <p
              title={habit.description}
              className="mt-0.5 line-clamp-2 text-sm text-slate-600 wrap-anywhere dark:text-slate-300"
            >
              {habit.description}
            </p>
          ) : null}
          {isResting ? <RestBadge kind={rest} className="mt-1.5" /> : null}
          {isAddedLater ? <AddedLaterBadge className="mt-1.5" /> : null}
          <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
            <HabitIconTile
              icon={habit.icon}
              color={habit.color}
              className={cx('size-5 rounded-md text-[0.7rem] sm:hidden', isQuiet && 'opacity-60')}
              iconClassName="size-3.5"
            />
            <span
              className={cx(
                CHIP,
                'bg-indigo-50 font-medium text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200',
              )}
            >
              {habit.isRecurring ? copy.recurring : copy.specific}
            </span>
            {habit.category ? (
              <span title={habit.category} className={QUIET_CHIP}>
                {habit.category}
              </span>
            ) : null}
            <span className={cx(QUIET_CHIP, 'inline-flex items-center gap-1 capitalize')}>
              <FrequencyIcon aria-hidden className="size-3 shrink-0" />
              {habit.frequency}
            </span>
            <span
              className={cx(
                CHIP,
                'bg-amber-50 font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
              )}
            >
              {copy.xp(habit.xpOnComplete)}
            </span>
            {habit.specificDate ? (
              // The one date of a Specific habit, written as the app writes dates ('Dec 1, 2026').
              <time dateTime={habit.specificDate} className={QUIET_CHIP}>
                {formatDate(habit.specificDate, 'monthDayYear')}
              </time>
            ) : null}
          </div>
        </div>
        <div className="-mr-2 -mt-1 flex shrink-0 opacity-100 transition sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          {onPause ? (
            <IconButton
              action="pause"
              label={restCopy.pauseLabel(habit.title)}
              title={restCopy.pause}
              onClick={onPause}
            />
          ) : null}
          <IconButton action="edit" label={copy.edit(habit.title)} onClick={onEdit} />
          <IconButton action="delete" label={copy.remove(habit.title)} onClick={onDelete} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 pb-3 pt-3">
        <span className="inline-flex items-center gap-1 whitespace-nowrap text-xs font-medium text-slate-600 dark:text-slate-300">
          <Flame
            aria-hidden
            className={cx(
              'size-3.5',
              habit.bestStreak > 0 ? 'text-orange-500' : 'text-slate-400 dark:text-slate-500',
            )}
          />
          {bestStreakText(habit.bestStreak, habit.frequency)}
        </span>
        <div className="flex flex-wrap items-center justify-end gap-1">
          {skipAction ? <SkipButton action={skipAction} /> : null}
          <button
            type="button"
            onClick={onToggle}
            aria-pressed={isCompleted}
            // A future day cannot be completed, but what is done can always be undone.
            disabled={isFuture && !isCompleted}
            title={isCompleted ? copy.undoCompletion : isFuture ? copy.futureDay : undefined}
            className={cx(
              'inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-xl px-3 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60',
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
      </div>
    </li>
  );
}

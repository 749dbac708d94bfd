import type { Category } from '@habitquest/contracts/categories';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { FREQUENCIES, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { frequencyStats, type RestFacts } from '@habitquest/core/stats';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, memo, Suspense, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { useLimitGate } from '../pro/limits';
import { habitsCopy as copy } from './copy';
import { insightsFor, listedHabits, type DatedHabit } from './day-habits';
import { shortDayLabel } from '../calendar/day-label';
import { AddedLaterNote } from './AddedLater';
import { HabitCard } from './HabitCard';
import { FREQUENCY_ICONS } from './habit-icons';
import { useToggleCompletion } from './completion-mutations';
import { lazyDialog, lazyPart } from '../../app/lazy-part';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';
import { restDayCopy as restCopy } from '../rest/day-copy';
import { isPaused } from '../rest/rest-facts';
import { useSkipAction } from '../rest/use-skip-action';

// The dialogs load when first opened: they carry the form validation (zod) the cards don't need.
const HabitFormDialog = lazyDialog(
  () => import('./HabitFormDialog'),
  (m) => m.HabitFormDialog,
);
const DeleteHabitDialog = lazyDialog(
  () => import('./DeleteHabitDialog'),
  (m) => m.DeleteHabitDialog,
);

const PauseHabitDialog = lazyDialog(
  () => import('../rest/PauseHabitDialog'),
  (m) => m.PauseHabitDialog,
);

// Shown only while a habit is paused: it loads then.
const PausedFilter = lazyPart(
  () => import('../rest/PausedFilter'),
  (m) => m.PausedFilter,
  { kind: 'section' },
);

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; habit: Habit }
  | { kind: 'delete'; habit: Habit }
  | { kind: 'pause'; habit: Habit }
  | null;

const BAND_CLASSES = {
  green: 'text-emerald-700 dark:text-emerald-300',
  amber: 'text-amber-700 dark:text-amber-300',
  red: 'text-red-700 dark:text-red-300',
} as const;

/** Frequency tabs, 'Add Habit', the habit cards of the selected date and their stats. */
export const HabitsSection = memo(function HabitsSection(props: {
  className?: string;
  habits: DatedHabit[];
  completions: CompletionEntry[];
  date: LocalDate;
  today: LocalDate;
  /** The open tab; the dashboard holds it so the calendar shows that frequency's period key. */
  frequency: Frequency;
  onFrequencyChange: (frequency: Frequency) => void;
  weekStart: WeekStart;
  categories: Category[];
  /** Skips, pauses and the vacation (features/rest): resting habits leave the figures. */
  rest: RestFacts;
  timeZone: string;
  /**
   * At most this many cards (the figures count every habit): the dashboard's first screen builds
   * only the cards a screen can show, and the rest a moment later (dashboard/reveal-later.ts).
   */
  cardLimit?: number;
}) {
  const { frequency, onFrequencyChange: setFrequency } = props;
  const [open, setOpen] = useState<Open>(null);
  const toggle = useToggleCompletion();
  const guard = useLimitGate();
  const skipAction = useSkipAction(props);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removing = useFocusAfterRemoval(props.habits, () => headingRef.current);
  const ofTab = props.habits.filter((habit) => habit.frequency === frequency);
  // A habit paused on the date leaves the list: it waits under 'Paused (N)' (docs/product.md).
  const paused = ofTab.filter((habit) => isPaused(habit, props.date));
  const day = insightsFor({
    habits: ofTab.filter((habit) => !isPaused(habit, props.date)),
    completions: props.completions,
    date: props.date,
    weekStart: props.weekStart,
    rest: props.rest,
  });
  // Habits added after the date come last, listed to be logged and left out of the figures.
  const cards = listedHabits(day);
  const shown = day.habitsForDay.map(({ habit, isCompleted, rest }) => ({
    isCompleted,
    streak: habit.streak,
    isResting: rest !== null,
  }));
  // Resting habits leave the count and the rate; their streaks, kept safe, stay in the average.
  const stats = {
    ...frequencyStats(
      frequency,
      shown.filter((entry) => !entry.isResting),
    ),
    averageStreak: frequencyStats(frequency, shown).averageStreak,
  };

  const onTabKey = (event: KeyboardEvent): void => {
    const index = FREQUENCIES.indexOf(frequency);
    const last = FREQUENCIES.length - 1;
    // The arrows move one tab (round), Home and End to the first and last (the WAI tabs pattern).
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % FREQUENCIES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % FREQUENCIES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = FREQUENCIES[target] ?? 'daily';
    setFrequency(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <section
      aria-labelledby="habits-heading"
      className={cx(
        '@container min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        props.className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script: focus lands here when a deleted card takes its button along. */}
        <h2
          id="habits-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 focus:outline-none dark:text-white"
        >
          {copy.sectionTitle}
        </h2>
        <Button
          onClick={() => {
            guard('habits', () => {
              setOpen({ kind: 'create' });
            });
          }}
        >
          <Plus aria-hidden className="size-4" />
          {copy.addHabit}
        </Button>
      </div>
      <div
        role="tablist"
        aria-label={copy.frequency}
        className="mt-4 flex gap-1 overflow-x-auto rounded-2xl bg-slate-100 p-1 dark:bg-slate-800"
        onKeyDown={onTabKey}
      >
        {FREQUENCIES.map((value) => (
          <button
            key={value}
            id={`tab-${value}`}
            type="button"
            role="tab"
            aria-selected={frequency === value}
            aria-controls="habits-panel"
            tabIndex={frequency === value ? 0 : -1}
            onClick={() => {
              setFrequency(value);
            }}
            className={cx(
              'inline-flex flex-1 items-center justify-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold transition',
              frequency === value
                ? 'bg-white text-slate-900 shadow dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <FrequencyTabIcon frequency={value} />
            {copy.frequencies[value]}
          </button>
        ))}
      </div>
      <div id="habits-panel" role="tabpanel" aria-labelledby={`tab-${frequency}`} className="mt-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[
            [
              props.date === props.today
                ? copy.statsCompleted
                : copy.statsCompletedOn(shortDayLabel(props.date, props.today)),
              String(stats.completedToday),
              '',
            ],
            [copy.statsTotal(frequency), String(stats.total), ''],
            // No habit of the tab is due that day (there is none, or every one rests): nothing to
            // count, so no rate (not a red 0 %).
            stats.total === 0
              ? [copy.statsRate, '–', '']
              : [copy.statsRate, `${stats.completionRate}%`, BAND_CLASSES[stats.rateBand]],
            [copy.statsStreak, copy.averageStreak(stats.averageStreak, frequency), ''],
          ].map(([label, value, tone]) => (
            <div key={label} className="rounded-2xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
              {/* One colour class only: with two, the stylesheet's order decides, not this code. */}
              <dd
                className={cx(
                  'text-lg font-bold',
                  tone === '' ? 'text-slate-900 dark:text-white' : tone,
                )}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {day.addedLater.length > 0 ? (
          <AddedLaterNote count={day.addedLater.length} className="mt-3" />
        ) : null}
        {paused.length > 0 ? (
          <Suspense fallback={null}>
            <PausedFilter paused={paused} today={props.today} />
          </Suspense>
        ) : null}
        {cards.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {paused.length > 0 ? restCopy.allPaused : copy.empty}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 @xl:grid-cols-2">
            {cards.slice(0, props.cardLimit).map(({ habit, isCompleted, rest, isAddedLater }) => (
              <HabitCard
                key={habit.id}
                habit={habit}
                isCompleted={isCompleted}
                rest={rest}
                isFuture={props.date > props.today}
                isAddedLater={isAddedLater}
                // A day before the habit was added has nothing to skip.
                skipAction={isAddedLater ? null : skipAction(habit, isCompleted, rest)}
                onPause={() => {
                  setOpen({ kind: 'pause', habit });
                }}
                onToggle={() => {
                  toggle({
                    habit,
                    date: props.date,
                    completed: !isCompleted,
                    weekStart: props.weekStart,
                  });
                }}
                onEdit={() => {
                  setOpen({ kind: 'edit', habit });
                }}
                onDelete={() => {
                  setOpen({ kind: 'delete', habit });
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <Suspense fallback={null}>
        {open?.kind === 'create' || open?.kind === 'edit' ? (
          <HabitFormDialog
            habit={open.kind === 'edit' ? open.habit : null}
            defaultFrequency={frequency}
            defaultDate={props.date}
            categories={props.categories}
            onClose={() => {
              setOpen(null);
            }}
          />
        ) : null}
        {open?.kind === 'pause' ? (
          <PauseHabitDialog
            habit={open.habit}
            today={props.today}
            onClose={() => {
              setOpen(null);
            }}
          />
        ) : null}
        {open?.kind === 'delete' ? (
          <DeleteHabitDialog
            habit={open.habit}
            onDeleting={() => {
              removing(open.habit.id);
            }}
            onClose={() => {
              setOpen(null);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
});

/** A tab's icon: hidden on a narrow phone, where the four names need the room. */
function FrequencyTabIcon({ frequency }: { frequency: Frequency }) {
  const Icon = FREQUENCY_ICONS[frequency];
  return <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />;
}

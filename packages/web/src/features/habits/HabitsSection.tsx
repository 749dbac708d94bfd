import type { Category } from '@habitquest/contracts/categories';
import type { Completion, Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { FREQUENCIES, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { frequencyStats } from '@habitquest/core/stats';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { habitsCopy as copy } from './copy';
import { insightsFor, type DatedHabit } from './day-habits';
import { HabitCard } from './HabitCard';
import type { LimitHandler } from './HabitFormDialog';
import { useToggleCompletion } from './mutations';

// The dialogs load when first opened: they carry the form validation (zod) the cards don't need.
const HabitFormDialog = lazy(() =>
  import('./HabitFormDialog').then((m) => ({ default: m.HabitFormDialog })),
);
const DeleteHabitDialog = lazy(() =>
  import('./DeleteHabitDialog').then((m) => ({ default: m.DeleteHabitDialog })),
);

type Open =
  { kind: 'create' } | { kind: 'edit'; habit: Habit } | { kind: 'delete'; habit: Habit } | null;

const BAND_CLASSES = {
  green: 'text-emerald-700 dark:text-emerald-300',
  amber: 'text-amber-700 dark:text-amber-300',
  red: 'text-red-700 dark:text-red-300',
} as const;

/** Frequency tabs, 'Add Habit', the habit cards of the selected date and their stats. */
export function HabitsSection(props: {
  habits: DatedHabit[];
  completions: Completion[];
  date: LocalDate;
  weekStart: WeekStart;
  categories: Category[];
  onLimitReached: LimitHandler;
}) {
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [open, setOpen] = useState<Open>(null);
  const toggle = useToggleCompletion();
  const day = insightsFor({
    habits: props.habits.filter((habit) => habit.frequency === frequency),
    completions: props.completions,
    date: props.date,
    weekStart: props.weekStart,
  });
  const stats = frequencyStats(
    frequency,
    day.habitsForDay.map(({ habit, isCompleted }) => ({ isCompleted, streak: habit.streak })),
  );

  const onTabKey = (event: KeyboardEvent): void => {
    const index = FREQUENCIES.indexOf(frequency);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = FREQUENCIES[(index + step + FREQUENCIES.length) % FREQUENCIES.length] ?? 'daily';
    setFrequency(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <section
      aria-labelledby="habits-heading"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="habits-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          {copy.sectionTitle}
        </h2>
        <Button
          onClick={() => {
            setOpen({ kind: 'create' });
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
              'flex-1 rounded-xl px-3 py-2 text-sm font-semibold transition',
              frequency === value
                ? 'bg-white text-slate-900 shadow dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {copy.frequencies[value]}
          </button>
        ))}
      </div>
      <div id="habits-panel" role="tabpanel" aria-labelledby={`tab-${frequency}`} className="mt-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[
            [copy.statsCompleted, String(stats.completedToday), ''],
            [copy.statsTotal(frequency), String(stats.total), ''],
            [copy.statsRate, `${stats.completionRate}%`, BAND_CLASSES[stats.rateBand]],
            [copy.statsStreak, String(stats.averageStreak), ''],
          ].map(([label, value, tone]) => (
            <div key={label} className="rounded-2xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className={cx('text-lg font-bold text-slate-900 dark:text-white', tone)}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {day.habitsForDay.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {copy.empty}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {day.habitsForDay.map(({ habit, isCompleted }) => (
              <HabitCard
                key={habit.id}
                habit={habit}
                isCompleted={isCompleted}
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
            onLimitReached={props.onLimitReached}
          />
        ) : null}
        {open?.kind === 'delete' ? (
          <DeleteHabitDialog
            habit={open.habit}
            onClose={() => {
              setOpen(null);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

import type { DailyAnalytics, HabitStreakRow } from '@habitquest/core/analytics/daily';
import type { LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { Check, Circle, Flame } from 'lucide-react';
import { analyticsCopy as copy } from './copy';
import { QueryView, SectionTitle, StatGrid, StatTile } from './parts';
import { dailyQuery } from './queries';

/** The Daily tab for today. */
export function DailyTab({ today }: { today: LocalDate }) {
  const query = useQuery(dailyQuery(today));
  return <QueryView query={query}>{(data) => <DailyView data={data} />}</QueryView>;
}

/** Today's rate, XP, habits done and total, and the streak of each habit scheduled today. */
export function DailyView({ data }: { data: DailyAnalytics }) {
  return (
    <div className="flex flex-col gap-5">
      <StatGrid>
        {/* Nothing due today (no habit, or every one rests): no rate, as on the dashboard. */}
        <StatTile
          label={copy.todaysRate}
          value={data.totalHabits > 0 ? copy.percent(data.completionRate) : copy.none}
        />
        <StatTile label={copy.xpEarned} value={copy.number(data.xpEarned)} />
        <StatTile label={copy.habitsDone} value={copy.number(data.habitsDone)} />
        <StatTile label={copy.totalHabits} value={copy.number(data.totalHabits)} />
      </StatGrid>
      <section aria-labelledby="daily-streaks" className="flex flex-col gap-2">
        <SectionTitle id="daily-streaks">{copy.streaks}</SectionTitle>
        {data.streaks.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{copy.noHabitsToday}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.streaks.map((row) => (
              <StreakRow key={row.habitId} row={row} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StreakRow({ row }: { row: HabitStreakRow }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-slate-200 px-3 py-2 sm:items-center dark:border-slate-800">
      {row.isCompletedToday ? (
        <Check
          aria-hidden
          className="mt-0.5 size-5 shrink-0 text-emerald-600 sm:mt-0 dark:text-emerald-400"
        />
      ) : (
        <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400 sm:mt-0" />
      )}
      {/* On a phone the streaks go under the name, which keeps the row's width. */}
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
        <div className="min-w-0 sm:flex-1">
          <p
            title={row.title}
            className="line-clamp-2 font-semibold text-slate-900 wrap-anywhere dark:text-white"
          >
            {row.title}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {copy.frequency[row.frequency]} ·{' '}
            {row.isCompletedToday ? copy.doneInPeriod[row.frequency] : copy.notDoneToday}
          </p>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 sm:mt-0 sm:shrink-0">
          <p className="flex items-center gap-1 text-sm font-semibold text-amber-800 dark:text-amber-200">
            <Flame aria-hidden className="size-4" />
            {copy.streakCurrent(row.current)}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-300">{copy.streakBest(row.best)}</p>
        </div>
      </div>
    </li>
  );
}

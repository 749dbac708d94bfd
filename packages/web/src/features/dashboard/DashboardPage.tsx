import { localDateOf, parseLocalDate, daysInMonth, formatLocalDate } from '@habitquest/core/dates';
import type { HabitFacts } from '@habitquest/core/model';
import { dayInsights } from '@habitquest/core/stats';
import { useQuery } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { authCopy } from '../auth/copy';
import { completionsQuery, habitsQuery } from '../habits/queries';
import { useLiveUpdates } from '../live/use-live-updates';
import { meQuery } from '../me/queries';
import { applyAccent, applyTheme } from '../settings/theme';
import { useSyncTimeZone } from '../settings/use-sync-time-zone';
import { AdventurerCard } from './AdventurerCard';
import { dashboardCopy as copy } from './copy';
import { Header } from './Header';
import { Hero } from './Hero';

function monthRange(date: string): { from: string; to: string } {
  const { year, month } = parseLocalDate(date);
  return {
    from: formatLocalDate(year, month, 1),
    to: formatLocalDate(year, month, daysInMonth(year, month)),
  };
}

/** The signed-in home: header, hero with today's figures, and the adventurer card. */
export function DashboardPage() {
  const me = useQuery(meQuery);
  const timeZone = me.data?.settings.timeZone ?? 'UTC';
  const today = localDateOf(new Date(), timeZone);
  const month = monthRange(today);
  const habits = useQuery(habitsQuery);
  const completions = useQuery(completionsQuery(month.from, month.to));
  const live = useLiveUpdates(me.isSuccess);
  useSyncTimeZone(me.data?.settings.timeZone);

  useEffect(() => {
    if (!me.data) return;
    applyTheme(me.data.settings.theme);
    applyAccent(me.data.settings.accent);
  }, [me.data]);

  if (!me.data) {
    return (
      <FullScreenMessage title={authCopy.loadingTitle}>{authCopy.loadingText}</FullScreenMessage>
    );
  }
  const facts: HabitFacts[] | null = habits.data
    ? habits.data.map((habit) => ({
        id: habit.id,
        title: habit.title,
        frequency: habit.frequency,
        isRecurring: habit.isRecurring,
        specificDate: habit.specificDate,
        categoryId: habit.categoryId,
        xpOnComplete: habit.xpOnComplete,
        createdOn: localDateOf(new Date(habit.createdAt), timeZone),
      }))
    : null;
  const day =
    facts && completions.data
      ? dayInsights({
          habits: facts,
          completions: completions.data,
          date: today,
          weekStart: me.data.settings.weekStart,
        })
      : null;
  const todayLabel = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <Header me={me.data} />
      {live === 'offline' ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
        >
          <WifiOff aria-hidden className="size-4" />
          {copy.liveOffline}
        </p>
      ) : null}
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6">
        <Hero me={me.data} day={day} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
          <AdventurerCard me={me.data} todayLabel={todayLabel} />
        </div>
      </main>
    </div>
  );
}

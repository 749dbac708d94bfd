import type { Completion } from '@habitquest/contracts/habits';
import { localDateOf, parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { authCopy } from '../auth/copy';
import { Calendar, monthGrid, type YearMonth } from '../calendar/Calendar';
import { DayInsightsDialog } from '../calendar/DayInsightsDialog';
import { GoalTracker } from '../goals/GoalTracker';
import { categoriesQuery } from '../goals/queries';
import { insightsFor, withCreatedOn } from '../habits/day-habits';
import { HabitsSection } from '../habits/HabitsSection';
import { useToggleCompletion } from '../habits/mutations';
import { habitsQuery, yearCompletionsQuery } from '../habits/queries';
import { useLiveUpdates } from '../live/use-live-updates';
import { meQuery } from '../me/queries';
import { UpgradeHost } from '../pro/UpgradeHost';
import { openUpgrade, triggerOf } from '../pro/upgrade-store';
import { RewardsSection } from '../rewards/RewardsSection';
import { applyAccent, applyTheme } from '../settings/theme';
import { useSyncTimeZone } from '../settings/use-sync-time-zone';
import { WhatsNewSection } from '../whats-new/WhatsNewSection';
import { AdventurerCard } from './AdventurerCard';
import { dashboardCopy as copy } from './copy';
import { Header } from './Header';
import { Hero } from './Hero';

const EMPTY: Completion[] = [];

function fullDate(date: LocalDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The signed-in home: header, hero, adventurer card, calendar, habits and goals. */
export function DashboardPage() {
  const me = useQuery(meQuery);
  const settings = me.data?.settings;
  const timeZone = settings?.timeZone ?? 'UTC';
  const weekStart = settings?.weekStart ?? 0;
  const today = localDateOf(new Date(), timeZone);
  const [selected, setSelected] = useState<LocalDate>(today);
  const [view, setView] = useState<YearMonth>(() => {
    const { year, month } = parseLocalDate(today);
    return { year, month };
  });
  const [isInsightsOpen, setIsInsightsOpen] = useState(false);
  const [isShopOpen, setIsShopOpen] = useState(false);

  const habits = useQuery(habitsQuery);
  const categories = useQuery(categoriesQuery);
  const selectedYear = useQuery({
    ...yearCompletionsQuery(parseLocalDate(selected).year, weekStart),
    enabled: me.isSuccess,
  });
  const viewYear = useQuery({
    ...yearCompletionsQuery(view.year, weekStart),
    enabled: me.isSuccess,
  });
  const todayYear = useQuery({
    ...yearCompletionsQuery(parseLocalDate(today).year, weekStart),
    enabled: me.isSuccess,
  });
  const live = useLiveUpdates(me.isSuccess);
  const toggle = useToggleCompletion();
  useSyncTimeZone(settings?.timeZone);

  useEffect(() => {
    if (!settings) return;
    applyTheme(settings.theme);
    applyAccent(settings.accent);
  }, [settings]);

  const dated = useMemo(() => withCreatedOn(habits.data ?? []), [habits.data]);
  const completions = selectedYear.data ?? EMPTY;
  const completedDates = useMemo(() => {
    const grid = new Set(monthGrid(view, weekStart));
    return new Set(
      (viewYear.data ?? EMPTY).map((c) => c.completionDate).filter((date) => grid.has(date)),
    );
  }, [viewYear.data, view, weekStart]);
  const thisMonth = useMemo(() => {
    const prefix = today.slice(0, 7);
    return (todayYear.data ?? EMPTY).filter((c) => c.completionDate.startsWith(prefix));
  }, [todayYear.data, today]);

  if (!me.data) {
    return (
      <FullScreenMessage title={authCopy.loadingTitle}>{authCopy.loadingText}</FullScreenMessage>
    );
  }
  const isReady = habits.isSuccess && selectedYear.isSuccess;
  const day = isReady
    ? insightsFor({ habits: dated, completions, date: selected, weekStart })
    : null;
  const onLimitReached = (resource: string, message: string): void => {
    openUpgrade({ trigger: triggerOf(resource), message });
  };

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
          <div className="flex flex-col gap-6">
            <AdventurerCard
              me={me.data}
              todayLabel={fullDate(today)}
              onOpenShop={() => {
                setIsShopOpen(true);
              }}
            />
            <Calendar
              view={view}
              onViewChange={setView}
              selected={selected}
              today={today}
              weekStart={weekStart}
              completedDates={completedDates}
              onSelect={(date) => {
                setSelected(date);
                setIsInsightsOpen(true);
              }}
              onOpenInsights={() => {
                setIsInsightsOpen(true);
              }}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <HabitsSection
              habits={dated}
              completions={completions}
              date={selected}
              weekStart={weekStart}
              categories={categories.data ?? []}
              onLimitReached={onLimitReached}
            />
            <GoalTracker
              habits={habits.data ?? []}
              completions={thisMonth}
              today={today}
              onLimitReached={onLimitReached}
            />
            <RewardsSection
              isShopOpen={isShopOpen}
              onShopOpenChange={setIsShopOpen}
              onLimitReached={onLimitReached}
            />
          </div>
        </div>
        <WhatsNewSection isPro={me.data.plan.isPro} />
      </main>
      {isInsightsOpen && day ? (
        <DayInsightsDialog
          date={selected}
          insights={day}
          onToggle={(habit, isCompleted) => {
            toggle({ habit, date: selected, completed: !isCompleted, weekStart });
          }}
          onClose={() => {
            setIsInsightsOpen(false);
          }}
        />
      ) : null}
      <UpgradeHost />
    </div>
  );
}

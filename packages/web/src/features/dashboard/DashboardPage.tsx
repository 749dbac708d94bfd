import type { Habit } from '@habitquest/contracts/habits';
import type { Category } from '@habitquest/contracts/categories';
import { parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import type { Frequency } from '@habitquest/core/periods';
import { useQuery } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { authCopy } from '../auth/copy';
import { appCopy } from '../../app/copy';
import { SectionFailed } from '../../app/lazy-part';
import { Button } from '../../components/ui/Button';
import { Calendar, type YearMonth } from '../calendar/Calendar';
import { GoalTracker } from '../goals/GoalTracker';
import { categoriesQuery } from '../goals/queries';
import { insightsFor, withCreatedOn } from '../habits/day-habits';
import { HabitsSection } from '../habits/HabitsSection';
import { LevelUpBanner } from '../habits/LevelUpBanner';
import { useToggleCompletion } from '../habits/completion-mutations';
import { habitsQuery } from '../habits/queries';
import { useLiveUpdates } from '../live/use-live-updates';
import { OfflineSync } from '../offline/OfflineSync';
import { useDesktopShell } from '../desktop/use-desktop-shell';
import { useReminders } from '../reminders/use-reminders';
import { useReminderFocus } from '../reminders/focus-habit';
import { isReachable, subscribeReachability } from '../../lib/reachability';
import { meQuery } from '../me/queries';
import { UpgradeHost } from '../pro/UpgradeHost';
import { RewardsSection } from '../rewards/RewardsSection';
import { vacationStatus } from '../rest/rest-facts';
import { applyAccent, applyTheme } from '../settings/theme';
import { useTimeZoneOffer } from '../settings/use-sync-time-zone';
import { useToday } from '../settings/use-today';
import { WhatsNewSection } from '../whats-new/WhatsNewSection';
import { AdventurerCard } from './AdventurerCard';
import { dashboardCopy as copy } from './copy';
import { Header } from './Header';
import { Hero } from './Hero';
import { SkipLink } from './SkipLink';
import { firstStageCards, LAST_STAGE, useStagedReveal } from './reveal-later';
import { formatDate } from '../../lib/format';
import { isFetchingFirst } from '../../lib/query-state';
import { DayInsightsDialog, HabitFormDialog, TimeZoneOfferBar, VacationNotice } from './lazy-parts';
import { useDashboardDays } from './use-dashboard-days';
import { WarmLaterSections } from './warm-later';

const NO_HABITS: Habit[] = [];
const NO_CATEGORIES: Category[] = [];

function yearMonthOf(date: LocalDate): YearMonth {
  const { year, month } = parseLocalDate(date);
  return { year, month };
}

function fullDate(date: LocalDate): string {
  return formatDate(date, 'full');
}

/** The signed-in home: header, hero, adventurer card, calendar, habits and goals. */
export function DashboardPage() {
  const me = useQuery(meQuery);
  const settings = me.data?.settings;
  const weekStart = settings?.weekStart ?? 0;
  // Nothing below renders before the settings arrive, so this fallback is never shown; and today
  // is derived on every render, so it follows the saved zone and local midnight (docs/decisions.md).
  const today = useToday(settings?.timeZone ?? 'UTC');
  // null follows today: the day and month shown move with it until the user picks another.
  const [picked, setPicked] = useState<LocalDate | null>(null);
  const [pickedView, setPickedView] = useState<YearMonth | null>(null);
  const selected = picked ?? today;
  const view = pickedView ?? yearMonthOf(today);
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [isInsightsOpen, setIsInsightsOpen] = useState(false);
  const [isShopOpen, setIsShopOpen] = useState(false);
  const [hasVacationNotice, setHasVacationNotice] = useState(false);
  // A habit opened for editing from outside its card (the Uncategorized dialog).
  const [editing, setEditing] = useState<Habit | null>(null);

  const habits = useQuery(habitsQuery);
  const categories = useQuery(categoriesQuery);
  const { selectedYear, completions, todayYear, thisMonth, completedDates, restDays, rest } =
    useDashboardDays({
      isSignedIn: me.isSuccess,
      habits: habits.data,
      vacation: me.data?.vacation,
      selected,
      view,
      today,
      weekStart,
    });
  const live = useLiveUpdates(me.isSuccess);
  const isOnline = useSyncExternalStore(subscribeReachability, isReachable);
  const toggle = useToggleCompletion();
  const timeZoneOffer = useTimeZoneOffer(
    me.data?.user.id,
    settings?.timeZone,
    settings?.timeZoneChosen,
  );
  useDesktopShell();
  useReminders({ me: me.data, habits: habits.data, completions: todayYear, rest, today });

  useEffect(() => {
    if (!settings) return;
    applyTheme(settings.theme);
    applyAccent(settings.accent);
  }, [settings]);

  const dated = useMemo(() => withCreatedOn(habits.data ?? []), [habits.data]);
  // Loaded with the first vacation seen, then kept: the settings it opens outlive the vacation.
  const isOnOrBeforeVacation = vacationStatus(me.data?.vacation, today) !== 'none';
  // The first screen is built once its data is in (or cannot come: offline, an error), not again
  // with each answer; then the rest, stage by stage, as the user nears it (reveal-later.ts).
  const { stage, sentinel, revealAll } = useStagedReveal(
    me.data !== undefined &&
      // A query paused offline, or failed, waits no longer.
      !isFetchingFirst(habits) &&
      !isFetchingFirst(selectedYear) &&
      !isFetchingFirst(categories),
  );
  if (isOnOrBeforeVacation && !hasVacationNotice) setHasVacationNotice(true);
  // A reminder clicked: today, under the habit's frequency, the focus on its toggle.
  useReminderFocus({
    habits: habits.data,
    stage,
    revealAll,
    isDayPicked: picked !== null,
    pickToday: () => {
      setPicked(null);
    },
    frequency,
    setFrequency,
  });

  const isReady = habits.isSuccess && selectedYear.isSuccess;
  const day = useMemo(
    () =>
      isReady ? insightsFor({ habits: dated, completions, date: selected, weekStart, rest }) : null,
    [isReady, dated, completions, selected, weekStart, rest],
  );
  // Stable, so that a change elsewhere on the page does not rebuild the sections (memo).
  const openShop = useCallback(() => {
    // The shop is the rewards section's, the last to be built.
    revealAll();
    setIsShopOpen(true);
  }, [revealAll]);
  const openInsights = useCallback(() => {
    setIsInsightsOpen(true);
  }, []);
  const selectDay = useCallback(
    (date: LocalDate) => {
      setPicked(date === today ? null : date);
      setIsInsightsOpen(true);
    },
    [today],
  );
  const showToday = useCallback(() => {
    setPicked(null);
    setPickedView(null);
  }, []);

  if (!me.data && me.isError) {
    // The server answered with an error (or not at all): say so and offer Retry; the query also
    // tries again by itself every few seconds meanwhile (me/queries.ts).
    return (
      <FullScreenMessage
        title={appCopy.pageFailedTitle}
        action={
          <Button onClick={() => void me.refetch()} disabled={me.isFetching}>
            {me.isFetching ? appCopy.retrying : appCopy.retry}
          </Button>
        }
      >
        {appCopy.partFailedText}
      </FullScreenMessage>
    );
  }
  if (!me.data || stage === 0) {
    return (
      <FullScreenMessage title={authCopy.loadingTitle}>{authCopy.loadingText}</FullScreenMessage>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <SkipLink />
      <Header me={me.data} />
      <OfflineSync />
      <WarmLaterSections />
      {/* Offline, the header's badge says so; this bar is for a stream lost while online. */}
      {live === 'offline' && isOnline ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
        >
          <WifiOff aria-hidden className="size-4" />
          {copy.liveOffline}
        </p>
      ) : null}
      {timeZoneOffer ? (
        <Suspense fallback={null}>
          <TimeZoneOfferBar offer={timeZoneOffer} />
        </Suspense>
      ) : null}
      <main className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-3 sm:gap-6 sm:px-4 sm:py-6 2xl:max-w-[100rem]">
        <Hero me={me.data} day={day} date={selected} today={today} />
        {hasVacationNotice ? (
          <Suspense fallback={null}>
            <VacationNotice me={me.data} today={today} />
          </Suspense>
        ) : null}
        {/* Phones: today's habits come straight after the day's figures. Wide: the adventurer
            and calendar beside the habits, then goals and the shop across the whole width.
            What is not the hero or the habits is built after they paint, as the user nears it
            (reveal-later.ts). */}
        <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          {habits.isError && !habits.data ? (
            // Not "no habits yet": the list could not be read. It is asked for again by itself
            // every few seconds (habits/queries.ts), and at once on Retry.
            <SectionFailed
              className="lg:col-start-2 lg:row-start-1 lg:self-start"
              onRetry={() => void habits.refetch()}
            />
          ) : (
            <HabitsSection
              className="lg:col-start-2 lg:row-start-1 lg:self-start"
              habits={dated}
              completions={completions}
              date={selected}
              today={today}
              frequency={frequency}
              onFrequencyChange={setFrequency}
              weekStart={weekStart}
              categories={categories.data ?? NO_CATEGORIES}
              rest={rest}
              timeZone={me.data.settings.timeZone}
              {...(stage < 2 ? { cardLimit: firstStageCards() } : {})}
            />
          )}
          {stage >= 2 ? (
            <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
              <AdventurerCard me={me.data} todayLabel={fullDate(today)} onOpenShop={openShop} />
              <Calendar
                view={view}
                onViewChange={setPickedView}
                selected={selected}
                today={today}
                weekStart={weekStart}
                frequency={frequency}
                completedDates={completedDates}
                restDays={restDays}
                onSelect={selectDay}
                onToday={showToday}
                onOpenInsights={openInsights}
              />
            </div>
          ) : null}
          {stage >= 3 ? (
            <GoalTracker
              className="lg:col-span-2"
              habits={habits.data ?? NO_HABITS}
              completions={thisMonth}
              today={today}
              onEditHabit={setEditing}
            />
          ) : null}
          {stage >= 4 ? (
            <div className="grid min-w-0 grid-cols-1 items-start gap-6 lg:col-span-2 xl:grid-cols-2">
              <RewardsSection isShopOpen={isShopOpen} onShopOpenChange={setIsShopOpen} />
            </div>
          ) : null}
        </div>
        {stage >= 4 ? <WhatsNewSection isPro={me.data.plan.isPro} /> : null}
        {/* Where the page built so far ends: near the viewport, the next stage is built. */}
        {stage < LAST_STAGE ? <div key={stage} ref={sentinel} aria-hidden /> : null}
      </main>
      {isInsightsOpen && day ? (
        <Suspense fallback={null}>
          <DayInsightsDialog
            date={selected}
            today={today}
            insights={day}
            onToggle={(habit, isCompleted) => {
              toggle({ habit, date: selected, completed: !isCompleted, weekStart });
            }}
            onClose={() => {
              setIsInsightsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <HabitFormDialog
            habit={editing}
            defaultFrequency={editing.frequency}
            defaultDate={selected}
            categories={categories.data ?? []}
            onClose={() => {
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
      <LevelUpBanner />
      <UpgradeHost />
    </div>
  );
}

// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../../test-dom.mjs';
import {
  zDailyAnalytics,
  zMonthlyAnalytics,
  zOverviewAnalytics,
  zWeeklyAnalytics,
} from '@habitquest/contracts/analytics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpgradeHost } from '../pro/UpgradeHost';
import { AnalyticsModal } from './AnalyticsModal';
import { MONTHLY_BAND_COLORS, WEEKLY_BAND_COLORS } from './bands';
import { DailyView } from './DailyTab';
import { monthlyBars } from './MonthlyTab';
import { analyticsKeys } from './queries';
import {
  daily,
  monthly,
  overview,
  overview2024,
  TODAY,
  weekly,
} from '../../../test/analytics-fixtures';
import { weeklyBars } from './WeeklyTab';

/** The upgrade modal is a lazy chunk: its first import may take a while on a busy machine. */
const LAZY = { timeout: 5000 };

/** Answers the one request the tests let through (2024's overview) and records every URL. */
const requested: string[] = [];
function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  requested.push(url);
  const body = url.includes('overview?year=2024')
    ? overview2024
    : { error: { code: 'NOT_FOUND', message: 'Not found' } };
  const status = url.includes('overview?year=2024') ? 200 : 404;
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderModal(isPro: boolean, overview2025 = overview, june2025 = monthly) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(analyticsKeys.overview(2025), zOverviewAnalytics.parse(overview2025));
  client.setQueryData(analyticsKeys.monthly(2025, 6), zMonthlyAnalytics.parse(june2025));
  client.setQueryData(analyticsKeys.weekly(TODAY), zWeeklyAnalytics.parse(weekly));
  client.setQueryData(analyticsKeys.daily(TODAY), zDailyAnalytics.parse(daily));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AnalyticsModal isPro={isPro} today={TODAY} onClose={onClose} />
      <UpgradeHost />
    </QueryClientProvider>,
  );
  return { onClose };
}

/** The value shown under a figure's label. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function isDisabled(button: string): boolean {
  return screen.getByRole<HTMLButtonElement>('button', { name: button }).disabled;
}

/** Radix selects a tab on mouse down (a pointer press), as a browser's click begins. */
function openTab(name: string): void {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
}

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  // jsdom has no layout: Recharts' responsive charts only need the observer to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {
        // Nothing resizes without layout.
      }
      unobserve(): void {
        // As above.
      }
      disconnect(): void {
        // As above.
      }
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Analytics Dashboard for a Pro user', () => {
  it('Overview shows every figure of the year, the chart table and the shop summary', () => {
    renderModal(true);
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    expect(figure('Total XP (all time)')).toBe('12,345');
    expect(figure('XP this year')).toBe('2,400');
    expect(figure('Completions this year')).toBe('240');
    expect(figure('Average completion rate')).toBe('68%');
    expect(figure('Best month')).toBe('March · 600 XP');
    const table = screen.getByRole('table', { name: 'Monthly XP in 2025' });
    expect(
      within(table).getByRole('row', { name: 'January 100 XP · 10 completions' }),
    ).toBeTruthy();
    const lastMonth = screen.getByText('Last month (May)').parentElement;
    const thisMonth = screen.getByText('This month (June)').parentElement;
    expect(lastMonth?.textContent).toContain('Items redeemed2');
    expect(lastMonth?.textContent).toContain('Points spent150 pts');
    expect(thisMonth?.textContent).toContain('Items redeemed1');
    expect(thisMonth?.textContent).toContain('Points spent80 pts');
  });

  it('Overview: next year is disabled in the current year; previous year loads that year', async () => {
    renderModal(true);
    expect(isDisabled('Next year')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByText('XP in 2024')).toBeTruthy();
    expect(figure('XP in 2024')).toBe('900');
    expect(figure('Best month')).toBe('–');
    expect(requested).toEqual(['/api/analytics/overview?year=2024']);
    expect(isDisabled('Next year')).toBe(false);
  });

  it("Overview: previous year stops at the account's first year", async () => {
    renderModal(true);
    expect(isDisabled('Previous year')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByText('XP in 2024')).toBeTruthy();
    // The fixtures' account starts in 2024.
    expect(isDisabled('Previous year')).toBe(true);
  });

  it("Overview: a past year's shop summary names that year's own last two months", async () => {
    renderModal(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByText('XP in 2024')).toBeTruthy();
    expect(screen.getByText('November 2024')).toBeTruthy();
    expect(screen.getByText('December 2024')).toBeTruthy();
    expect(screen.queryByText('This month (June)')).toBeNull();
  });

  it('Overview: a year without data says so instead of drawing an empty chart', () => {
    const empty = {
      ...overview,
      xpThisYear: 0,
      completionsThisYear: 0,
      bestMonth: null,
      averageCompletionRate: 0,
      monthlyXp: overview.monthlyXp.map((entry) => ({ ...entry, xp: 0, completions: 0 })),
    };
    renderModal(true, empty);
    expect(screen.getByRole('heading', { name: 'No data yet' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Monthly XP in 2025' })).toBeNull();
  });

  it('Overview: one point is singular', () => {
    const one = {
      ...overview,
      rewardShop: { ...overview.rewardShop, thisMonth: { itemsRedeemed: 1, pointsSpent: 1 } },
    };
    renderModal(true, one);
    const thisMonth = screen.getByText('This month (June)').parentElement;
    expect(thisMonth?.textContent).toContain('Points spent1 pt');
  });

  it('Monthly says a category with nothing due in the month has nothing due, not 0 %', () => {
    const idle = {
      categoryId: 'c-idle',
      name: 'SPIRITUAL',
      completed: 0,
      total: 0,
      rate: 0,
      xp: 0,
      target: 100,
      targetPercent: 0,
      isTargetMet: false,
    };
    renderModal(true, overview, { ...monthly, categories: [...monthly.categories, idle] });
    openTab('Monthly');
    const row = screen.getByText('SPIRITUAL').closest('li');
    expect(row?.textContent).toContain('Nothing due this month');
    expect(row?.textContent).not.toContain('% complete');
  });

  it('Monthly shows the month, its day bars and each category; next month stops at today', () => {
    renderModal(true);
    openTab('Monthly');
    expect(screen.getByText('June 2025')).toBeTruthy();
    expect(figure('Completions')).toBe('42');
    expect(figure('XP earned')).toBe('420');
    expect(figure('Completion rate')).toBe('57%');
    expect(figure('Average daily XP')).toBe('30');
    const table = screen.getByRole('table', { name: 'Daily progress' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: 'June 2 80/100 · 80%' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'June 15 Upcoming' })).toBeTruthy();
    const health = screen.getByText('HEALTH & FITNESS').closest('li');
    expect(health?.textContent).toContain('Target met');
    expect(health?.textContent).toContain('80% complete · 20/25');
    expect(health?.textContent).toContain('400 / 350 XP target · 100%');
    const career = screen.getByText('CAREER').closest('li');
    expect(career?.textContent).not.toContain('Target met');
    const bar = screen.getByRole('progressbar', {
      name: 'CAREER: progress toward the monthly XP target',
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(isDisabled('Next month')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('May 2025')).toBeTruthy();
    expect(isDisabled('Next month')).toBe(false);
    expect(requested).toEqual(['/api/analytics/monthly?year=2025&month=5']);
  });

  it("Monthly: previous month stops at the January of the account's first year", () => {
    renderModal(true, overview, { ...monthly, firstYear: 2025 });
    openTab('Monthly');
    for (const month of ['May', 'April', 'March', 'February', 'January']) {
      expect(isDisabled('Previous month')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
      expect(screen.getByText(`${month} 2025`)).toBeTruthy();
    }
    // Those months are still loading (or failed): the first year last known holds meanwhile.
    expect(isDisabled('Previous month')).toBe(true);
  });

  it('Weekly compares the two weeks and shows the improvement', () => {
    renderModal(true);
    openTab('Weekly');
    const previous = screen.getByRole('region', { name: 'Previous week' });
    const current = screen.getByRole('region', { name: 'This week' });
    expect(previous.textContent).toContain('Jun 1 – Jun 7');
    expect(previous.textContent).toContain('Completions5');
    expect(previous.textContent).toContain('XP50');
    expect(current.textContent).toContain('Completions8');
    expect(current.textContent).toContain('XP90');
    const improvement = screen.getByRole('region', { name: 'Improvement' });
    expect(improvement.textContent).toContain('+3 completions');
    expect(improvement.textContent).toContain('+40 XP');
    expect(improvement.textContent).toContain('+60% vs last week');
    const table = screen.getByRole('table', { name: 'This week, day by day' });
    expect(within(table).getByRole('row', { name: 'Sun Jun 8 1/2 · 100%' })).toBeTruthy();
  });

  it('Daily shows the day and a streak row per habit', () => {
    renderModal(true);
    openTab('Daily');
    expect(figure("Today's completion rate")).toBe('50%');
    expect(figure('XP earned')).toBe('30');
    expect(figure('Habits done')).toBe('2');
    expect(figure('Total habits')).toBe('4');
    const read = screen.getByText('Read').closest('li');
    expect(read?.textContent).toContain('Daily · Done today');
    expect(read?.textContent).toContain('5 current');
    expect(read?.textContent).toContain('Best 9');
    expect(screen.getByText('Gym').closest('li')?.textContent).toContain('Weekly · Not done yet');
    // Done in the period that holds today, and said so.
    expect(screen.getByText('Budget review').closest('li')?.textContent).toContain(
      'Monthly · Done this month',
    );
    expect(requested).toEqual([]);
  });

  it('Daily gives no rate for a day with nothing due, and a real 0 % otherwise', () => {
    render(<DailyView data={{ ...daily, completionRate: 0, totalHabits: 0, habitsDone: 0 }} />);
    expect(figure("Today's completion rate")).toBe('–');
    cleanup();
    render(<DailyView data={{ ...daily, completionRate: 0, totalHabits: 3, habitsDone: 0 }} />);
    expect(figure("Today's completion rate")).toBe('0%');
  });

  it('tabs follow the arrow keys', async () => {
    renderModal(true);
    // Focus moves (and selects) a moment after the key, as Radix's roving focus does.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Overview' }), { key: 'ArrowLeft' });
    expect(await screen.findByRole('tab', { name: 'Daily', selected: true })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Daily' }), { key: 'Home' });
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });
});

describe('chart colours', () => {
  it('Monthly day bars take the ≥80 / ≥60 / ≥40 / >0 / none bands', () => {
    const colours = monthlyBars(monthly)
      .slice(0, 9)
      .map((bar) => bar.fill);
    const { excellent, good, fair, low, none } = MONTHLY_BAND_COLORS;
    // Rates 100, 80, 79, 60, 59, 40, 39, 1, 0.
    expect(colours).toEqual([excellent, excellent, good, good, fair, fair, low, low, none]);
  });

  it('a day with habits due and none done is a missed stub; future days draw nothing', () => {
    const bars = monthlyBars(monthly);
    // 9 June: 0 of 100 done. 15–30 June: in the future.
    expect(bars.filter((bar) => bar.isMissed).map((bar) => bar.key)).toEqual(['2025-06-09']);
    expect(weeklyBars(weekly).map((bar) => bar.isMissed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('Weekly day bars are green at 70, amber at 40, red below', () => {
    const { green, amber, red } = WEEKLY_BAND_COLORS;
    // Rates 100, 70, 69, 40, 39, 0, 50.
    expect(weeklyBars(weekly).map((bar) => bar.fill)).toEqual([
      green,
      green,
      amber,
      amber,
      red,
      red,
      amber,
    ]);
  });
});

describe('Analytics Dashboard for a free user', () => {
  it('is blurred and inert under Unlock Full Analytics, with no figures and no requests', () => {
    renderModal(false);
    expect(screen.getByRole('heading', { name: 'Unlock Full Analytics' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('12,345')).toBeNull();
    const preview = document.querySelector('[inert]');
    expect(preview?.className).toContain('blur');
    expect(requested).toEqual([]);
  });

  it("'Upgrade to Pro' closes the dashboard and opens the upgrade modal", async () => {
    const { onClose } = renderModal(false);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onClose).toHaveBeenCalledOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to HabitQuest Pro' }, LAZY);
    expect(
      within(dialog).getByText(
        'The free plan includes 15 habits. Upgrade to Pro for unlimited habits!',
      ),
    ).toBeTruthy();
  });
});

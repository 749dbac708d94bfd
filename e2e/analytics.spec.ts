/**
 * The Pro Analytics Dashboard against figures worked out here, by plain arithmetic, from data the
 * test seeds through the API. No analytics code of core is imported: that would check core
 * against itself. Seed dates are offsets from today and every expectation is derived from the
 * dates actually seeded, so the test holds on any run date (the 1st of a month, a Sunday, the
 * first days of January, a leap day…).
 */
import type { APIRequestContext } from '@playwright/test';
import { AnalyticsModal, type AnalyticsTab } from './pages/pro';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { upgradeThroughApi } from './support/pro';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signIn } from './support/session';
import { THEMES, useTheme } from './support/theme';

// Tall enough that the dialog (which scrolls inside 90% of the height) shows the Monthly tab with
// its nine categories whole, in the screenshots too.
const TALL = { width: 1440, height: 1400 };

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on 'YYYY-MM-DD'. Weeks start on Sunday: the test sets weekStart 0.

const DAY_MS = 86_400_000;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) =>
  `${String(year)}-${pad(month)}-${pad(day)}`;
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => fromEpochDay(epochDay(date) + days);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const sundayOf = (date: string) => addDays(date, -weekdayOf(date));
const yearOf = (date: string) => Number(date.slice(0, 4));
const monthOf = (date: string) => Number(date.slice(5, 7));
const dayOf = (date: string) => Number(date.slice(8, 10));
const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthName = (month: number) => MONTH_NAMES[month - 1] ?? '';
const shortDate = (date: string) =>
  `${monthName(monthOf(date)).slice(0, 3)} ${String(dayOf(date))}`;
const earlier = (a: string, b: string) => (a < b ? a : b);

function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The month before (December of the year before for January). */
function monthBefore(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

// What the UI prints (packages/web/src/features/analytics/copy.ts).
const num = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));
const pct = (n: number) => `${String(n)}%`;
const percentOf = (done: number, total: number) =>
  total === 0 ? 0 : Math.round((done / total) * 100);

// ---------------------------------------------------------------------------------------------
// The seed.

type Frequency = 'daily' | 'weekly';
type HabitSeed = {
  title: string;
  frequency: Frequency;
  xp: number;
  category: string;
  /** Days it is completed on, as offsets from today (back-fill of past days is allowed). */
  doneOn: number[];
};

const TRAINING = { name: 'E2E TRAINING', monthlyTargetXp: 50 };
const HABITS: HabitSeed[] = [
  // Missed 7 and 4 days ago: runs of 2, 2 and 4 days, the last one ending today.
  {
    title: 'Read',
    frequency: 'daily',
    xp: 10,
    category: 'CREATIVE',
    doneOn: [-9, -8, -6, -5, -3, -2, -1, 0],
  },
  // Ten days ago and today always fall in different weeks; in adjacent ones from Wednesday on.
  { title: 'Gym', frequency: 'weekly', xp: 60, category: TRAINING.name, doneOn: [-10, 0] },
  // Done the two days before today, still open today.
  { title: 'Stretch', frequency: 'daily', xp: 20, category: TRAINING.name, doneOn: [-2, -1] },
];
// 8×5 + 2×30 + 2×10 = 120 points earned (half the XP, rounded down), enough for both.
const REWARDS = [
  { name: 'Movie night', cost: 25 },
  { name: 'New book', cost: 40 },
];

type Category = { id: string; name: string; monthlyTargetXp: number };
type Seeded = { today: string; categories: Category[]; habitIds: Map<HabitSeed, string> };

/** Makes the request context's user Pro and seeds the habits, completions and redeemed rewards. */
async function seed(request: APIRequestContext, baseURL: string): Promise<Seeded> {
  const headers = { origin: baseURL };
  await upgradeThroughApi(request);
  // The server's "today" is the user's zone: make it the zone localDate() uses.
  const settings = await request.patch('/api/settings', {
    data: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, weekStart: 0 },
    headers,
  });
  expect(settings.ok()).toBe(true);
  const today = localDate(0);

  const created = await request.post('/api/categories', { data: TRAINING, headers });
  expect(created.status()).toBe(201);
  const list = await request.get('/api/categories');
  const categories = (await list.json()) as Category[];
  const categoryId = (name: string) => categories.find((c) => c.name === name)?.id ?? '';

  const habitIds = new Map<HabitSeed, string>();
  for (const habit of HABITS) {
    const response = await request.post('/api/habits', {
      data: {
        title: habit.title,
        frequency: habit.frequency,
        xpOnComplete: habit.xp,
        categoryId: categoryId(habit.category),
      },
      headers,
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    habitIds.set(habit, id);
    for (const offset of habit.doneOn) {
      const done = await request.put(`/api/habits/${id}/completions/${addDays(today, offset)}`, {
        data: { completed: true },
        headers,
      });
      expect(done.ok()).toBe(true);
    }
  }
  for (const reward of REWARDS) {
    const response = await request.post('/api/rewards', { data: reward, headers });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const redeemed = await request.post(`/api/rewards/${id}/redeem`, { headers });
    expect(redeemed.ok()).toBe(true);
  }
  // The run must not straddle midnight: every expectation below is relative to this today.
  expect(localDate(0)).toBe(today);
  return { today, categories, habitIds };
}

// ---------------------------------------------------------------------------------------------
// The expectations, from the rules of the docs/product.md and core's decisions where it is silent:
// - completions and XP of a period are the completions dated in it;
// - a completion rate counts scheduled instances: each habit's distinct periods (days or weeks)
//   met by the period's days up to today and from the habit's first day (its creation, today, or
//   an earlier back-filled completion), done when that day or week has a completion; a week done
//   counts on its days before that first day too (a weekly habit first done on a Friday);
// - streaks count consecutive done periods ending today's period, or the one before while today's
//   is still open.

function expectationsFor({ today, categories, habitIds }: Seeded) {
  const doneDates = (habit: HabitSeed) => habit.doneOn.map((offset) => addDays(today, offset));
  const periodOf = (habit: HabitSeed, date: string) =>
    habit.frequency === 'daily' ? date : sundayOf(date);
  const firstDay = (habit: HabitSeed) => doneDates(habit).reduce(earlier, today);

  /** Completions dated in [start, end] and their XP. */
  function records(start: string, end: string, habits = HABITS) {
    let completions = 0;
    let xp = 0;
    for (const habit of habits) {
      for (const date of doneDates(habit)) {
        if (date < start || date > end) continue;
        completions += 1;
        xp += habit.xp;
      }
    }
    return { completions, xp };
  }

  /** Scheduled and completed instances in [start, end] (see above). */
  function tally(start: string, end: string, habits = HABITS) {
    let completed = 0;
    let total = 0;
    for (const habit of habits) {
      const periods = new Set<string>();
      const done = new Set(doneDates(habit).map((date) => periodOf(habit, date)));
      for (const date of datesBetween(start, earlier(end, today))) {
        const period = periodOf(habit, date);
        if (date >= firstDay(habit) || done.has(period)) periods.add(period);
      }
      total += periods.size;
      completed += [...periods].filter((period) => done.has(period)).length;
    }
    return { completed, total, rate: percentOf(completed, total) };
  }

  function dayBar(date: string) {
    return { date, ...tally(date, date), ...records(date, date), isFuture: date > today };
  }

  function monthRange(year: number, month: number) {
    return { start: isoDate(year, month, 1), end: isoDate(year, month, daysInMonth(year, month)) };
  }

  function overview(year: number) {
    const months = MONTH_NAMES.map((_, index) => {
      const { start, end } = monthRange(year, index + 1);
      return { month: index + 1, ...records(start, end), tally: tally(start, end) };
    });
    let bestMonth: { month: number; xp: number } | null = null;
    for (const { month, xp } of months) if (xp > (bestMonth?.xp ?? 0)) bestMonth = { month, xp };
    const rates = months.filter((m) => m.tally.total > 0).map((m) => m.tally.rate);
    const spent = REWARDS.reduce((sum, reward) => sum + reward.cost, 0);
    return {
      year,
      totalXpAllTime: records('0000-01-01', '9999-12-31').xp,
      xpThisYear: months.reduce((sum, m) => sum + m.xp, 0),
      completionsThisYear: months.reduce((sum, m) => sum + m.completions, 0),
      bestMonth,
      averageCompletionRate:
        rates.length === 0 ? 0 : Math.round(rates.reduce((a, b) => a + b, 0) / rates.length),
      monthlyXp: months.map(({ month, xp, completions }) => ({ month, xp, completions })),
      // Both rewards were redeemed today; nothing the month before. A past year shows its own
      // November and December, so nothing.
      rewardShop: {
        previousMonth: { itemsRedeemed: 0, pointsSpent: 0 },
        thisMonth:
          year === yearOf(today)
            ? { itemsRedeemed: REWARDS.length, pointsSpent: spent }
            : { itemsRedeemed: 0, pointsSpent: 0 },
      },
      firstYear: firstYear(),
    };
  }

  /** The account was made today; the earliest back-filled completion may reach last year. */
  function firstYear() {
    return yearOf(HABITS.flatMap(doneDates).reduce(earlier, today));
  }

  function monthly(year: number, month: number) {
    const { start, end } = monthRange(year, month);
    const totals = records(start, end);
    const elapsed = today < start ? 0 : today > end ? daysInMonth(year, month) : dayOf(today);
    const band = (rate: number) =>
      rate >= 80
        ? 'excellent'
        : rate >= 60
          ? 'good'
          : rate >= 40
            ? 'fair'
            : rate > 0
              ? 'low'
              : 'none';
    return {
      year,
      month,
      firstYear: firstYear(),
      completions: totals.completions,
      xpEarned: totals.xp,
      completionRate: tally(start, end).rate,
      averageDailyXp: elapsed === 0 ? 0 : Math.round((totals.xp / elapsed) * 10) / 10,
      days: datesBetween(start, end).map((date) => {
        const bar = dayBar(date);
        return { ...bar, band: band(bar.rate) };
      }),
      categories: categories
        .toSorted((a, b) => a.name.localeCompare(b.name, 'en'))
        .map((category) => {
          const habits = HABITS.filter((habit) => habit.category === category.name);
          const xp = records(start, end, habits).xp;
          const target = category.monthlyTargetXp;
          const percent = target > 0 ? Math.round((xp / target) * 100) : xp > 0 ? 100 : 0;
          return {
            categoryId: category.id,
            name: category.name,
            ...tally(start, end, habits),
            xp,
            target,
            targetPercent: Math.min(100, percent),
            isTargetMet: percent >= 100,
          };
        }),
    };
  }

  function weekly() {
    const start = sundayOf(today);
    const week = (first: string) => {
      const last = addDays(first, 6);
      return { start: first, end: last, ...records(first, last) };
    };
    const thisWeek = week(start);
    const previousWeek = week(addDays(start, -7));
    const band = (rate: number) => (rate >= 70 ? 'green' : rate >= 40 ? 'amber' : 'red');
    return {
      thisWeek,
      previousWeek,
      improvement: {
        completions: thisWeek.completions - previousWeek.completions,
        xp: thisWeek.xp - previousWeek.xp,
        completionsPercent:
          previousWeek.completions === 0
            ? null
            : Math.round(
                ((thisWeek.completions - previousWeek.completions) / previousWeek.completions) *
                  100,
              ),
      },
      days: datesBetween(start, addDays(start, 6)).map((date) => {
        const bar = dayBar(date);
        return { ...bar, weekday: WEEKDAYS[weekdayOf(date)] ?? '', band: band(bar.rate) };
      }),
    };
  }

  function streaks(habit: HabitSeed) {
    const index = (date: string) =>
      habit.frequency === 'daily' ? epochDay(date) : Math.floor(epochDay(sundayOf(date)) / 7);
    const done = new Set(doneDates(habit).map(index));
    let current = 0;
    for (let i = done.has(index(today)) ? index(today) : index(today) - 1; done.has(i); i -= 1) {
      current += 1;
    }
    let best = 0;
    for (const start of done) {
      let length = 0;
      while (done.has(start + length)) length += 1;
      best = Math.max(best, length);
    }
    return { current, best };
  }

  function daily() {
    const rows = HABITS.filter((habit) => firstDay(habit) <= today).map((habit) => ({
      habitId: habitIds.get(habit) ?? '',
      title: habit.title,
      frequency: habit.frequency,
      ...streaks(habit),
      isCompletedToday: doneDates(habit).some(
        (date) => periodOf(habit, date) === periodOf(habit, today),
      ),
    }));
    const habitsDone = rows.filter((row) => row.isCompletedToday).length;
    return {
      date: today,
      completionRate: percentOf(habitsDone, rows.length),
      xpEarned: records(today, today).xp,
      habitsDone,
      totalHabits: rows.length,
      streaks: rows.toSorted(
        (a, b) => b.current - a.current || a.title.localeCompare(b.title, 'en'),
      ),
    };
  }

  return { overview, monthly, weekly, daily };
}

type Expectations = ReturnType<typeof expectationsFor>;

/** The server's answer to a GET of the analytics API. */
async function analytics(request: APIRequestContext, query: string): Promise<unknown> {
  const response = await request.get(`/api/analytics/${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// What each tab must show.

/** A bar's words in a chart's table: '2/3 · 67%', 'Nothing scheduled' or 'Upcoming'. */
function barDetail(bar: { completed: number; total: number; rate: number; isFuture: boolean }) {
  if (bar.isFuture) return 'Upcoming';
  if (bar.total === 0) return 'Nothing scheduled';
  return `${String(bar.completed)}/${String(bar.total)} · ${pct(bar.rate)}`;
}

async function expectOverview(
  modal: AnalyticsModal,
  expected: ReturnType<Expectations['overview']>,
  today: string,
) {
  const isCurrent = expected.year === yearOf(today);
  const { year } = expected;
  await expect(modal.period).toHaveText(String(year));
  await expect(modal.figure('Total XP (all time)')).toHaveText(num(expected.totalXpAllTime));
  await expect(modal.figure(isCurrent ? 'XP this year' : `XP in ${String(year)}`)).toHaveText(
    num(expected.xpThisYear),
  );
  await expect(
    modal.figure(isCurrent ? 'Completions this year' : `Completions in ${String(year)}`),
  ).toHaveText(num(expected.completionsThisYear));
  await expect(modal.figure('Average completion rate')).toHaveText(
    pct(expected.averageCompletionRate),
  );
  await expect(modal.figure('Best month')).toHaveText(
    expected.bestMonth
      ? `${monthName(expected.bestMonth.month)} · ${num(expected.bestMonth.xp)} XP`
      : '–',
  );
  if (expected.xpThisYear === 0 && expected.completionsThisYear === 0) {
    await expect(modal.dialog.getByRole('heading', { name: 'No data yet' })).toBeVisible();
  } else {
    const table = modal.chartTable(`Monthly XP in ${String(year)}`);
    await expect(table.getByRole('rowheader')).toHaveText(MONTH_NAMES);
    await expect(table.getByRole('cell')).toHaveText(
      expected.monthlyXp.map((m) => `${num(m.xp)} XP · ${num(m.completions)} completions`),
    );
  }
  // The shop summary: today's month and the one before; a past year's own November and December.
  const previous = monthBefore(yearOf(today), monthOf(today));
  const shop = isCurrent
    ? ([
        [`Last month (${monthName(previous.month)})`, expected.rewardShop.previousMonth],
        [`This month (${monthName(monthOf(today))})`, expected.rewardShop.thisMonth],
      ] as const)
    : ([
        [`November ${String(year)}`, expected.rewardShop.previousMonth],
        [`December ${String(year)}`, expected.rewardShop.thisMonth],
      ] as const);
  for (const [title, month] of shop) {
    const card = modal.shopCard(title);
    await expect(modal.figure('Items redeemed', card)).toHaveText(num(month.itemsRedeemed));
    await expect(modal.figure('Points spent', card)).toHaveText(`${num(month.pointsSpent)} pts`);
  }
}

async function expectMonthly(modal: AnalyticsModal, expected: ReturnType<Expectations['monthly']>) {
  const name = monthName(expected.month);
  await expect(modal.period).toHaveText(`${name} ${String(expected.year)}`);
  await expect(modal.figure('Completions')).toHaveText(num(expected.completions));
  await expect(modal.figure('XP earned')).toHaveText(num(expected.xpEarned));
  await expect(modal.figure('Completion rate')).toHaveText(pct(expected.completionRate));
  await expect(modal.figure('Average daily XP')).toHaveText(num(expected.averageDailyXp));
  const table = modal.chartTable('Daily progress');
  await expect(table.getByRole('rowheader')).toHaveText(
    expected.days.map((day) => `${name} ${String(dayOf(day.date))}`),
  );
  await expect(table.getByRole('cell')).toHaveText(expected.days.map(barDetail));
  const rows = modal.region('Category performance').getByRole('listitem');
  await expect(rows).toHaveCount(expected.categories.length);
  for (const [index, category] of expected.categories.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(category.name);
    await expect(row).toContainText(
      category.total === 0
        ? 'Nothing due this month'
        : `${pct(category.rate)} complete · ${String(category.completed)}/${String(category.total)}`,
    );
    await expect(row).toContainText(
      `${num(category.xp)} / ${num(category.target)} XP target · ${pct(category.targetPercent)}`,
    );
    await expect(
      row.getByRole('progressbar', {
        name: `${category.name}: progress toward the monthly XP target`,
      }),
    ).toHaveAttribute('aria-valuenow', String(category.targetPercent));
    await expect(row.getByText('Target met')).toHaveCount(category.isTargetMet ? 1 : 0);
  }
}

async function expectWeekly(modal: AnalyticsModal, expected: ReturnType<Expectations['weekly']>) {
  const weeks = [
    ['Previous week', expected.previousWeek],
    ['This week', expected.thisWeek],
  ] as const;
  for (const [title, week] of weeks) {
    const card = modal.region(title);
    await expect(card).toContainText(`${shortDate(week.start)} – ${shortDate(week.end)}`);
    await expect(modal.figure('Completions', card)).toHaveText(num(week.completions));
    await expect(modal.figure('XP', card)).toHaveText(num(week.xp));
  }
  const { improvement } = expected;
  const delta = modal.region('Improvement');
  await expect(delta).toContainText(`${signed(improvement.completions)} completions`);
  await expect(delta).toContainText(`${signed(improvement.xp)} XP`);
  await expect(delta).toContainText(
    improvement.completionsPercent === null
      ? 'No completions the week before to compare with'
      : `${signed(improvement.completionsPercent)}% vs last week`,
  );
  const table = modal.chartTable('This week, day by day');
  await expect(table.getByRole('rowheader')).toHaveText(
    expected.days.map((day) => `${day.weekday} ${shortDate(day.date)}`),
  );
  await expect(table.getByRole('cell')).toHaveText(expected.days.map(barDetail));
}

async function expectDaily(modal: AnalyticsModal, expected: ReturnType<Expectations['daily']>) {
  await expect(modal.figure("Today's completion rate")).toHaveText(
    expected.totalHabits > 0 ? pct(expected.completionRate) : '–',
  );
  await expect(modal.figure('XP earned')).toHaveText(num(expected.xpEarned));
  await expect(modal.figure('Habits done')).toHaveText(num(expected.habitsDone));
  await expect(modal.figure('Total habits')).toHaveText(num(expected.totalHabits));
  const frequency = { daily: 'Daily', weekly: 'Weekly' };
  // Done in the period that holds today.
  const done = { daily: 'Done today', weekly: 'Done this week' };
  await expect(modal.region('Streaks').getByRole('listitem')).toHaveText(
    expected.streaks.map(
      (row) =>
        `${row.title} ${frequency[row.frequency]} · ${row.isCompletedToday ? done[row.frequency] : 'Not done yet'} ${String(row.current)} current Best ${String(row.best)}`,
    ),
    { useInnerText: true },
  );
}

// ---------------------------------------------------------------------------------------------

test('every analytics tab shows the figures of the seeded habits, completions and rewards', async ({
  page,
  request,
  account,
  baseURL,
}) => {
  const seeded = await seed(request, baseURL ?? '');
  const { today } = seeded;
  const expected = expectationsFor(seeded);
  const year = yearOf(today);
  const month = monthOf(today);
  const previous = monthBefore(year, month);

  // The server agrees with the arithmetic above…
  expect(await analytics(request, `overview?year=${String(year)}`)).toEqual(
    expected.overview(year),
  );
  expect(await analytics(request, `overview?year=${String(year - 1)}`)).toEqual(
    expected.overview(year - 1),
  );
  expect(await analytics(request, `monthly?year=${String(year)}&month=${String(month)}`)).toEqual(
    expected.monthly(year, month),
  );
  expect(
    await analytics(
      request,
      `monthly?year=${String(previous.year)}&month=${String(previous.month)}`,
    ),
  ).toEqual(expected.monthly(previous.year, previous.month));
  expect(await analytics(request, `weekly?referenceDate=${today}`)).toEqual(expected.weekly());
  expect(await analytics(request, `daily?date=${today}`)).toEqual(expected.daily());

  // …and the dashboard shows the same numbers.
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const modal = new AnalyticsModal(page);
  await modal.open();
  await expect(modal.tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await expectOverview(modal, expected.overview(year), today);
  await expect(modal.navButton('Next year')).toBeDisabled();
  // Previous year stops at the account's first year: this one, unless a back-filled completion
  // reached into last year (early January).
  if (expected.overview(year).firstYear < year) {
    await modal.navButton('Previous year').click();
    await expectOverview(modal, expected.overview(year - 1), today);
    await expect(modal.navButton('Previous year')).toBeDisabled();
    await expect(modal.navButton('Next year')).toBeEnabled();
    await modal.navButton('Next year').click();
    await expect(modal.period).toHaveText(String(year));
    await expect(modal.navButton('Next year')).toBeDisabled();
  } else {
    await expect(modal.navButton('Previous year')).toBeDisabled();
  }

  await modal.selectTab('Monthly');
  await expectMonthly(modal, expected.monthly(year, month));
  await expect(modal.navButton('Next month')).toBeDisabled();
  // Previous month stops at the January of the account's first year (early January: this one).
  if (previous.year >= expected.overview(year).firstYear) {
    await modal.navButton('Previous month').click();
    await expectMonthly(modal, expected.monthly(previous.year, previous.month));
    await modal.navButton('Next month').click();
    await expect(modal.period).toHaveText(`${monthName(month)} ${String(year)}`);
    await expect(modal.navButton('Next month')).toBeDisabled();
  } else {
    await expect(modal.navButton('Previous month')).toBeDisabled();
  }

  await modal.selectTab('Weekly');
  await expectWeekly(modal, expected.weekly());

  await modal.selectTab('Daily');
  await expectDaily(modal, expected.daily());
});

for (const theme of THEMES) {
  test(`every analytics tab in the ${theme} theme: screenshots and no axe violations`, async ({
    page,
    request,
    account,
    baseURL,
  }) => {
    // A screenshot and two axe scans a tab, six tabs: about 60 s on a loaded machine.
    test.slow();
    await seed(request, baseURL ?? '');
    // Charts drawn at once, without their grow-in animation, so the screenshots show final bars.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(TALL);
    const dashboard = await signIn(page, account);
    await useTheme(page, baseURL ?? '', theme);
    await dashboard.open();
    const modal = new AnalyticsModal(page);
    await modal.open();
    // What shows once a tab's data has arrived (the loading skeleton has none of it).
    const loaded: Record<AnalyticsTab, string> = {
      Overview: 'Total XP (all time)',
      Monthly: 'Average daily XP',
      Weekly: 'Improvement',
      Daily: 'Habits done',
    };
    const chartDrawn = modal.panel.locator('.recharts-bar-rectangle path').first();
    for (const tab of ['Overview', 'Monthly', 'Weekly', 'Daily'] as const) {
      await modal.selectTab(tab);
      await expect(modal.panel.getByText(loaded[tab], { exact: true }).first()).toBeVisible();
      if (tab !== 'Daily') await expect(chartDrawn).toBeVisible();
      await saveScreenshot(page, `analytics-${tab.toLowerCase()}-${theme}`);
      await expectNoAxeViolations(page);
    }
    if (theme === 'dark') {
      await page.setViewportSize(VIEWPORTS.narrow);
      await modal.selectTab('Monthly');
      await expect(chartDrawn).toBeVisible();
      await saveViewportScreenshot(page, 'analytics-monthly-dark-narrow');
    }
  });
}

/**
 * The calendar and Day Insights (issue #12, items 6, 7 and 13): Today only moves the selection,
 * a future day cannot be completed and says why, and the dashboard's words name the day and the
 * period being viewed.
 */
import type { Page } from '@playwright/test';
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate } from './support/session';
import { THEMES, useTheme } from './support/theme';
import { fullDayLabel, monthHeading } from './support/zoned-clock';

const HABIT = 'Stretch';

async function seed(page: Page, baseURL: string, xpOnComplete = 10): Promise<string> {
  await signUpThroughApi(page.request, baseURL);
  const habit = await page.request.post('/api/habits', {
    data: { title: HABIT, frequency: 'daily', xpOnComplete },
    headers: { origin: baseURL },
  });
  expect(habit.status()).toBe(201);
  return ((await habit.json()) as { id: string }).id;
}

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
}

function dayButton(page: Page, date: string) {
  return page.getByRole('button', { name: new RegExp(`^${fullDayLabel(date)}`) });
}

/** Clicks a day of the calendar, paging to its month when the grid does not show it. */
async function pickDay(page: Page, date: string): Promise<void> {
  // The calendar is built just after the first paint (dashboard/reveal-later.ts): wait for it.
  await page.getByRole('button', { name: 'Previous month' }).waitFor();
  if ((await dayButton(page, date).count()) === 0) {
    await page
      .getByRole('button', { name: date < localDate(0) ? 'Previous month' : 'Next month' })
      .click();
  }
  await dayButton(page, date).click();
}

const insights = (page: Page) => page.getByRole('dialog', { name: 'Day Insights' });

/** Closes Day Insights once it is open (it loads on first use). */
async function closeInsights(page: Page): Promise<void> {
  await expect(insights(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(insights(page)).toBeHidden();
}

/** 'Mon, Nov 23' ('Mon, Nov 23, 2025' in another year): how the dashboard names a day. */
function shortDay(date: string): string {
  const sameYear = date.slice(0, 4) === localDate(0).slice(0, 4);
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** The weekly period key with weeks from Sunday: the ISO week of the Monday inside the week. */
function weeklyKey(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const monday = new Date(day.getTime() + (1 - day.getUTCDay()) * 86_400_000);
  // ISO week: the week holding that Monday's Thursday.
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${String(year)}-W${String(week).padStart(2, '0')}`;
}

test('Today moves the selection and month back without opening Day Insights', async ({
  page,
  baseURL,
}) => {
  await seed(page, baseURL ?? '');
  await open(page);
  const today = localDate(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const earlier = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  earlier.setUTCMonth(earlier.getUTCMonth() - 2, 10);
  const picked = earlier.toISOString().slice(0, 10);
  // A day click selects it and opens Day Insights.
  await dayButton(page, picked).click();
  await expect(insights(page)).toBeVisible();
  await expect(insights(page)).toContainText(fullDayLabel(picked));
  await page.keyboard.press('Escape');
  await expect(insights(page)).toBeHidden();

  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const calendar = page.getByRole('region', { name: monthHeading(today), exact: true });
  await expect(calendar).toBeVisible();
  await expect(
    calendar.locator('[role="gridcell"][aria-selected="true"] button'),
  ).toHaveAccessibleName(new RegExp(`^${fullDayLabel(today)}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Quest Today');
  await expect(insights(page)).toBeHidden();

  // The Day Insights button opens it for the selected day.
  await calendar.getByRole('button', { name: 'Day Insights' }).click();
  await expect(insights(page)).toContainText(fullDayLabel(today));
});

test('a future day cannot be completed in Day Insights, and it says why', async ({
  page,
  baseURL,
}) => {
  await seed(page, baseURL ?? '');
  await open(page);
  const tomorrow = localDate(1);
  await pickDay(page, tomorrow);
  const dialog = insights(page);
  const complete = dialog.getByRole('button', { name: `Complete: ${HABIT}` });
  await expect(complete).toBeDisabled();
  await expect(complete).toHaveAccessibleDescription(
    "You can't complete a habit for a future day.",
  );
  await expect(dialog.getByText("You can't complete a habit for a future day.")).toBeVisible();
  await closeInsights(page);
  // The habit's card for that day is off too, and says why.
  const card = new HabitsSection(page).card(HABIT);
  const toggle = card.getByRole('button', { name: 'Mark Complete' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAttribute('title', "You can't complete a habit for a future day.");

  // Today's stays available, with no such note.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await page.getByRole('button', { name: 'Day Insights', exact: true }).click();
  await expect(dialog.getByRole('button', { name: `Complete: ${HABIT}` })).toBeEnabled();
  await expect(dialog.getByText("You can't complete a habit for a future day.")).toBeHidden();
});

test("another day's figures name that day; the period key follows the tab; points and streak units", async ({
  page,
  baseURL,
}) => {
  // Two XP: one point per completion.
  const id = await seed(page, baseURL ?? '', 2);
  const yesterday = localDate(-1);
  const done = await page.request.put(`/api/habits/${id}/completions/${yesterday}`, {
    data: { completed: true },
    headers: { origin: baseURL ?? '' },
  });
  expect(done.ok()).toBe(true);
  await open(page);
  const habits = new HabitsSection(page);
  await expect(habits.section.getByText('Completed Today', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Quest Today');
  // One point earned: singular, in the shop's balance and on the adventurer card.
  await expect(page.getByText('1 pt', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adventurer' })).toContainText('1 point');
  await expect(page.getByRole('region', { name: 'Adventurer' })).not.toContainText('1 points');
  // Streak of one day (yesterday, today still open), with its unit and one decimal.
  await expect(
    habits.section.getByText('Average Streak').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('1.0 days');

  await pickDay(page, yesterday);
  await closeInsights(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Your Quest for ${shortDay(yesterday)}`,
  );
  await expect(
    habits.section.getByText(`Completed on ${shortDay(yesterday)}`, { exact: true }),
  ).toBeVisible();

  const key = page.getByText('Viewing period key').locator('code');
  await expect(key).toHaveText(yesterday);
  await habits.tab('Weekly').click();
  await expect(key).toHaveText(weeklyKey(yesterday));
  await expect(
    habits.section.getByText('Average Streak').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('0.0 weeks');
  await habits.tab('Monthly').click();
  await expect(key).toHaveText(yesterday.slice(0, 7));
  await habits.tab('Yearly').click();
  await expect(key).toHaveText(yesterday.slice(0, 4));
});

test('a day back-filled before another habit was added counts what "Perfect Day" counts', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const id = await seed(page, origin);
  const yesterday = localDate(-1);
  const done = await page.request.put(`/api/habits/${id}/completions/${yesterday}`, {
    data: { completed: true },
    headers: { origin },
  });
  expect(done.ok()).toBe(true);
  // Added today: yesterday it did not exist, so yesterday was perfect with Stretch done.
  const read = await page.request.post('/api/habits', {
    data: { title: 'Read', frequency: 'daily' },
    headers: { origin },
  });
  expect(read.status()).toBe(201);
  const list = (await (await page.request.get('/api/achievements')).json()) as {
    achievements: { id: string; unlockedAt: string | null }[];
  };
  expect(list.achievements.find((a) => a.id === 'perfect-day')?.unlockedAt).not.toBeNull();

  await open(page);
  await pickDay(page, yesterday);
  const dialog = insights(page);
  const tile = (label: string) =>
    dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(tile('Completed')).toHaveText('1');
  await expect(tile('Total Tasks')).toHaveText('1');
  await expect(tile('Completion Rate')).toHaveText('100%');
  await expect(
    dialog.getByText('1 habit was added after this day: it counts once you mark it done.'),
  ).toBeVisible();
  const readRow = dialog.getByRole('listitem').filter({ hasText: 'Read' });
  await expect(readRow.getByText('Added later', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Logged for yesterday, it counts there, done.
  await readRow.getByRole('button', { name: 'Complete: Read' }).click();
  await expect(tile('Total Tasks')).toHaveText('2');
  await expect(tile('Completed')).toHaveText('2');
  await expect(dialog.getByText('Added later', { exact: true })).toHaveCount(0);
  await closeInsights(page);
  const completions = (await (
    await page.request.get(`/api/completions?from=${yesterday}&to=${yesterday}`)
  ).json()) as { habitId: string }[];
  expect(completions).toHaveLength(2);
});

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`another selected day and a future day's Day Insights, ${theme}, ${size}: screenshots, no axe violations`, async ({
      page,
      baseURL,
    }) => {
      await seed(page, baseURL ?? '');
      await useTheme(page, baseURL ?? '', theme);
      await page.setViewportSize(viewport);
      await open(page);
      await pickDay(page, localDate(-1));
      await closeInsights(page);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toContainText('Your Quest for');
      await title.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await saveViewportScreenshot(page, `dashboard-other-day-${theme}-${size}`);
      await pickDay(page, localDate(1));
      await expect(
        insights(page).getByRole('button', { name: `Complete: ${HABIT}` }),
      ).toBeDisabled();
      await expectNoAxeViolations(page);
      await saveViewportScreenshot(page, `day-insights-future-${theme}-${size}`);
    });
  }
}

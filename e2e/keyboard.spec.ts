/**
 * Keyboard only (issue #12): "Skip to habits" is the first stop, the calendar grid is one tab
 * stop with arrow keys (WAI-ARIA grid: arrows by day and week, Home/End, PageUp/PageDown by
 * month), and Enter opens Day Insights for the focused day.
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { RewardsPage, rewardsApi } from './pages/rewards';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signIn } from './support/session';
import { THEMES, useTheme } from './support/theme';

function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The focused element's data-date (a calendar day), or null. */
function focusedDate(page: Page): Promise<string | null> {
  return page.evaluate("document.activeElement?.getAttribute('data-date') ?? null");
}

function shift(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function openDashboard(page: Page, account: Parameters<typeof signIn>[1]) {
  await signIn(page, account);
  await page.goto('/');
  await new DashboardPage(page).username.waitFor();
}

test('"Skip to habits" is the first tab stop and lands on the habits', async ({
  page,
  account,
}) => {
  await openDashboard(page, account);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to habits' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The next stop is inside the habits section: its Add Habit button.
  await expect(page.getByRole('button', { name: 'Add Habit' })).toBeFocused();
});

test('the calendar grid is one tab stop', async ({ page, account }) => {
  await openDashboard(page, account);
  let gridStops = 0;
  let toAddHabit = 0;
  // Walk the whole page with Tab until focus wraps: every day used to be a stop (~40 presses).
  for (let stop = 1; stop < 150; stop += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedDate(page)) !== null) gridStops += 1;
    const text = await page.evaluate('document.activeElement?.textContent?.trim() ?? ""');
    if (text === 'Add Habit' && toAddHabit === 0) toAddHabit = stop;
    if (stop > 1 && (text === 'Skip to habits' || text === '')) {
      const isBody = await page.evaluate('document.activeElement === document.body');
      if (isBody || text === 'Skip to habits') break;
    }
  }
  expect(gridStops).toBe(1);
  expect(toAddHabit).toBeGreaterThan(0);
  expect(toAddHabit).toBeLessThan(30);
});

test('arrows, Home/End and PageUp/PageDown move through the days; Enter opens Day Insights', async ({
  page,
  account,
}) => {
  await openDashboard(page, account);
  const today = localDate();
  // Tab to the grid: its one stop is today (the selected day).
  for (let i = 0; i < 60 && (await focusedDate(page)) === null; i += 1) {
    await page.keyboard.press('Tab');
  }
  expect(await focusedDate(page)).toBe(today);

  await page.keyboard.press('ArrowRight');
  expect(await focusedDate(page)).toBe(shift(today, 1));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  expect(await focusedDate(page)).toBe(shift(today, 7));
  await page.keyboard.press('ArrowUp');
  expect(await focusedDate(page)).toBe(today);

  // Home and End: the first and last day of the week (weeks start on Sunday by default).
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  await page.keyboard.press('Home');
  expect(await focusedDate(page)).toBe(shift(today, -weekday));
  await page.keyboard.press('End');
  expect(await focusedDate(page)).toBe(shift(today, 6 - weekday));

  // PageDown: the same day next month, and the calendar shows that month.
  await page.keyboard.press('Home');
  const from = (await focusedDate(page)) ?? today;
  await page.keyboard.press('PageDown');
  const next = (await focusedDate(page)) ?? '';
  // The same day of the month, or the next month's last when it is shorter (31 Jan → 28 Feb).
  const [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const nextMonthDays = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  expect(next.slice(8)).toBe(
    String(Math.min(Number(from.slice(8)), nextMonthDays)).padStart(2, '0'),
  );
  const nextMonth = new Date(`${next}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('heading', { name: nextMonth })).toBeVisible();
  // Tab leaves the grid from there, Shift+Tab comes back to the same day.
  await page.keyboard.press('Tab');
  expect(await focusedDate(page)).toBeNull();
  await page.keyboard.press('Shift+Tab');
  expect(await focusedDate(page)).toBe(next);

  await page.keyboard.press('PageUp');
  await page.keyboard.press('Enter');
  const insights = page.getByRole('dialog', { name: 'Day Insights' });
  await expect(insights).toBeVisible();
  const opened = (await focusedDate(page)) ?? from;
  await expect(insights).toContainText(
    longDate(from.slice(0, 8) + opened.slice(8)).split(',')[0] ?? '',
  );
  await page.keyboard.press('Escape');
  await expect(insights).toBeHidden();
  // Focus comes back to the day it opened from (as the dialog unmounts, which may be a frame
  // after it is hidden).
  await expect.poll(() => focusedDate(page)).not.toBeNull();
});

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`keyboard focus, ${theme}, ${size}`, async ({ page, account, baseURL }) => {
      await page.setViewportSize(viewport);
      await signIn(page, account);
      await useTheme(page, baseURL ?? '', theme);
      await page.goto('/');
      await new DashboardPage(page).username.waitFor();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to habits' })).toBeFocused();
      await saveViewportScreenshot(page, `keyboard-skip-link-${theme}-${size}`);
      for (let i = 0; i < 60 && (await focusedDate(page)) === null; i += 1) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('ArrowRight');
      await page.evaluate("document.activeElement?.scrollIntoView({ block: 'center' })");
      await saveViewportScreenshot(page, `keyboard-calendar-${theme}-${size}`);
    });
  }
}

test('the skip link and Tab land below the sticky header; the frequency tabs take Home and End', async ({
  page,
  account,
}) => {
  await page.setViewportSize(VIEWPORTS.narrow);
  await signIn(page, account);
  await page.goto('/');
  await new DashboardPage(page).username.waitFor();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to habits' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add Habit' })).toBeFocused();
  // The focused button is not under the header (it used to sit behind it, invisible).
  const gap = await page.evaluate<number | null>(`(() => {
    const header = document.querySelector('header')?.getBoundingClientRect();
    const focused = document.activeElement?.getBoundingClientRect();
    return header && focused ? focused.top - header.bottom : null;
  })()`);
  expect(gap).not.toBeNull();
  expect(gap ?? -1).toBeGreaterThanOrEqual(0);

  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await tab('Daily').focus();
  await page.keyboard.press('End');
  await expect(tab('Yearly')).toBeFocused();
  await expect(tab('Yearly')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Daily')).toBeFocused();
  await expect(tab('Daily')).toHaveAttribute('aria-selected', 'true');
});

test('deleting a habit or a reward, or redeeming one, by keyboard leaves the focus on the section', async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  const api = rewardsApi(page, baseURL);
  await api.earn('Stretch', 10);
  await api.createReward({ name: 'Film night', cost: 100 });
  await api.createReward({ name: 'Tea break', cost: 5 });
  await page.goto('/');
  await new DashboardPage(page).username.waitFor();

  const habits = new HabitsSection(page);
  await habits.card('Stretch').getByRole('button', { name: 'Delete Stretch' }).focus();
  await page.keyboard.press('Enter');
  const deleteHabit = page.getByRole('dialog', { name: 'Delete Habit' });
  await deleteHabit.getByRole('button', { name: 'Delete Habit' }).focus();
  await page.keyboard.press('Enter');
  await expect(habits.card('Stretch')).toHaveCount(0);
  // The card took its button along: the focus is on the section's heading, and Tab goes on from it.
  await expect(habits.section.getByRole('heading', { name: 'Habits', level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(habits.section.getByRole('button', { name: 'Add Habit' })).toBeFocused();

  const rewards = new RewardsPage(page);
  const card = rewards.card(rewards.section, 'Film night');
  await card.getByRole('button', { name: 'Delete Film night' }).focus();
  await page.keyboard.press('Enter');
  await rewards.dialog('Delete Reward').getByRole('button', { name: 'Delete Reward' }).focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expect(rewards.section.getByRole('heading', { level: 2 })).toBeFocused();

  // Redeemed and not kept in the shop, a reward leaves it with its Redeem button.
  const tea = rewards.card(rewards.section, 'Tea break');
  await tea.getByRole('button', { name: /^Redeem Tea break/ }).focus();
  await page.keyboard.press('Enter');
  await expect(tea).toHaveCount(0);
  await expect(rewards.item(rewards.inventory, 'Tea break')).toBeVisible();
  await expect(rewards.section.getByRole('heading', { level: 2 })).toBeFocused();
});

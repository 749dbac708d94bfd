/**
 * "Today" is the user's local date in the profile's time zone (issue #12, item 1): the selected
 * day, the calendar's month and the date Mark Complete records, east and west of UTC, near
 * midnight, on the 1st of a month, on a day the clocks change, and across local midnight while the
 * page stays open. The browser's clock is fixed at a past instant: the server refuses only future
 * dates (by the real clock), so every date used here is one it accepts.
 */
import type { Page } from '@playwright/test';
import { HabitsSection } from './pages/habits-section';
import { SettingsDialog } from './pages/settings';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { THEMES, useTheme } from './support/theme';
import {
  addDays,
  fullDayLabel,
  instantAt,
  lastDstChangeDay,
  localDateIn,
  monthHeading,
  offsetMinutes,
  utcDate,
} from './support/zoned-clock';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
const HABIT = 'Drink water';

/** Signs a new user up in the page's own context, saves a zone, adds a daily habit. */
async function seed(page: Page, baseURL: string, storedZone?: string): Promise<void> {
  const headers = { origin: baseURL };
  await signUpThroughApi(page.request, baseURL);
  if (storedZone) {
    const saved = await page.request.patch('/api/settings', {
      data: { timeZone: storedZone },
      headers,
    });
    expect(saved.ok()).toBe(true);
  }
  const habit = await page.request.post('/api/habits', {
    data: { title: HABIT, frequency: 'daily', xpOnComplete: 10 },
    headers,
  });
  expect(habit.status()).toBe(201);
}

/** Opens the dashboard with the browser's clock at `instant`. */
async function openAt(page: Page, instant: number): Promise<void> {
  await page.clock.install({ time: instant });
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
}

/** The calendar shows `date`'s month, marks it as today and has it selected. */
async function expectToday(page: Page, date: string): Promise<void> {
  const calendar = page.getByRole('region', { name: monthHeading(date), exact: true });
  await expect(calendar).toBeVisible();
  const label = new RegExp(`^${fullDayLabel(date)}`);
  await expect(calendar.locator('button[aria-current="date"]')).toHaveAccessibleName(label);
  await expect(
    calendar.locator('[role="gridcell"][aria-selected="true"] button'),
  ).toHaveAccessibleName(label);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Quest Today');
}

/** Mark Complete on the habit card, then the dates the server holds around `date`. */
async function completeAndRead(page: Page, date: string): Promise<string[]> {
  const habits = new HabitsSection(page);
  await habits.toggle(HABIT).click();
  await expect(habits.card(HABIT).getByRole('button', { name: /Completed/ })).toBeVisible();
  let dates: string[] = [];
  await expect(async () => {
    const response = await page.request.get(
      `/api/completions?from=${addDays(date, -3)}&to=${addDays(date, 3)}`,
    );
    expect(response.ok()).toBe(true);
    dates = ((await response.json()) as { completionDate: string }[]).map((c) => c.completionDate);
    expect(dates).toHaveLength(1);
  }).toPass();
  return dates;
}

async function storedZone(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  return ((await me.json()) as { settings: { timeZone: string } }).settings.timeZone;
}

test.describe('east of UTC (Pacific/Auckland)', () => {
  test.use({ timezoneId: AUCKLAND });

  test('at 06:50 the dashboard opens on the local date, not UTC, and completes it', async ({
    page,
    baseURL,
  }) => {
    // Yesterday in Auckland at 06:50: UTC is still on the day before.
    const date = addDays(localDateIn(AUCKLAND, Date.now()), -1);
    const at = instantAt(AUCKLAND, date, '06:50');
    expect(utcDate(at)).toBe(addDays(date, -1));
    // A new account still has the server's default zone (UTC): the device's zone is adopted.
    await seed(page, baseURL ?? '');
    await openAt(page, at);
    await expectToday(page, date);
    await expect.poll(() => storedZone(page)).toBe(AUCKLAND);
    await expect(page.getByRole('region', { name: 'Time zone' })).toBeHidden();
    expect(await completeAndRead(page, date)).toEqual([date]);
  });

  test('just after midnight on the 1st the calendar shows the new month', async ({
    page,
    baseURL,
  }) => {
    // The latest 1st that has begun in Auckland, 00:10: in UTC it is still the previous month.
    const today = localDateIn(AUCKLAND, Date.now());
    const first = `${today.slice(0, 7)}-01`;
    const date = first < today ? first : `${addDays(first, -1).slice(0, 7)}-01`;
    const at = instantAt(AUCKLAND, date, '00:10');
    expect(utcDate(at).slice(0, 7)).not.toBe(date.slice(0, 7));
    await seed(page, baseURL ?? '', AUCKLAND);
    await openAt(page, at);
    await expectToday(page, date);
    expect(await completeAndRead(page, date)).toEqual([date]);
  });

  test('on the day the clocks changed, and across local midnight with the page open', async ({
    page,
    baseURL,
  }) => {
    const date = lastDstChangeDay(AUCKLAND);
    const at = instantAt(AUCKLAND, date, '23:59');
    expect(offsetMinutes(instantAt(AUCKLAND, date, '00:00'), AUCKLAND)).not.toBe(
      offsetMinutes(at, AUCKLAND),
    );
    await seed(page, baseURL ?? '', AUCKLAND);
    await openAt(page, at);
    await expectToday(page, date);
    // Midnight passes: today, the selection and the month follow (the page checks every 30 s).
    await page.clock.fastForward('01:30');
    const next = addDays(date, 1);
    await expectToday(page, next);
    expect(await completeAndRead(page, next)).toEqual([next]);
  });
});

test.describe('west of UTC (America/Los_Angeles)', () => {
  test.use({ timezoneId: LOS_ANGELES });

  test('at 23:50 on the last day of a month it is still that day and month', async ({
    page,
    baseURL,
  }) => {
    // The last day of the previous month, 23:50: in UTC it is already the 1st.
    const today = localDateIn(LOS_ANGELES, Date.now());
    const date = addDays(`${today.slice(0, 7)}-01`, -1);
    const at = instantAt(LOS_ANGELES, date, '23:50');
    expect(utcDate(at)).toBe(addDays(date, 1));
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await openAt(page, at);
    await expectToday(page, date);
    expect(await completeAndRead(page, date)).toEqual([date]);
  });

  test('on the day the clocks changed, late evening, and past midnight', async ({
    page,
    baseURL,
  }) => {
    const date = lastDstChangeDay(LOS_ANGELES);
    const at = instantAt(LOS_ANGELES, date, '23:59');
    expect(utcDate(at)).toBe(addDays(date, 1));
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await openAt(page, at);
    await expectToday(page, date);
    expect(await completeAndRead(page, date)).toEqual([date]);
    await page.clock.fastForward('01:30');
    await expectToday(page, addDays(date, 1));
  });

  test('a day picked by hand stays picked when midnight passes', async ({ page, baseURL }) => {
    // The 15th of last month: it, the day before and the day after share a month.
    const today = localDateIn(LOS_ANGELES, Date.now());
    const date = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-15`;
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await openAt(page, instantAt(LOS_ANGELES, date, '23:59'));
    const picked = addDays(date, -1);
    await page.getByRole('button', { name: new RegExp(`^${fullDayLabel(picked)}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Day Insights' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Day Insights' })).toBeHidden();
    await page.clock.fastForward('01:30');
    const calendar = page.getByRole('region', { name: monthHeading(addDays(date, 1)) });
    await expect(calendar.locator('button[aria-current="date"]')).toHaveAccessibleName(
      new RegExp(`^${fullDayLabel(addDays(date, 1))}`),
    );
    await expect(
      page.locator('[role="gridcell"][aria-selected="true"] button'),
    ).toHaveAccessibleName(new RegExp(`^${fullDayLabel(picked)}`));
  });
});

test.describe('a device in another zone than the profile', () => {
  test.use({ timezoneId: AUCKLAND });

  /** 10:00 yesterday in Auckland is the afternoon of the day before in Los Angeles. */
  function differentDays(): { at: number; auckland: string; losAngeles: string } {
    const auckland = addDays(localDateIn(AUCKLAND, Date.now()), -1);
    const at = instantAt(AUCKLAND, auckland, '10:00');
    return { at, auckland, losAngeles: localDateIn(LOS_ANGELES, at) };
  }

  test('Switch saves the device zone and moves today to it', async ({ page, baseURL }) => {
    const { at, auckland, losAngeles } = differentDays();
    expect(losAngeles).toBe(addDays(auckland, -1));
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await openAt(page, at);
    // The profile's zone rules until the user says otherwise.
    await expectToday(page, losAngeles);
    const offer = page.getByRole('region', { name: 'Time zone' });
    await expect(offer).toContainText("You seem to be in Pacific/Auckland. Use it for 'today'?");
    await offer.getByRole('button', { name: 'Switch' }).click();
    await expect(offer).toBeHidden();
    await expect.poll(() => storedZone(page)).toBe(AUCKLAND);
    await expectToday(page, auckland);
    expect(await completeAndRead(page, auckland)).toEqual([auckland]);
  });

  test('a UTC chosen on another device is offered here, never replaced silently', async ({
    page,
    baseURL,
  }) => {
    const { at } = differentDays();
    // Saved on purpose (Settings on another device): the server marks the zone chosen.
    await seed(page, baseURL ?? '', 'UTC');
    await openAt(page, at);
    const offer = page.getByRole('region', { name: 'Time zone' });
    await expect(offer).toContainText("You seem to be in Pacific/Auckland. Use it for 'today'?");
    expect(await storedZone(page)).toBe('UTC');
    await expectToday(page, utcDate(at));
  });

  test('Keep is remembered for this zone on this device', async ({ page, baseURL }) => {
    const { at, losAngeles } = differentDays();
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await openAt(page, at);
    const offer = page.getByRole('region', { name: 'Time zone' });
    await offer.getByRole('button', { name: 'Keep' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await page.getByRole('banner').getByText(/^@/).waitFor();
    await expectToday(page, losAngeles);
    await expect(offer).toBeHidden();
    expect(await storedZone(page)).toBe(LOS_ANGELES);
  });

  test('a zone chosen in Settings here ends the offer: the user has just answered it', async ({
    page,
    baseURL,
  }) => {
    await seed(page, baseURL ?? '', LOS_ANGELES);
    await page.goto('/');
    const offer = page.getByRole('region', { name: 'Time zone' });
    await expect(offer).toContainText("You seem to be in Pacific/Auckland. Use it for 'today'?");
    const settings = new SettingsDialog(page);
    await settings.open('Regional');
    await settings.dialog.getByRole('searchbox', { name: 'Search time zones' }).fill('london');
    await settings.dialog
      .getByRole('listbox', { name: 'Time zones' })
      .selectOption('Europe/London');
    await expect.poll(() => storedZone(page)).toBe('Europe/London');
    await settings.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await page.getByRole('banner').getByText(/^@/).waitFor();
    await expect(offer).toBeHidden();
    expect(await storedZone(page)).toBe('Europe/London');
  });

  for (const theme of THEMES) {
    test(`the offer in the ${theme} theme: screenshots and no axe violations`, async ({
      page,
      baseURL,
    }) => {
      const { at } = differentDays();
      await seed(page, baseURL ?? '', LOS_ANGELES);
      await useTheme(page, baseURL ?? '', theme);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        if (size === 'wide') await openAt(page, at);
        else await page.reload();
        const offer = page.getByRole('region', { name: 'Time zone' });
        await expect(offer).toBeVisible();
        await expectNoAxeViolations(page);
        await saveViewportScreenshot(page, `time-zone-offer-${theme}-${size}`);
      }
    });
  }
});

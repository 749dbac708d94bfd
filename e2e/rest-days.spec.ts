/**
 * Rest without losing a streak (issue #20; docs/product.md, "Rest days"), in the browser: a day
 * skipped on the habit card, shown on the calendar and in Day Insights; a habit paused and
 * resumed; vacation mode from Settings with the dashboard's notice and a streak kept across its
 * days; a skip made offline that reaches the server once. axe in light and dark, one run at
 * 390 px with a long title, and screenshots of each piece.
 *
 * The browser and the account are both in UTC, so the page's "today" is the server's (which
 * follows the real clock); history is seeded through the API on the days before it.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DayInsights } from './pages/day-insights';
import { HabitsSection } from './pages/habits-section';
import { SettingsDialog } from './pages/settings';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import {
  apiIsQuiet,
  setOnServer,
  storedOutbox,
  syncBadge,
  trackApiRequests,
  waitForServiceWorker,
} from './support/offline';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { THEMES, useTheme } from './support/theme';
import { addDays, fullDayLabel } from './support/zoned-clock';

test.use({ timezoneId: 'UTC' });

const READ = 'Read 20 pages';
const WALK = 'Evening walk';
const LONG =
  'Practise the Rachmaninoff prelude without looking at the score 🎹🎶 Supercalifragilisticexpialidocious';

/** Today in UTC, the account's zone (the server's "today" for it). */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

type Seeded = { ids: Map<string, string>; today: string };

/** A new account in the page's context, zone UTC, with daily habits and completed days. */
async function seed(
  page: Page,
  baseURL: string,
  habits: readonly { title: string; done?: readonly number[]; frequency?: string }[],
): Promise<Seeded> {
  const headers = { origin: baseURL };
  await signUpThroughApi(page.request, baseURL);
  const zone = await page.request.patch('/api/settings', { data: { timeZone: 'UTC' }, headers });
  expect(zone.ok()).toBe(true);
  const today = todayUtc();
  const ids = new Map<string, string>();
  for (const habit of habits) {
    const created = await page.request.post('/api/habits', {
      data: { title: habit.title, frequency: habit.frequency ?? 'daily', xpOnComplete: 10 },
      headers,
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    ids.set(habit.title, id);
    for (const offset of habit.done ?? []) {
      await setOnServer(page.request, baseURL, id, addDays(today, offset), true);
    }
  }
  return { ids, today };
}

async function open(page: Page): Promise<void> {
  trackApiRequests(page);
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
}

async function habitOnServer(request: APIRequestContext, id: string) {
  const response = await request.get('/api/habits');
  expect(response.ok()).toBe(true);
  const habits = (await response.json()) as {
    id: string;
    streak: number;
    pause: { startsOn: string; resumesOn: string | null } | null;
  }[];
  const habit = habits.find((h) => h.id === id);
  if (!habit) throw new Error(`habit ${id} is not on the server`);
  return habit;
}

async function skipsOnServer(request: APIRequestContext, from: string, to: string) {
  const response = await request.get(`/api/skips?from=${from}&to=${to}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { habitId: string; date: string }[];
}

function dayStreak(page: Page) {
  return page.getByRole('region', { name: 'Adventurer' }).getByText(/^Day streak: /);
}

test('skip today: the card rests with its streak, the calendar and Day Insights say so, completing ends the skip', async ({
  page,
  baseURL,
}) => {
  const { ids, today } = await seed(page, baseURL ?? '', [
    { title: READ, done: [-2, -1] },
    { title: WALK, done: [0] },
  ]);
  const readId = ids.get(READ) ?? '';
  await open(page);
  const habits = new HabitsSection(page);
  const card = habits.card(READ);

  await card.getByRole('button', { name: `Skip today: ${READ}` }).click();
  await expect(card.getByText('Skipped — streak safe')).toBeVisible();
  await expect(card).toHaveAttribute('data-rest', 'skipped');
  await expect(page.getByText(`${READ}: skipped today — your streak is safe.`)).toBeVisible();
  // A done period offers no skip: the server would refuse it.
  await expect(habits.card(WALK).getByRole('button', { name: /^Skip/ })).toHaveCount(0);
  await expect
    .poll(async () => skipsOnServer(page.request, today, today))
    .toEqual([{ habitId: readId, date: today }]);
  expect((await habitOnServer(page.request, readId)).streak).toBe(2);
  // Today's figures leave the resting habit out: 1 of 1 done.
  const stats = page.locator('#habits-panel dl');
  await expect(stats.getByText('Total daily').locator('xpath=following-sibling::dd')).toHaveText(
    '1',
  );
  await expect(
    stats.getByText('Completion Rate').locator('xpath=following-sibling::dd'),
  ).toHaveText('100%');

  // The calendar names the skip in words; its legend explains the marks.
  const todayButton = page.getByRole('button', { name: new RegExp(`^${fullDayLabel(today)}`) });
  await expect(todayButton).toHaveAccessibleName(/a habit skipped/);
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Skipped');

  const insights = new DayInsights(page);
  await insights.open(today, today);
  const row = insights.dialog.getByRole('listitem').filter({ hasText: READ });
  await expect(row).toContainText('Skipped — streak safe');
  await expect(insights.dialog).toContainText('1 habit rests this day');
  await expect(
    insights.dialog.getByText('Completion Rate').locator('xpath=following-sibling::dd'),
  ).toHaveText('100%');
  await insights.close();

  // Unskip, then skip again and complete: completing ends the skip on the server too.
  await card.getByRole('button', { name: `Unskip: ${READ}` }).click();
  await expect(card.getByText('Skipped — streak safe')).toHaveCount(0);
  await expect.poll(async () => skipsOnServer(page.request, today, today)).toEqual([]);
  await card.getByRole('button', { name: `Skip today: ${READ}` }).click();
  await expect(card).toHaveAttribute('data-rest', 'skipped');
  await expect.poll(async () => (await skipsOnServer(page.request, today, today)).length).toBe(1);
  await habits.toggle(READ).click();
  await expect(card.getByRole('button', { name: /Completed/ })).toBeVisible();
  await expect(card).not.toHaveAttribute('data-rest', /.*/);
  await expect.poll(async () => skipsOnServer(page.request, today, today)).toEqual([]);
  await expect.poll(async () => (await habitOnServer(page.request, readId)).streak).toBe(3);
});

test('a weekly habit skips its whole week', async ({ page, baseURL }) => {
  const { ids, today } = await seed(page, baseURL ?? '', [
    { title: 'Call grandma', frequency: 'weekly' },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  await habits.tab('Weekly').click();
  const card = habits.card('Call grandma');
  await card.getByRole('button', { name: 'Skip this week: Call grandma' }).click();
  await expect(card).toHaveAttribute('data-rest', 'skipped');
  await expect
    .poll(async () => skipsOnServer(page.request, addDays(today, -7), addDays(today, 7)))
    .toEqual([{ habitId: ids.get('Call grandma'), date: today }]);
});

test('pause a habit: it leaves the list, waits under Paused, and Resume brings it back', async ({
  page,
  baseURL,
}) => {
  const { ids, today } = await seed(page, baseURL ?? '', [
    { title: READ, done: [-1] },
    { title: WALK },
  ]);
  await open(page);
  const habits = new HabitsSection(page);

  await habits
    .card(READ)
    .getByRole('button', { name: `Pause ${READ}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Pause habit' });
  await expect(dialog).toBeVisible();
  // 'Until a date' starts a week out; a date before tomorrow is refused in words.
  const backOn = dialog.getByLabel('Back on', { exact: true });
  await expect(backOn).toHaveValue(addDays(today, 7));
  await expect(backOn).toHaveAttribute('min', addDays(today, 1));
  await backOn.fill(today);
  await dialog.getByRole('button', { name: 'Pause habit' }).click();
  await expect(dialog.getByText('Pick the day it comes back: tomorrow or later.')).toBeVisible();
  await dialog.getByLabel(/Until I resume it/).check();
  await expect(backOn).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Pause habit' }).click();
  await expect(dialog).toBeHidden();

  await expect(habits.card(READ)).toHaveCount(0);
  await expect(habits.card(WALK)).toBeVisible();
  await expect
    .poll(async () => (await habitOnServer(page.request, ids.get(READ) ?? '')).pause)
    .toEqual({ startsOn: today, resumesOn: null });
  const filter = habits.section.getByRole('button', { name: 'Paused (1)' });
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await filter.click();
  await expect(filter).toHaveAttribute('aria-expanded', 'true');
  const paused = habits.section.getByRole('region', { name: 'Paused', exact: true });
  await expect(paused).toContainText(READ);
  await expect(paused).toContainText('Paused until you resume it');
  // The calendar says it too.
  await expect(
    page.getByRole('button', { name: new RegExp(`^${fullDayLabel(today)}`) }),
  ).toHaveAccessibleName(/a habit paused/);

  await paused.getByRole('button', { name: `Resume ${READ}` }).click();
  await expect(habits.card(READ)).toBeVisible();
  await expect(habits.section.getByRole('button', { name: /^Paused \(/ })).toHaveCount(0);
  await expect
    .poll(async () => (await habitOnServer(page.request, ids.get(READ) ?? '')).pause)
    .toBeNull();
  expect((await habitOnServer(page.request, ids.get(READ) ?? '')).streak).toBe(1);
});

test('vacation mode: saved in Settings, told on the dashboard, and a streak across it is kept', async ({
  page,
  baseURL,
}) => {
  const { ids, today } = await seed(page, baseURL ?? '', [{ title: READ, done: [-5, -4, -3] }]);
  await open(page);
  // Before: the run of three ended two days ago.
  await expect(dayStreak(page)).toHaveText(/0 days/);

  const settings = new SettingsDialog(page);
  await settings.open();
  await settings.dialog.getByRole('tab', { name: 'Vacation' }).click();
  await expect(settings.dialog.getByText('No vacation planned.')).toBeVisible();
  await settings.dialog.getByLabel('First day').fill(addDays(today, -2));
  await settings.dialog.getByLabel('Last day').fill(addDays(today, 3));
  await expect(settings.dialog.getByText('6 days')).toBeVisible();
  await settings.dialog.getByRole('button', { name: 'Save vacation' }).click();
  await expect(settings.dialog.getByText(/^On vacation until /)).toBeVisible();
  await expect
    .poll(async () => {
      const me = (await (await page.request.get('/api/me')).json()) as { vacation: unknown };
      return me.vacation;
    })
    .toEqual({ startsOn: addDays(today, -2), endsOn: addDays(today, 3) });
  await page.keyboard.press('Escape');
  await expect(settings.dialog).toBeHidden();

  const notice = page.locator('[data-vacation="now"]');
  await expect(notice).toContainText("You're on vacation until");
  await expect(notice).toContainText('Your streaks are safe and reminders are off');
  // Every habit rests today; the streak runs across the vacation's days.
  const card = new HabitsSection(page).card(READ);
  await expect(card).toHaveAttribute('data-rest', 'vacation');
  await expect(card.getByText('On vacation — streak safe')).toBeVisible();
  // Nothing to count today: the hero says it is a rest day, not 0/0 at 0 %.
  const heroFigure = (label: string) =>
    page
      .getByRole('main')
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first()
      .locator('xpath=following-sibling::dd');
  await expect(heroFigure('Completed')).toHaveText('Rest day');
  await expect(heroFigure('Completion Rate')).toHaveText('–');
  await expect(dayStreak(page)).toHaveText(/3 days/);
  await expect
    .poll(async () => (await habitOnServer(page.request, ids.get(READ) ?? '')).streak)
    .toBe(3);
  await expect(
    page.getByRole('button', { name: new RegExp(`^${fullDayLabel(addDays(today, -1))}`) }),
  ).toHaveAccessibleName(/on vacation/);

  // The notice's link opens Settings on the vacation tab; End vacation ends it.
  await notice.getByRole('button', { name: 'Vacation settings' }).click();
  await expect(settings.dialog.getByRole('tab', { name: 'Vacation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await settings.dialog.getByRole('button', { name: 'End vacation' }).click();
  await expect(settings.dialog.getByText('No vacation planned.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
});

test('a planned vacation gets the quieter notice', async ({ page, baseURL }) => {
  const { today } = await seed(page, baseURL ?? '', [{ title: READ }]);
  const saved = await page.request.put('/api/vacation', {
    data: { startsOn: addDays(today, 10), endsOn: addDays(today, 20) },
    headers: { origin: baseURL ?? '' },
  });
  expect(saved.ok()).toBe(true);
  await open(page);
  await expect(page.locator('[data-vacation="ahead"]')).toContainText('Vacation starts');
  await expect(new HabitsSection(page).card(READ)).not.toHaveAttribute('data-rest', /.*/);
});

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await apiIsQuiet(page);
  await context.setOffline(true);
  await expect(syncBadge(page)).toHaveText('Offline Mode');
}

// The service worker serves the pause dialog's code offline, as it does for users.
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a skip and a pause made offline wait in the outbox and reach the server once', async ({
    page,
    context,
    baseURL,
  }) => {
    const { ids, today } = await seed(page, baseURL ?? '', [
      { title: READ, done: [-1] },
      { title: WALK },
    ]);
    const readId = ids.get(READ) ?? '';
    const walkId = ids.get(WALK) ?? '';
    const puts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'PUT' && /\/(skips|pause)/.test(pathname)) {
        puts.push(request.headers()['idempotency-key'] ?? 'none');
      }
    });
    await open(page);
    await waitForServiceWorker(page);
    await goOffline(context, page);
    const habits = new HabitsSection(page);
    const card = habits.card(READ);
    await card.getByRole('button', { name: `Skip today: ${READ}` }).click();
    await expect(card).toHaveAttribute('data-rest', 'skipped');
    await habits
      .card(WALK)
      .getByRole('button', { name: `Pause ${WALK}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pause habit' });
    await dialog.getByLabel(/Until I resume it/).check();
    await dialog.getByRole('button', { name: 'Pause habit' }).click();
    await expect(dialog).toBeHidden();
    await expect(habits.card(WALK)).toHaveCount(0);
    await expect(habits.section.getByRole('button', { name: 'Paused (1)' })).toBeVisible();
    await expect(syncBadge(page)).toHaveText('Offline Mode');
    const queued = await storedOutbox(page);
    expect(queued.map((entry) => [entry.type, entry.method, entry.path])).toEqual([
      ['set-skip', 'PUT', `/api/habits/${readId}/skips/${today}`],
      ['habit-pause', 'PUT', `/api/habits/${walkId}/pause`],
    ]);

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('Synced!');
    await expect
      .poll(async () => skipsOnServer(page.request, today, today))
      .toEqual([{ habitId: readId, date: today }]);
    expect((await habitOnServer(page.request, walkId)).pause).toEqual({
      startsOn: today,
      resumesOn: null,
    });
    expect(await storedOutbox(page)).toEqual([]);
    // Each sent under its entry's own key, and only as often as it took.
    expect(new Set(puts)).toEqual(new Set(queued.map((entry) => entry.id)));
    await page.reload();
    await expect(new HabitsSection(page).card(READ)).toHaveAttribute('data-rest', 'skipped');
    await expect(new HabitsSection(page).card(WALK)).toHaveCount(0);
  });
});

for (const theme of THEMES) {
  test(`axe finds nothing and the screenshots are taken, ${theme}`, async ({ page, baseURL }) => {
    // Five axe scans and six screenshots: about 50 s on a quiet machine, past the default 60 s
    // limit under load.
    test.slow();
    const { today } = await seed(page, baseURL ?? '', [
      { title: READ, done: [-2, -1] },
      { title: WALK, done: [-1] },
      { title: 'Stretch', done: [0] },
    ]);
    await useTheme(page, baseURL ?? '', theme);
    await page.setViewportSize(VIEWPORTS.wide);
    await open(page);
    const habits = new HabitsSection(page);
    await habits
      .card(READ)
      .getByRole('button', { name: `Skip today: ${READ}` })
      .click();
    await expect(habits.card(READ)).toHaveAttribute('data-rest', 'skipped');
    await habits
      .card(WALK)
      .getByRole('button', { name: `Pause ${WALK}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pause habit' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `rest-pause-dialog-${theme}-wide`);
    await dialog.getByRole('button', { name: 'Pause habit' }).click();
    await expect(dialog).toBeHidden();
    await habits.section.getByRole('button', { name: 'Paused (1)' }).click();
    await expect(habits.section.getByRole('region', { name: 'Paused', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await habits.section.screenshot({
      path: `e2e/.screenshots/rest-skipped-card-${theme}-wide.png`,
      animations: 'disabled',
    });
    await page
      .getByRole('region', { name: /\w+ \d{4}/ })
      .first()
      .screenshot({ path: `e2e/.screenshots/rest-calendar-${theme}.png`, animations: 'disabled' });

    const insights = new DayInsights(page);
    await insights.open(today, today);
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `rest-day-insights-${theme}`);
    await insights.close();

    const settings = new SettingsDialog(page);
    await settings.open();
    await settings.dialog.getByRole('tab', { name: 'Vacation' }).click();
    await settings.dialog.getByLabel('First day').fill(today);
    await settings.dialog.getByLabel('Last day').fill(addDays(today, 9));
    await settings.dialog.getByRole('button', { name: 'Save vacation' }).click();
    await expect(settings.dialog.getByText(/^On vacation until /)).toBeVisible();
    // The vacation shows before the save has finished: its buttons are enabled a render later.
    await expect(settings.dialog.getByRole('button', { name: 'End vacation' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `rest-vacation-panel-${theme}-wide`);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-vacation="now"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `rest-dashboard-vacation-${theme}-wide`);
  });
}

test('at 390 px a long title, the skip, the pause dialog, the panel and the notice fit', async ({
  page,
  baseURL,
}) => {
  const { today } = await seed(page, baseURL ?? '', [{ title: LONG, done: [-1] }, { title: READ }]);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.setViewportSize(VIEWPORTS.narrow);
    await open(page);
    const habits = new HabitsSection(page);
    const card = habits.card(LONG);
    const skip = card.getByRole('button', { name: `Skip today: ${LONG}` });
    const unskip = card.getByRole('button', { name: `Unskip: ${LONG}` });
    // Skipped already in the pass before (another theme); else skip it now.
    await expect(skip.or(unskip)).toBeVisible();
    if (await skip.isVisible()) await skip.click();
    await expect(unskip).toBeVisible();
    // Nothing is wider than the screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      VIEWPORTS.narrow.width,
    );
    await card.scrollIntoViewIfNeeded();
    await saveViewportScreenshot(page, `rest-skipped-card-${theme}-390`);

    await habits
      .card(READ)
      .getByRole('button', { name: `Pause ${READ}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pause habit' });
    await expect(dialog).toBeVisible();
    await saveViewportScreenshot(page, `rest-pause-dialog-${theme}-390`);
    await page.keyboard.press('Escape');

    const settings = new SettingsDialog(page);
    await settings.open();
    await settings.dialog.getByRole('tab', { name: 'Vacation' }).click();
    await settings.dialog.getByLabel('First day').fill(addDays(today, 2));
    await settings.dialog.getByLabel('Last day').fill(addDays(today, 12));
    await settings.dialog.getByRole('button', { name: 'Save vacation' }).click();
    await expect(settings.dialog.getByText(/^Vacation planned from /)).toBeVisible();
    await saveViewportScreenshot(page, `rest-vacation-panel-${theme}-390`);
    await page.keyboard.press('Escape');
    const notice = page.locator('[data-vacation="ahead"]');
    await expect(notice).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    await saveViewportScreenshot(page, `rest-notice-${theme}-390`);
    await expectNoAxeViolations(page);
  }
});

/**
 * A code-split part that cannot be downloaded (offline, a flaky network, a redeploy under an
 * open tab) shows a small "Couldn't load this part" card with Retry instead of a white page; a
 * missing asset answers 404; a new deployment is offered as a reload.
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';
import { THEMES, useTheme } from './support/theme';

const HABIT_FORM_CHUNK = /\/assets\/HabitFormDialog-[\w-]+\.js/;
const REWARDS_CHUNK = /\/assets\/RewardsBoard-[\w-]+\.js/;
const LANDING_CHUNK = /\/assets\/LandingPage-[\w-]+\.js/;

async function failChunk(page: Page, chunk: RegExp): Promise<void> {
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
}

test('a dialog whose chunk fails to load offers Retry, and Retry loads it', async ({
  page,
  account,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, account);
  await failChunk(page, HABIT_FORM_CHUNK);
  const habits = new HabitsSection(page);
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();

  const failed = page.getByRole('dialog', { name: "Couldn't load this part" });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Check your connection and try again.');
  // The rest of the app is still there behind it (hidden from the accessibility tree meanwhile).
  await expect(page.locator('#habits-heading')).toBeAttached();
  await expectNoAxeViolations(page);

  // Still offline: Retry fails again, with the same card.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();

  await page.unroute(HABIT_FORM_CHUNK);
  await failed.getByRole('button', { name: 'Retry' }).click();
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  await expect(form).toBeVisible();
  await form.getByLabel('Title').fill('Stretch');
  await form.getByRole('button', { name: 'Create Habit' }).click();
  await expect(habits.card('Stretch')).toBeVisible();
  expect(errors).toEqual([]);
});

test('Close on the failure card closes it, and the next try loads the dialog', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  await failChunk(page, HABIT_FORM_CHUNK);
  const habits = new HabitsSection(page);
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  const failed = page.getByRole('dialog', { name: "Couldn't load this part" });
  await failed.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(failed).toBeHidden();
  await page.unroute(HABIT_FORM_CHUNK);
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Habit' })).toBeVisible();
});

test('a section whose chunk fails shows an inline card with Retry', async ({ page, account }) => {
  await signIn(page, account);
  await failChunk(page, REWARDS_CHUNK);
  await page.reload();
  const card = page.getByRole('alert').filter({ hasText: "Couldn't load this part" });
  await expect(card).toBeVisible();
  await expect(page.getByRole('region', { name: 'Habits' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(REWARDS_CHUNK);
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open Shop' }).first()).toBeVisible();
});

test('a failed read of the account says so with Retry, and recovers, never a loading screen for good', async ({
  page,
  account,
}) => {
  // The server answers GET /api/me with 503 until it is "back".
  await page.route('**/api/me', (route) => route.fulfill({ status: 503, body: '{}' }));
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await modal.signIn(account.email, account.password);
  const failed = page.getByRole('alert').filter({ hasText: "Couldn't load this page" });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute('**/api/me');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(new DashboardPage(page).username).toBeVisible();
});

test('a failed read of the habits says so in their place, not "no habits", and recovers by itself', async ({
  page,
  account,
  request,
  baseURL,
}) => {
  const created = await request.post('/api/habits', {
    data: { title: 'Read' },
    headers: { origin: baseURL ?? '' },
  });
  expect(created.status()).toBe(201);
  await page.route('**/api/habits', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, body: '{}' })
      : route.fallback(),
  );
  await signIn(page, account);
  const card = page.getByRole('alert').filter({ hasText: "Couldn't load this part" });
  await expect(card).toBeVisible();
  await expect(page.getByText('Add one to get started')).toBeHidden();
  await page.unroute('**/api/habits');
  // Asked for again by itself within seconds, without a Retry.
  await expect(new HabitsSection(page).card('Read')).toBeVisible({ timeout: 20_000 });
  await expect(card).toBeHidden();
});

test('a page whose chunk fails shows a full-page message with Reload', async ({ page }) => {
  await failChunk(page, LANDING_CHUNK);
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: "Couldn't load this page" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(LANDING_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('button', { name: 'Create account' }).first()).toBeVisible();
});

test('a missing asset answers 404, not the app page', async ({ request }) => {
  const missing = await request.get('/assets/HabitFormDialog-gone0000.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toContain('text/html');
  expect((await request.get('/no-such-icon.png')).status()).toBe(404);
  expect((await request.get('/welcome')).status()).toBe(200);
  const build = (await (await request.get('/build.json')).json()) as { build: string };
  expect(build.build).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect((await request.get(build.build)).status()).toBe(200);
});

test('a new deployment is offered as a reload when the tab comes back', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  await page.route('**/build.json', (route) =>
    route.fulfill({ json: { build: '/assets/index-NEWBUILD.js' } }),
  );
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  const bar = page
    .getByRole('status')
    .filter({ hasText: 'A new version of HabitQuest is available.' });
  await expect(bar).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute('**/build.json');
  await bar.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('region', { name: 'Habits' })).toBeVisible();
  await expect(bar).toBeHidden();
});

test('a chunk gone after a redeploy (404) leads to the new-version reload', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  await page.route(HABIT_FORM_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.route('**/build.json', (route) =>
    route.fulfill({ json: { build: '/assets/index-NEWBUILD.js' } }),
  );
  await new HabitsSection(page).section.getByRole('button', { name: 'Add Habit' }).click();
  const failed = page.getByRole('dialog', { name: "Couldn't load this part" });
  await expect(failed).toContainText('A new version of HabitQuest is available.');
  await expect(failed.getByRole('button', { name: 'Reload' })).toBeVisible();
});

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`failure screens, ${theme}, ${size}`, async ({ page, account, baseURL }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await failChunk(page, LANDING_CHUNK);
      await page.goto('/welcome');
      await expect(page.getByRole('heading', { name: "Couldn't load this page" })).toBeVisible();
      await saveViewportScreenshot(page, `resilience-page-${theme}-${size}`);
      await page.unroute(LANDING_CHUNK);

      const dashboard = await signIn(page, account);
      await useTheme(page, baseURL ?? '', theme);
      await failChunk(page, REWARDS_CHUNK);
      await failChunk(page, HABIT_FORM_CHUNK);
      await page.reload();
      // The rewards are the last part built: on a phone, once the user scrolls towards them.
      await dashboard.scrollThroughAll();
      const card = page.getByRole('alert').filter({ hasText: "Couldn't load this part" });
      await card.scrollIntoViewIfNeeded();
      await saveViewportScreenshot(page, `resilience-section-${theme}-${size}`);
      await page.route('**/build.json', (route) =>
        route.fulfill({ json: { build: '/assets/index-NEWBUILD.js' } }),
      );
      // A check the failed chunk started may still be on its way (it saw the old build): focus
      // again until one sees the new build.
      const bar = page
        .getByRole('status')
        .filter({ hasText: 'A new version of HabitQuest is available.' });
      await expect(async () => {
        await page.evaluate("window.dispatchEvent(new Event('focus'))");
        await expect(bar).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await saveViewportScreenshot(page, `resilience-new-version-${theme}-${size}`);
      await page.unroute('**/build.json');
      await new HabitsSection(page).section.getByRole('button', { name: 'Add Habit' }).click();
      await expect(page.getByRole('dialog', { name: "Couldn't load this part" })).toBeVisible();
      await saveViewportScreenshot(page, `resilience-dialog-${theme}-${size}`);
    });
  }
}

/**
 * A new service worker is offered as "Update available", and Reload switches this tab only (the
 * offline issue). Against the production build, on 127.0.0.1 (a secure context).
 *
 * It runs on its own after every other spec (playwright.config.ts, project "alone"): on a busy
 * machine Chromium can leave the new worker waiting after Reload for longer than the app waits
 * before it reloads anyway (app/service-worker.ts), and then hold that reload until the worker
 * activates (CONTRIBUTING.md, "Tests").
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot } from './support/screens';
import { controllerOf, openDashboard, waitForServiceWorker } from './support/service-worker';

test.use({ serviceWorkers: 'allow' });

/** Marks the page, so that a reload (which forgets the mark) shows. */
const markPage = (page: Page) => page.evaluate('window.e2eNotReloaded = true');
/** Mid-navigation the page cannot answer: counted as not reloaded yet, and asked again. */
const isMarked = (page: Page) =>
  page.evaluate<boolean>('window.e2eNotReloaded === true').catch(() => true);

/**
 * A deployment, as the browser sees one: the registration gets a worker from another script. The
 * browser's own check of an unchanged URL cannot be intercepted (it runs outside the page), so
 * the tabs first install the worker as /sw.js?deployment=old (their registration call rewritten
 * until the tab's sessionStorage says otherwise), and "deploying" registers /sw.js itself: the
 * new worker installs and waits, as one found by an update check does.
 */
const OLD_DEPLOYMENT = `
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (url, options) {
    const deployed = sessionStorage.getItem('e2e-deployment') === 'new';
    return register.call(this, deployed ? url : url + '?deployment=old', options);
  };
`;

async function deployNewWorker(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    sessionStorage.setItem('e2e-deployment', 'new');
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  })()`);
}

test('a new service worker is offered as "Update available"; Reload switches this tab only', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // two tabs, two workers installed, two axe runs
  await context.addInitScript(OLD_DEPLOYMENT);
  await openDashboard(page, baseURL ?? '');
  await waitForServiceWorker(page);
  expect(await controllerOf(page)).toMatch(/\/sw\.js\?deployment=old$/);

  // Another tab of the app, where the user is typing a new habit when the update comes.
  const other = await context.newPage();
  await new DashboardPage(other).open();
  await expect.poll(() => controllerOf(other)).toMatch(/deployment=old$/);
  await new HabitsSection(other).section.getByRole('button', { name: 'Add Habit' }).click();
  const title = other.getByRole('dialog', { name: 'Create Habit' }).getByLabel('Title');
  await title.fill('Half-typed habi');
  await markPage(other);

  await deployNewWorker(page);
  const bar = page.getByRole('status').filter({ hasText: 'Update available' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Reload to use the new version of HabitQuest.');
  await expect(other.getByRole('status').filter({ hasText: 'Update available' })).toBeVisible();
  // Waiting: both tabs still run the old worker until someone asks.
  expect(await controllerOf(page)).toMatch(/deployment=old$/);
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'installable-update-available');

  await markPage(page);
  await bar.getByRole('button', { name: 'Reload' }).click();
  // This tab reloads once the new worker controls it, and starts with no notice.
  await expect.poll(() => isMarked(page)).toBe(false);
  await expect(new DashboardPage(page).username).toBeVisible();
  expect(await controllerOf(page)).toMatch(/\/sw\.js$/);
  await expect(page.getByRole('status').filter({ hasText: 'Update available' })).toBeHidden();
  const waiting = await page.evaluate<boolean>(
    'navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting))',
  );
  expect(waiting).toBe(false);

  // The other tab changed workers too, but did not reload under the user's typing: it offers it.
  await expect.poll(() => controllerOf(other)).toMatch(/\/sw\.js$/);
  expect(await isMarked(other)).toBe(true);
  await expect(title).toHaveValue('Half-typed habi');
  const otherBar = other.getByRole('status').filter({ hasText: 'Update available' });
  await expect(otherBar).toBeVisible();
  await expectNoAxeViolations(other);
});

/**
 * A device too busy to switch workers soon, made certain: the waiting worker never gets Reload's
 * SKIP_WAITING (workbox-window posts it; dropped here).
 */
const SKIP_WAITING_LOST = `
  const post = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'SKIP_WAITING') return;
    return post.call(this, message, ...rest);
  };
`;

test('Reload says it is updating while the new worker takes over, and reloads anyway after 10 s when it never does', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // a worker installed, 10 s of waiting, an axe run
  await context.addInitScript(OLD_DEPLOYMENT);
  await context.addInitScript(SKIP_WAITING_LOST);
  await openDashboard(page, baseURL ?? '');
  await waitForServiceWorker(page);
  await deployNewWorker(page);
  const bar = page.getByRole('status').filter({ hasText: 'Update available' });
  await expect(bar).toBeVisible();

  await markPage(page);
  await bar.getByRole('button', { name: 'Reload' }).click();
  // Not a Reload that seems to do nothing: the notice says what it waits for, with no second one.
  const updating = page.getByRole('status').filter({ hasText: 'Updating…' });
  await expect(updating).toContainText('HabitQuest reloads as soon as the new version is ready.');
  await expect(updating.getByRole('button')).toHaveCount(0);
  expect(await isMarked(page)).toBe(true);
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'installable-updating');

  // Ten seconds on, the tab reloads under the old worker, and the update is offered again.
  await expect.poll(() => isMarked(page), { timeout: 30_000 }).toBe(false);
  await expect(new DashboardPage(page).username).toBeVisible();
  expect(await controllerOf(page)).toMatch(/deployment=old$/);
  await expect(bar).toBeVisible();
});

/**
 * Installable (the offline issue): the web app manifest is linked and valid, with icons that
 * load; the service worker precaches the app shell, so a reload without a network starts the app
 * and a lazily loaded dialog still opens; a new service worker is offered as "Update available".
 * Against the production build, on 127.0.0.1 (a secure context, where service workers run).
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { LandingPage } from './pages/landing-page';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { hasSavedSession } from './support/offline';
import { saveViewportScreenshot } from './support/screens';

// The other specs may run without service workers; these are about them.
test.use({ serviceWorkers: 'allow' });

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** A new account, signed in in this page's context, with the dashboard open. */
async function openDashboard(page: Page, baseURL: string): Promise<DashboardPage> {
  await signUpThroughApi(page.request, baseURL);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  return dashboard;
}

// Code run in the page is written as strings: the e2e project has Node's types, not the DOM's.

/** The script of the worker controlling the page, or null. */
const controllerOf = (page: Page) =>
  page.evaluate<string | null>('navigator.serviceWorker.controller?.scriptURL ?? null');

/** Waits until the service worker is active and controls the page (one reload at most). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if ((await controllerOf(page)) === null) await page.reload();
  await expect.poll(() => controllerOf(page)).not.toBeNull();
}

/** Marks the page, so that a reload (which forgets the mark) shows. */
const markPage = (page: Page) => page.evaluate('window.e2eNotReloaded = true');
/** Mid-navigation the page cannot answer: counted as not reloaded yet, and asked again. */
const isMarked = (page: Page) =>
  page.evaluate<boolean>('window.e2eNotReloaded === true').catch(() => true);

test('the manifest is linked and valid, and its icons load', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'HabitQuest',
    short_name: 'HabitQuest',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.description.length).toBeGreaterThan(10);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const png = (size: number, purpose: string) =>
    manifest.icons.find(
      (icon) =>
        icon.type === 'image/png' &&
        icon.sizes === `${String(size)}x${String(size)}` &&
        (icon.purpose ?? 'any').split(' ').includes(purpose),
    );
  expect(png(192, 'any')).toBeDefined();
  expect(png(512, 'any')).toBeDefined();
  expect(png(512, 'maskable')).toBeDefined();
  expect(manifest.icons.some((icon) => icon.type === 'image/svg+xml')).toBe(true);

  // Each icon is served as what it says it is and decodes at its declared size.
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    const [width, height] = await page.evaluate<[number, number]>(`(async () => {
      const image = new Image();
      image.src = ${JSON.stringify(icon.src)};
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    })()`);
    if (icon.sizes === 'any') expect(width, icon.src).toBeGreaterThan(0);
    else expect(`${String(width)}x${String(height)}`, icon.src).toBe(icon.sizes);
  }
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await page.request.get(appleIcon ?? '')).status()).toBe(200);

  // The worker itself: served fresh at every check, never with the immutable caching of /assets.
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('offline, a reload starts the app from the precache and a lazy dialog still opens', async ({
  page,
  context,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openDashboard(page, baseURL ?? '');
  await waitForServiceWorker(page);
  // What the dashboard showed is saved (within a second or two of its answers): an offline
  // start opens on it.
  await expect.poll(() => hasSavedSession(page)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  // The app, not the browser's "No internet" page: its shell and its own offline state.
  await expect(new DashboardPage(page).username).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText('Offline Mode');

  // The habit form is a lazy chunk this page has not loaded yet: the worker has it.
  const habits = new HabitsSection(page);
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Couldn't load this part" })).toBeHidden();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Another address of the app (a lazy page too) is a navigation the worker answers with the shell.
  await page.goto('/welcome');
  await expect(new LandingPage(page).headline).toBeVisible();
  // The API is never answered from a cache: offline it fails as offline.
  const api = await page.evaluate<number | string>(
    "fetch('/api/me').then((response) => response.status, () => 'failed')",
  );
  expect(api).toBe('failed');
  expect(errors).toEqual([]);
});

test('signed out, the landing page loads under the service worker, online and offline', async ({
  page,
  context,
}) => {
  const landing = new LandingPage(page);
  await landing.open();
  await waitForServiceWorker(page);
  await page.reload();
  await expect(landing.headline).toHaveText('Turn your habits into a quest you win every day');
  await context.setOffline(true);
  await page.reload();
  await expect(landing.headline).toHaveText('Turn your habits into a quest you win every day');
  await expect(landing.features).toHaveCount(6);
});

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

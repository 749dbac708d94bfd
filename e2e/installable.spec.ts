/**
 * Installable (the offline issue): the web app manifest is linked and valid, with icons that
 * load; the service worker precaches the app shell, so a reload without a network starts the app
 * and a lazily loaded dialog still opens (a new worker offered as "Update available":
 * installable-update.spec.ts). Against the production build, on 127.0.0.1 (a secure context,
 * where service workers run).
 */
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { LandingPage } from './pages/landing-page';
import { expect, test } from './support/fixtures';
import { hasSavedSession } from './support/offline';
import { openDashboard, waitForServiceWorker } from './support/service-worker';

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

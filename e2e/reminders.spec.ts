/**
 * Reminders in the browser (docs/product.md "Reminders"): with notifications allowed, 'Test
 * Notification' shows one through the service worker, and a real reminder (the startup one, five
 * minutes into a session, on a fixed clock in Manila) is claimed on the server and shown once,
 * never again from a second tab. The Smart Habit Reminders panel passes axe in both themes.
 */
import type { Page } from '@playwright/test';
import { HabitsSection } from './pages/habits-section';
import { SettingsDialog } from './pages/settings';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { createHabits, waitForServiceWorker } from './support/offline';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { THEMES, useTheme } from './support/theme';

test.use({ serviceWorkers: 'allow', timezoneId: 'Asia/Manila' });

type Shown = { title: string; body: string; tag: string };

/** The notifications the service worker's registration shows now. */
async function shownNotifications(page: Page): Promise<Shown[]> {
  return (await shownWithPictures(page)).map(({ title, body, tag }) => ({ title, body, tag }));
}

/** The same, with the paths of their icon and badge. */
async function shownWithPictures(page: Page): Promise<(Shown & { icon: string; badge: string })[]> {
  return await page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    const path = (url) => (url ? new URL(url).pathname : '');
    return list.map((n) => ({
      title: n.title, body: n.body, tag: n.tag, icon: path(n.icon), badge: path(n.badge),
    }));
  })()`);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
  await waitForServiceWorker(page);
}

test('Test Notification shows one through the service worker, with the logo, and it closes itself after 8 s', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await signUpThroughApi(page.request, baseURL ?? '');
  await page.clock.install();
  await openDashboard(page);
  const settings = new SettingsDialog(page);
  await settings.open('Notifications');
  const panel = settings.dialog.getByRole('tabpanel');
  await expect(panel.getByRole('status')).toHaveText('Notifications are allowed in this browser.');
  await expect(panel).toContainText('Running while a HabitQuest tab is open');
  // This headless browser has no vendor push service to reach: the panel says what that means.
  await expect(panel).toContainText(
    'When no tab is open, reminders need push: https and your browser vendor’s push service',
  );
  await panel.getByRole('button', { name: 'Test Notification' }).click();
  await expect(page.getByText('Test notification sent.')).toBeVisible();
  await expect
    .poll(() => shownWithPictures(page))
    .toContainEqual(
      expect.objectContaining({
        title: 'HabitQuest reminders are on',
        icon: '/favicon.png',
        badge: '/icons/badge-96.png',
      }),
    );
  // Both pictures are there to draw.
  for (const picture of ['/favicon.png', '/icons/badge-96.png']) {
    const response = await page.request.get(picture);
    expect(response.status(), picture).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  // Not a persistent reminder: it closes itself 8 s after it was shown. The installed clock also
  // runs on by itself, so count from the moment it was shown, not from here (a slow host has
  // spent a second or more polling above).
  const { shownAt, now } = await page.evaluate<{ shownAt: number; now: number }>(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    const [shown] = await registration.getNotifications();
    return { shownAt: shown.data.shownAt, now: Date.now() };
  })()`);
  expect(now - shownAt).toBeLessThan(6_000);
  await page.clock.runFor(shownAt + 7_000 - now);
  expect((await shownNotifications(page)).map((n) => n.title)).toContain(
    'HabitQuest reminders are on',
  );
  await page.clock.runFor(1_500);
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.title))
    .not.toContain('HabitQuest reminders are on');
});

test('notifications blocked for the site: the panel says so and how to allow them', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  await openDashboard(page);
  // A browser that was asked and refused (headless Chromium refuses every prompt).
  expect(await page.evaluate('Notification.requestPermission()')).toBe('denied');
  const settings = new SettingsDialog(page);
  await settings.open('Notifications');
  const panel = settings.dialog.getByRole('tabpanel');
  await expect(panel.getByRole('alert')).toHaveText(
    'Notifications are blocked for HabitQuest in this browser, so reminders are off here. Allow them in the site settings (the icon left of the address), then reload this page.',
  );
  await expect(panel.getByRole('switch', { name: /^Reminders/ })).toBeDisabled();
  await expect(panel).toContainText('Stopped');
  await expectNoAxeViolations(page);
});

test('the startup reminder comes five minutes into a session, once, whichever tab plans it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await signUpThroughApi(page.request, baseURL ?? '');
  const origin = { origin: baseURL ?? '' };
  // Persistent reminders: the second tab below counts the first tab's, which must not close
  // itself (after 8 s) while the clock is run on.
  const zone = await page.request.patch('/api/settings', {
    data: { timeZone: 'Asia/Manila', reminders: { persistentReminders: true } },
    headers: origin,
  });
  expect(zone.ok()).toBe(true);
  await createHabits(page.request, baseURL ?? '', [{ title: 'Read 20 pages', xp: 10 }]);
  // Ten in the morning in Manila on the server's own date there: inside the reminder window.
  const manilaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(
    new Date(),
  );
  await page.clock.install({ time: new Date(`${manilaDate}T10:00:00+08:00`) });
  await openDashboard(page);
  await page.clock.runFor('05:30');
  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toContainEqual({
      title: 'Ready for today?',
      body: 'You have 1 habit to do: Read 20 pages.',
      tag: `startup-${manilaDate}`,
    });
  const sent = (await (await page.request.get('/api/reminders/sent')).json()) as {
    kind: string;
  }[];
  expect(sent.map((reminder) => reminder.kind)).toContain('startup');

  // A second tab starts its own session: its plan finds the startup reminder already sent.
  const other = await context.newPage();
  await other.clock.install({ time: new Date(`${manilaDate}T10:06:00+08:00`) });
  const claims: number[] = [];
  other.on('response', (response) => {
    if (response.url().endsWith('/api/reminders/claim')) claims.push(response.status());
  });
  await openDashboard(other);
  await other.clock.runFor('05:30');
  await other.waitForTimeout(500);
  const startups = (await shownNotifications(other)).filter((n) => n.title === 'Ready for today?');
  expect(startups).toHaveLength(1);
  expect(claims.every((status) => status === 200)).toBe(true);
});

test("a reminder's 'Mark complete' completes its habit for that day, from the service worker", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await signUpThroughApi(page.request, baseURL ?? '');
  // The account in the browser's zone from the start, so "today" does not move under the test.
  const zone = await page.request.patch('/api/settings', {
    data: { timeZone: 'Asia/Manila' },
    headers: { origin: baseURL ?? '' },
  });
  expect(zone.ok()).toBe(true);
  const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Stretch', xp: 10 }]);
  const habitId = ids.get('Stretch') ?? '';
  await openDashboard(page);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const tag = `streak-protection-${today}`;
  // A reminder about one habit, as the planner shows it.
  await page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.showNotification('Protect your streak!', {
      body: 'Stretch is on a 3-day streak.',
      tag: '${tag}',
      data: { habitId: '${habitId}', date: '${today}' },
      actions: [{ action: 'complete', title: 'Mark complete' }],
    });
  })()`);
  // The platform's click on 'Mark complete', delivered to the service worker as it would be.
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  // Ours by its tag: the app's own planner may show a reminder too, at some hours of the day.
  await worker.evaluate(`(async () => {
    const notifications = await self.registration.getNotifications({ tag: '${tag}' });
    const [notification] = notifications;
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'complete' }));
  })()`);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/completions?from=${today}&to=${today}`);
      return ((await response.json()) as { habitId: string }[]).map((c) => c.habitId);
    })
    .toEqual([habitId]);
  expect((await shownNotifications(page)).filter((n) => n.tag === tag)).toEqual([]);
});

test('clicking a reminder brings the app forward on its habit: its tab, its toggle focused', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await signUpThroughApi(page.request, baseURL ?? '');
  const made = await page.request.post('/api/habits', {
    data: { title: 'Weekly review', frequency: 'weekly' },
    headers: { origin: baseURL ?? '' },
  });
  const { id } = (await made.json()) as { id: string };
  await openDashboard(page);
  await page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.showNotification('Time for your habits', {
      body: '1 habit waiting for you: Weekly review.',
      tag: 'intelligent-test',
      data: { habitId: '${id}' },
    });
  })()`);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications({ tag: 'intelligent-test' });
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  })()`);
  const habits = new HabitsSection(page);
  await expect(habits.tab('Weekly')).toHaveAttribute('aria-selected', 'true');
  await expect(habits.toggle('Weekly review')).toBeFocused();
});

for (const theme of THEMES) {
  test(`the Smart Habit Reminders panel in ${theme}, wide and narrow: no axe violations`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications']);
    await signUpThroughApi(page.request, baseURL ?? '');
    await useTheme(page, baseURL ?? '', theme);
    for (const size of ['wide', 'narrow'] as const) {
      await page.setViewportSize(VIEWPORTS[size]);
      await openDashboard(page);
      const settings = new SettingsDialog(page);
      await settings.open('Notifications');
      await expect(
        settings.dialog.getByRole('heading', { name: 'Smart Habit Reminders' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await saveViewportScreenshot(page, `reminders-${theme}-${size}`);
    }
  });
}

/**
 * HabitQuest opened over plain http at another machine's address (a self-hosted server on the
 * LAN): browsers give notifications, push and service workers to https and localhost only, so
 * the Smart Habit Reminders panel says why nothing can work there. Chromium maps the made-up host
 * name to the test server; the session cookie is set for that host. The app itself must run
 * there: ids made in the browser come from getRandomValues where randomUUID is missing.
 */
import { expectNoAxeViolations } from './support/axe';
import { APP_URL, CHROMIUM_LAUNCH } from './support/e2e-env';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { SettingsDialog } from './pages/settings';

const HOST = 'habitquest.lan';
const LAN_URL = APP_URL.replace('127.0.0.1', HOST);

test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

test('over plain http on a LAN address, the reminders panel says why nothing can work', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  // The same session for the LAN name (the page only reads: writes would need its origin).
  const cookies = await context.cookies(APP_URL);
  await context.addCookies(
    cookies.map(({ name, value }) => ({ name, value, url: LAN_URL, httpOnly: true })),
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${LAN_URL}/`);
  await page.getByRole('banner').getByText(/^@/).waitFor();
  expect(await page.evaluate('window.isSecureContext')).toBe(false);
  const settings = new SettingsDialog(page);
  await settings.open('Notifications');
  const panel = settings.dialog.getByRole('tabpanel');
  await expect(panel.getByRole('alert')).toHaveText(
    `Notifications need a secure connection. This page was opened over plain http at ${HOST}:${new URL(APP_URL).port}, so the browser will show none. Open HabitQuest over https (or on localhost), or ask whoever runs it to set up https.`,
  );
  await expect(panel.getByRole('switch', { name: /^Reminders/ })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Test Notification' })).toBeDisabled();
  await expectNoAxeViolations(page);
  // The whole app works there otherwise (it once stopped at its first random id).
  expect(errors).toEqual([]);
});

import type { Page } from '@playwright/test';
import { AnalyticsModal, BillingDialogs, UpgradeModal } from './pages/pro';
import { RewardsPage, rewardsApi } from './pages/rewards';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot } from './support/screens';
import { signIn } from './support/session';
import { DESKTOP_APP_URL, FEEDBACK_EMAIL, STRIPE_URL } from './support/e2e-env';
import { refuseCheckouts } from './support/pro';
import { THEMES, useTheme } from './support/theme';

// What the server says when Stripe refuses to open a checkout (the stand-in can be told to).
const CHECKOUT_FAILED =
  'Failed to create checkout: the payment service could not be reached. Please try again.';
// Tall enough that a screenshot shows a whole dialog (they scroll inside 90% of the height).
const TALL = { width: 1440, height: 1200 };

test("'Upgrade to Pro' opens the modal; a checkout that cannot start says why and reopens it", async ({
  page,
  account,
  baseURL,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const upgrade = new UpgradeModal(page);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.goto('/');
    await upgrade.openFromHeader();
    const { dialog } = upgrade;
    await expect(
      dialog.getByText('The free plan includes 15 habits. Upgrade to Pro for unlimited habits!'),
    ).toBeVisible();
    for (const text of ['Unlimited Habits', 'Unlimited Categories', 'Unlimited Rewards']) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText('Advanced Analytics', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Everything in Pro' })).toBeVisible();
    await expect(dialog.getByText('Priority email support')).toBeVisible();
    await expect(dialog.getByText('₱489')).toBeVisible();
    await expect(dialog.getByText('one-time')).toBeVisible();
    await expect(dialog.getByText('Secure payment via Stripe')).toBeVisible();
    const desktop = dialog.getByRole('link', { name: /Get the HabitQuest desktop app/ });
    await expect(desktop).toHaveAttribute('href', DESKTOP_APP_URL);
    await expect(desktop).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `upgrade-${theme}`);
    await upgrade.maybeLater.click();
    await expect(dialog).toBeHidden();
  }

  await refuseCheckouts(page.request);
  await upgrade.openFromHeader();
  await upgrade.upgradeNow.click();
  await expect(upgrade.dialog.getByRole('alert')).toHaveText(CHECKOUT_FAILED);
  await expect(upgrade.upgradeNow).toBeVisible();
  expect(page.url()).toMatch(/\/$/);
});

test('billing/cancel shows Checkout Cancelled over the dashboard and resets the address', async ({
  page,
  account,
  baseURL,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const { cancelled } = new BillingDialogs(page);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.goto('/billing/cancel');
    await expect(cancelled).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      cancelled.getByText('Your free tier continues with 15 habits, 10 categories and 6 rewards.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  }
  // 'Try Again' opens a new checkout; leaving its payment page comes back to billing/cancel.
  await cancelled.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL(`${STRIPE_URL}/c/pay/**`);
  await page.getByRole('link', { name: 'Back to HabitQuest' }).click();
  await expect(cancelled).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await cancelled.getByRole('button', { name: 'Back to App' }).click();
  await expect(cancelled).toBeHidden();
  await expect(page.getByRole('banner').getByText(`@${account.username}`)).toBeVisible();
});

test('billing/success welcomes the user to Pro and resets the address', async ({
  page,
  account,
  baseURL,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const { welcome } = new BillingDialogs(page);
  // The dialog continues by itself after 10 s, and an axe scan and a screenshot can take longer
  // than that on a busy machine: the page's clock stands still (or creeps, for axe) meanwhile.
  await page.clock.install();
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.clock.resume();
    await page.goto('/billing/success');
    await expect(welcome).toBeVisible();
    await holdClock(page);
    await expect(page).toHaveURL(/\/$/);
    for (const feature of ['Unlimited habits', 'Unlimited categories', 'Unlimited rewards']) {
      await expect(welcome.getByText(feature)).toBeVisible();
    }
    await expect(welcome.getByText('Advanced analytics')).toBeVisible();
    await withCreepingClock(page, () => expectNoAxeViolations(page));
    await expect(welcome).toBeVisible();
    await saveViewportScreenshot(page, `welcome-pro-${theme}`);
  }
  await welcome.getByRole('button', { name: 'Start Your Pro Journey' }).click();
  await expect(welcome).toBeHidden();

  // Left alone, it counts down and continues after 10 s.
  await page.clock.resume();
  await page.goto('/billing/success');
  await expect(welcome).toBeVisible();
  await holdClock(page);
  const countdown = welcome.getByText(/^Continuing automatically in \d+ s$/);
  const secondsLeft = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
  expect(secondsLeft).toBeGreaterThan(4);
  await page.clock.runFor((secondsLeft - 1) * 1000);
  await expect(countdown).toHaveText('Continuing automatically in 1 s');
  await page.clock.runFor(1000);
  await expect(welcome).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

/** Stops the page's (installed) clock a moment from now, so its timers wait for `runFor`. */
async function holdClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2000);
}

/**
 * Runs `work` while the page's paused clock creeps on 1 ms every 10 ms: axe needs its zero-delay
 * timers to fire, and at a tenth of real time even a 20-second scan costs the countdown 2 s.
 *
 * The clock is the context's, so `runFor` reaches every page in it, and axe makes its report in a
 * blank page it opens and closes in the same context: a step that meets that page closing fails
 * though this page is fine, and the next step goes on.
 */
async function withCreepingClock<T>(page: Page, work: () => Promise<T>): Promise<T> {
  let done = false;
  const creep = async (): Promise<void> => {
    while (!done) {
      await page.clock.runFor(1).catch((error: unknown) => {
        if (page.isClosed()) throw error;
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const creeping = creep();
  try {
    return await work();
  } finally {
    done = true;
    await creeping;
  }
}

test('a free user upgrades through checkout: Pro badge, limits gone, analytics usable', async ({
  page,
  account,
  baseURL,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  await rewardsApi(page, baseURL).fillFreeShop();
  await page.reload();
  const rewards = new RewardsPage(page);
  await rewards.openShop();
  await rewards.modal.getByRole('button', { name: 'Add Reward' }).click();
  const upgrade = new UpgradeModal(page);
  await expect(
    upgrade.dialog.getByText(
      'Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!',
    ),
  ).toBeVisible();

  // Checkout: the stand-in's payment page, then back to billing/success once the webhook is in.
  await upgrade.upgradeNow.click();
  await page.waitForURL(`${STRIPE_URL}/c/pay/**`);
  await expect(page.getByRole('heading', { name: 'Pay HabitQuest Pro' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay PHP 489.00' }).click();
  const { welcome } = new BillingDialogs(page);
  await expect(welcome).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const start = welcome.getByRole('button', { name: 'Start Your Pro Journey' });
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(welcome).toBeHidden();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Pro Member')).toBeVisible();
  await expect(upgrade.headerButton).toHaveCount(0);

  // The free plan's limit is gone: the 7th reward is created, and the shop's grid scrolls.
  await rewards.addThroughShop({ name: 'Treat 7', cost: 70 });
  await expect(rewards.dialog('Create Reward')).toBeHidden();
  await expect(rewards.card(rewards.modal, 'Treat 7')).toBeVisible();
  const grid = rewards.modal.getByRole('region', { name: 'Rewards to redeem' });
  // The e2e project has no DOM types: the scroller is typed by the two numbers it needs.
  type Scroller = { scrollTop: number; scrollHeight: number };
  await grid.evaluate((element: Scroller) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect
    .poll(() => grid.evaluate((element: Scroller) => element.scrollTop))
    .toBeGreaterThan(0);
  await rewards.modal.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => grid.evaluate((element: Scroller) => element.scrollTop)).toBe(0);
  await page.keyboard.press('Escape');

  // Analytics opens unlocked, with its four tabs.
  const analytics = new AnalyticsModal(page);
  await analytics.open();
  await expect(analytics.dialog.getByRole('tab')).toHaveCount(4);
  await expect(
    analytics.dialog.getByRole('heading', { name: 'Unlock Full Analytics' }),
  ).toHaveCount(0);
  await expect(analytics.dialog.locator('[inert]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a free user's Analytics is locked, requests no figures, and offers the upgrade", async ({
  page,
  account,
  baseURL,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const analyticsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics')) analyticsRequests.push(request.url());
  });
  const analytics = new AnalyticsModal(page);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.goto('/');
    await analytics.open();
    await expect(
      analytics.dialog.getByRole('heading', { name: 'Unlock Full Analytics' }),
    ).toBeVisible();
    await expect(analytics.dialog.locator('[inert]')).toHaveCount(1);
    await expect(analytics.dialog.getByRole('tab')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `analytics-locked-${theme}`);
    await page.keyboard.press('Escape');
    await expect(analytics.dialog).toBeHidden();
  }
  await analytics.open();
  await analytics.dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const upgrade = new UpgradeModal(page);
  await expect(upgrade.dialog).toBeVisible();
  await expect(analytics.dialog).toBeHidden();
  await expect(
    upgrade.dialog.getByText(
      'The free plan includes 15 habits. Upgrade to Pro for unlimited habits!',
    ),
  ).toBeVisible();
  expect(analyticsRequests).toEqual([]);
});

test("What's New lists the six improvements and Send Feedback drafts a mail", async ({
  page,
  account,
}) => {
  await page.setViewportSize(TALL);
  await signIn(page, account);
  const panel = page.getByRole('region', { name: "What's New" });
  await expect(panel.getByRole('listitem')).toHaveCount(6);
  for (const item of ['Analytics overhaul', 'Historical navigation', 'Streak analysis']) {
    await expect(panel.getByText(item)).toBeVisible();
  }
  const href = await panel.getByRole('link', { name: 'Send Feedback' }).getAttribute('href');
  const mail = new URL(href ?? '');
  expect(mail.protocol).toBe('mailto:');
  expect(mail.pathname).toBe(FEEDBACK_EMAIL);
  expect(mail.searchParams.get('subject')).toBe('HabitQuest feedback');
  expect(mail.searchParams.get('body')).toContain('App version: 0.1.0');
  expect(mail.searchParams.get('body')).toContain('Browser: Mozilla/5.0');
});

import { DashboardPage } from './pages/dashboard-page';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { RewardsPage } from './pages/rewards';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { createHabits } from './support/offline';
import { MARKETING_URL } from './support/e2e-env';
import { saveScreenshot, VIEWPORTS } from './support/screens';

test('the theme switch applies at once and persists across reloads', async ({ page, account }) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await modal.signIn(account.email, account.password);
  const dashboard = new DashboardPage(page);
  await dashboard.username.waitFor();

  await dashboard.themeOption('Dark').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(dashboard.themeOption('Dark')).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(dashboard.themeOption('Dark')).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await dashboard.themeOption('Light').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // From the keyboard: one Tab stop, the arrow keys move and choose.
  await expect(dashboard.themeOption('Dark')).toHaveAttribute('tabindex', '-1');
  await dashboard.themeOption('Light').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dashboard.themeOption('Dark')).toBeFocused();
  await expect(dashboard.themeOption('Dark')).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a new account with nothing due shows no completion rate, not a red 0 %', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  await page.goto('/');
  const dashboard = new DashboardPage(page);
  await dashboard.username.waitFor();
  const rates = page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: /^Completion Rate$/ });
  await expect(rates).toHaveCount(2);
  for (const rate of await rates.all())
    await expect(rate.locator('xpath=following-sibling::dd')).toHaveText('–');
});

test("the logo leads to the server's marketing page (MARKETING_URL) once the page is idle", async ({
  page,
  account,
}) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await modal.signIn(account.email, account.password);
  await new DashboardPage(page).username.waitFor();
  await expect(page.getByRole('link', { name: 'HabitQuest: about the app' })).toHaveAttribute(
    'href',
    MARKETING_URL,
  );
});

for (const theme of ['Light', 'Dark'] as const) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`dashboard, ${theme.toLowerCase()}, ${size}: no axe violations`, async ({
      page,
      account,
    }) => {
      await page.setViewportSize(viewport);
      const modal = new SignInModal(page);
      await modal.openFromLanding();
      await modal.signIn(account.username, account.password);
      const dashboard = new DashboardPage(page);
      await dashboard.username.waitFor();
      await dashboard.themeOption(theme).click();
      await expect(dashboard.themeOption(theme)).toHaveAttribute('aria-checked', 'true');
      // The whole page, as far down as a user scrolls: a phone builds the lower sections then.
      await dashboard.scrollThroughAll();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `dashboard-${theme.toLowerCase()}-${size}`);
      await page.getByRole('button', { name: 'Status & achievements' }).click();
      await expect(page.getByRole('dialog', { name: 'Your status' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  }
}

test.describe('a phone with many habits builds what is far below only as the user nears it', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.setViewportSize(VIEWPORTS.narrow);
    await signUpThroughApi(page.request, baseURL ?? '');
    const titles = Array.from({ length: 15 }, (_, i) => ({
      title: `Habit ${String(i + 1)}`,
      xp: 10,
    }));
    await createHabits(page.request, baseURL ?? '', titles);
    await page.goto('/');
    // Every habit card is there (stage 2), the goals and what follows are not yet.
    await expect(new HabitsSection(page).card('Habit 15')).toBeAttached();
    await expect(new GoalTracker(page).section).toHaveCount(0);
    await expect(page.locator('#whats-new-heading')).toHaveCount(0);
  });

  test('scrolling down builds the rest', async ({ page }) => {
    await new DashboardPage(page).scrollThroughAll();
    await expect(new GoalTracker(page).section).toBeAttached();
    await expect(new RewardsPage(page).section).toBeAttached();
  });

  test('a key builds everything, so Tab reaches the last section', async ({ page }) => {
    await page.keyboard.press('Tab');
    await expect(page.locator('#whats-new-heading')).toBeAttached();
    await expect(new GoalTracker(page).section).toBeAttached();
  });

  test("the adventurer card's Rewards Shop opens the shop", async ({ page }) => {
    await page
      .getByRole('region', { name: 'Adventurer' })
      .getByRole('button', { name: 'Rewards Shop' })
      .click();
    await expect(new RewardsPage(page).modal).toBeVisible();
  });
});

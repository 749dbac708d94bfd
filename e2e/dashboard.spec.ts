import { DashboardPage } from './pages/dashboard-page';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
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

import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { expectNoAxeViolations } from './support/axe';
import { saveScreenshot, VIEWPORTS } from './support/screens';

test('the product serves its API and its web app from one process', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true, db: 'pglite' });

  const anonymous = await request.get('/api/me');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({
    error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
  });

  const deepLink = await request.get('/auth/update-password');
  expect(deepLink.status()).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`landing page, ${colorScheme}, ${size}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      const landing = new LandingPage(page);
      await landing.open();

      await expect(landing.headline).toHaveText('Turn your habits into a quest you win every day');
      await expect(landing.tagline).toBeVisible();
      await expect(landing.features).toHaveCount(6);
      // 820 XP is level 5 (700 XP) with 120 of 300 XP gained: 40%.
      await expect(landing.levelProgress).toHaveAttribute('aria-valuenow', '40');
      await expect(page.getByText('180 XP to level 6 · 410 pts')).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `landing-${colorScheme}-${size}`);
    });
  }
}

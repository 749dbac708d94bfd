/**
 * Achievements (docs/product.md "Achievements"): an unlock is celebrated in the tab whose change
 * earned it, and the status window lists the catalogue: unlocked ones with their day, locked
 * ones greyed with what earns them and the progress toward it.
 */
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { THEMES, useTheme } from './support/theme';

test('the first habit and its first completion unlock achievements, celebrated and listed', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
  const habits = new HabitsSection(page);

  await habits.create({ title: 'Read 20 pages' });
  await expect(page.getByText('Achievement unlocked!')).toBeVisible();
  await expect(page.getByText('First Step', { exact: true })).toBeVisible();

  await habits.toggle('Read 20 pages').click();
  // The only habit due today, done: the first completion and a perfect day at once.
  await expect(page.getByText('2 achievements unlocked!')).toBeVisible();
  await expect(page.getByText('Quest Begun, Perfect Day')).toBeVisible();

  await page.getByRole('button', { name: 'Status & achievements' }).click();
  const status = page.getByRole('dialog');
  const list = status.getByRole('region', { name: 'Achievements' });
  await expect(list).toContainText('3 of 17 unlocked');
  const item = (title: string) => list.getByRole('listitem').filter({ hasText: title });
  await expect(item('First Step')).toContainText(/Unlocked \w{3} \d{1,2}, \d{4}/);
  await expect(item('3-Day Streak')).toContainText('Complete a habit 3 days in a row');
  await expect(item('3-Day Streak')).toContainText('1 / 3');
  await expect(
    item('3-Day Streak').getByRole('progressbar', { name: 'Progress toward 3-Day Streak' }),
  ).toHaveAttribute('aria-valuenow', '33');
  await expect(item('Getting Going')).toContainText('1 / 10');
});

for (const theme of THEMES) {
  test(`the status window in ${theme}, wide and narrow: no axe violations`, async ({
    page,
    baseURL,
  }) => {
    await signUpThroughApi(page.request, baseURL ?? '');
    await useTheme(page, baseURL ?? '', theme);
    const made = await page.request.post('/api/habits', {
      data: { title: 'A habit with a rather long name to see how the list wraps' },
      headers: { origin: baseURL ?? '' },
    });
    expect(made.status()).toBe(201);
    for (const size of ['wide', 'narrow'] as const) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto('/');
      await page.getByRole('banner').getByText(/^@/).waitFor();
      await page.getByRole('button', { name: 'Status & achievements' }).click();
      const list = page.getByRole('dialog').getByRole('region', { name: 'Achievements' });
      await expect(list).toContainText('1 of 17 unlocked');
      await expectNoAxeViolations(page);
      await saveViewportScreenshot(page, `achievements-${theme}-${size}`);
      // Nothing in the window makes the page wider than the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        VIEWPORTS[size].width,
      );
    }
  });
}

/**
 * The Analytics Overview across years (issue #12, item 15): a year without data says so, a past
 * year's Reward Shop block shows that year's own months, and Previous year stops at the account's
 * first year.
 */
import type { Page } from '@playwright/test';
import { AnalyticsModal } from './pages/pro';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { upgradeThroughApi } from './support/pro';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate } from './support/session';
import { THEMES, useTheme } from './support/theme';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

async function proAccount(page: Page, baseURL: string): Promise<void> {
  await signUpThroughApi(page.request, baseURL);
  await upgradeThroughApi(page.request);
}

async function openOverview(page: Page): Promise<AnalyticsModal> {
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
  const modal = new AnalyticsModal(page);
  await modal.open();
  await expect(modal.tab('Overview')).toHaveAttribute('aria-selected', 'true');
  return modal;
}

test('a year with data before this one: its chart, its own shop months, and no year before it', async ({
  page,
  baseURL,
}) => {
  const headers = { origin: baseURL ?? '' };
  await proAccount(page, baseURL ?? '');
  const year = Number(localDate(0).slice(0, 4));
  const habit = await page.request.post('/api/habits', {
    data: { title: 'Journal', frequency: 'daily', xpOnComplete: 40 },
    headers,
  });
  const { id } = (await habit.json()) as { id: string };
  // Back-filled last December (past dates are allowed) and done today: 40 points to spend.
  for (const date of [`${String(year - 1)}-12-15`, localDate(0)]) {
    const done = await page.request.put(`/api/habits/${id}/completions/${date}`, {
      data: { completed: true },
      headers,
    });
    expect(done.ok()).toBe(true);
  }
  const reward = await page.request.post('/api/rewards', {
    data: { name: 'Cinema', cost: 1 },
    headers,
  });
  const rewardId = ((await reward.json()) as { id: string }).id;
  expect((await page.request.post(`/api/rewards/${rewardId}/redeem`, { headers })).ok()).toBe(true);

  const modal = await openOverview(page);
  await expect(modal.period).toHaveText(String(year));
  const thisMonth = MONTHS[Number(localDate(0).slice(5, 7)) - 1] ?? '';
  const card = modal.shopCard(`This month (${thisMonth})`);
  await expect(modal.figure('Items redeemed', card)).toHaveText('1');
  // One point: singular.
  await expect(modal.figure('Points spent', card)).toHaveText('1 pt');
  await expect(modal.navButton('Previous year')).toBeEnabled();

  await modal.navButton('Previous year').click();
  await expect(modal.period).toHaveText(String(year - 1));
  await expect(modal.chartTable(`Monthly XP in ${String(year - 1)}`)).toBeVisible();
  await expect(modal.figure(`XP in ${String(year - 1)}`)).toHaveText('40');
  // That year's own November and December, where nothing was redeemed; not this month's purchase.
  for (const month of ['November', 'December']) {
    const past = modal.shopCard(`${month} ${String(year - 1)}`);
    await expect(modal.figure('Items redeemed', past)).toHaveText('0');
    await expect(modal.figure('Points spent', past)).toHaveText('0 pts');
  }
  await expect(modal.panel.getByText(`This month (${thisMonth})`)).toBeHidden();
  // Nothing of the account lies before last year.
  await expect(modal.navButton('Previous year')).toBeDisabled();
  await expect(modal.navButton('Next year')).toBeEnabled();
});

test('a new account: this year says there is no data yet, and there is no year before', async ({
  page,
  baseURL,
}) => {
  await proAccount(page, baseURL ?? '');
  const modal = await openOverview(page);
  await expect(modal.panel.getByRole('heading', { name: 'No data yet' })).toBeVisible();
  await expect(modal.panel.getByRole('table')).toHaveCount(0);
  await expect(modal.navButton('Previous year')).toBeDisabled();
  await expect(modal.navButton('Next year')).toBeDisabled();
});

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`the empty Overview, ${theme}, ${size}: screenshot and no axe violations`, async ({
      page,
      baseURL,
    }) => {
      await proAccount(page, baseURL ?? '');
      await useTheme(page, baseURL ?? '', theme);
      await page.setViewportSize(viewport);
      const modal = await openOverview(page);
      await expect(modal.panel.getByRole('heading', { name: 'No data yet' })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveViewportScreenshot(page, `analytics-overview-empty-${theme}-${size}`);
    });
  }
}

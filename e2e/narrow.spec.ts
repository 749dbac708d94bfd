/**
 * Issue #12 item 3: one long word must never widen the page. On a 390 px phone, with a URL in a
 * habit title, a 42-character category name, a long reward and emoji, the page and every dialog
 * stay 390 px wide (document.documentElement.scrollWidth), in light and dark.
 */
import type { Locator, Page } from '@playwright/test';
import { CalendarPanel } from './pages/calendar';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { AnalyticsModal, UpgradeModal } from './pages/pro';
import { RewardsPage } from './pages/rewards';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signInThroughUi } from './support/session';
import { THEMES, useTheme } from './support/theme';

const LONG_URL =
  'https://example.com/articles/2026/the-very-long-path/that-never-ends?with=query&and=more-parameters-still';
const HABIT_TITLE = `Read ${LONG_URL} 📚`;
const LOOSE_TITLE = `Tidy ${'bookmarks'.repeat(8)} 🧹`;
/** 42 characters, one word. */
const CATEGORY = 'SUPERCALIFRAGILISTICEXPIALIDOCIOUSCATEGORY';
const REWARD_NAME = `🍕 ${'Pizzanightwithfriends'.repeat(4)}`;
const REWARD_DESCRIPTION = `A treat ${'deliciousness'.repeat(12)} 🎉`;
const CHEAP_REWARD = `🎬 ${'Movienight'.repeat(6)}`;

type Seeded = { habitId: string };

/** Everything with long text, through the signed-in browser's own API. */
async function seed(page: Page, baseURL: string): Promise<Seeded> {
  const headers = { origin: baseURL };
  const post = async (path: string, data: unknown): Promise<{ id: string }> => {
    const response = await page.request.post(path, { data, headers });
    expect(response.status(), `${path} ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  expect(CATEGORY).toHaveLength(42);
  const category = await post('/api/categories', { name: CATEGORY, monthlyTargetXp: 500 });
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    id: string;
    isFallback: boolean;
  }[];
  const fallback = categories.find((c) => c.isFallback)?.id ?? null;
  const habit = await post('/api/habits', {
    title: HABIT_TITLE,
    categoryId: category.id,
    xpOnComplete: 100,
  });
  await post('/api/habits', { title: LOOSE_TITLE, categoryId: fallback, xpOnComplete: 20 });
  await post('/api/rewards', {
    name: REWARD_NAME,
    description: REWARD_DESCRIPTION,
    cost: 9000,
    icon: '🍕',
  });
  const cheap = await post('/api/rewards', {
    name: CHEAP_REWARD,
    description: REWARD_DESCRIPTION,
    cost: 10,
    icon: '🎬',
  });
  const done = await page.request.put(`/api/habits/${habit.id}/completions/${localDate()}`, {
    data: { completed: true },
    headers,
  });
  expect(done.ok()).toBe(true);
  const redeemed = await page.request.post(`/api/rewards/${cheap.id}/redeem`, { headers });
  expect(redeemed.ok()).toBe(true);
  return { habitId: habit.id };
}

/**
 * The page's width, and when it is too wide the elements wider than their parent's box (what to
 * fix). A string, because the e2e project has no DOM types.
 */
const MEASURE = `(() => {
  const limit = ${String(VIEWPORTS.narrow.width)};
  const width = document.documentElement.scrollWidth;
  const wide = width <= limit ? [] : [...document.querySelectorAll('body *')].filter((element) => {
    const parent = element.parentElement;
    return parent !== null && element.getBoundingClientRect().width > parent.getBoundingClientRect().width + 1;
  });
  const culprits = wide.slice(0, 5).map((element) =>
    '<' + element.tagName.toLowerCase() + ' class="' + (element.getAttribute('class') ?? '') + '">' +
    (element.textContent ?? '').slice(0, 40));
  return { width, culprits };
})()`;

async function expectFits(page: Page, what: string): Promise<void> {
  const { width, culprits } = await page.evaluate<{ width: number; culprits: string[] }>(MEASURE);
  expect
    .soft(width, `${what}: the page is ${String(width)} px wide:\n${culprits.join('\n')}`)
    .toBeLessThanOrEqual(VIEWPORTS.narrow.width);
}

/** Checks a dialog: the page stays narrow, axe is clean, and a screenshot is kept. */
async function checkDialog(dialog: Locator, name: string): Promise<void> {
  await dialog.waitFor();
  await expectFits(dialog.page(), name);
  const box = await dialog.boundingBox();
  expect.soft(box?.width ?? 0).toBeLessThanOrEqual(VIEWPORTS.narrow.width);
  await expectNoAxeViolations(dialog.page());
  await saveViewportScreenshot(dialog.page(), name);
}

async function close(dialog: Locator): Promise<void> {
  await dialog.page().keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const theme of THEMES) {
  test(`long words wrap on a 390 px phone, page and dialogs (${theme})`, async ({
    page,
    account,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(VIEWPORTS.narrow);
    await signInThroughUi(page, account);
    await seed(page, baseURL ?? '');
    await useTheme(page, baseURL ?? '', theme);
    await page.reload();
    const habits = new HabitsSection(page);
    const goals = new GoalTracker(page);
    const rewards = new RewardsPage(page);
    await expect(habits.card(HABIT_TITLE)).toBeVisible();
    await expect(goals.card(CATEGORY)).toBeVisible();
    await expect(rewards.card(rewards.section, REWARD_NAME)).toBeVisible();
    await expect(rewards.item(rewards.inventory, CHEAP_REWARD)).toBeVisible();

    await expectFits(page, 'dashboard');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-dashboard-${theme}`);

    // Habit form (edit the long one) and Delete Habit.
    await habits
      .card(HABIT_TITLE)
      .getByRole('button', { name: `Edit ${HABIT_TITLE}` })
      .click();
    const form = page.getByRole('dialog', { name: 'Edit Habit' });
    await checkDialog(form, `narrow-habit-form-${theme}`);
    await close(form);
    await habits
      .card(HABIT_TITLE)
      .getByRole('button', { name: `Delete ${HABIT_TITLE}` })
      .click();
    const removeHabit = page.getByRole('dialog', { name: 'Delete Habit' });
    await checkDialog(removeHabit, `narrow-delete-habit-${theme}`);
    await close(removeHabit);

    // Day Insights: today, through the calendar.
    await new CalendarPanel(page).day(localDate()).click();
    const insights = page.getByRole('dialog', { name: 'Day Insights' });
    await checkDialog(insights, `narrow-day-insights-${theme}`);
    await close(insights);

    // Goals: Uncategorized with its Move list open, Create and Delete Category.
    await goals.uncategorized.click();
    const loose = goals.dialog('Uncategorized Habits');
    const item = loose.getByRole('listitem').filter({ hasText: 'Tidy' });
    await item.getByRole('button', { name: 'Move to category' }).click();
    await expect(item.getByRole('button', { name: CATEGORY })).toBeVisible();
    await checkDialog(loose, `narrow-uncategorized-${theme}`);
    await close(loose);
    await goals.openCreate();
    await checkDialog(goals.dialog('Create Category'), `narrow-create-category-${theme}`);
    await close(goals.dialog('Create Category'));
    await goals.openDelete(CATEGORY);
    await checkDialog(goals.dialog('Delete Category'), `narrow-delete-category-${theme}`);
    await close(goals.dialog('Delete Category'));

    // The shop (with its inventory), a reward's form and delete.
    await rewards.openShop();
    await expect(rewards.card(rewards.modal, REWARD_NAME)).toBeVisible();
    await checkDialog(rewards.modal, `narrow-shop-${theme}`);
    await close(rewards.modal);
    const card = rewards.card(rewards.section, REWARD_NAME);
    await card.getByRole('button', { name: /^Edit/ }).click();
    await checkDialog(rewards.dialog('Edit Reward'), `narrow-reward-form-${theme}`);
    await close(rewards.dialog('Edit Reward'));
    await card.getByRole('button', { name: /^Delete/ }).click();
    await checkDialog(rewards.dialog('Delete Reward'), `narrow-delete-reward-${theme}`);
    await close(rewards.dialog('Delete Reward'));

    // Upgrade and the (locked) analytics dashboard.
    const upgrade = new UpgradeModal(page);
    await upgrade.openFromHeader();
    await checkDialog(upgrade.dialog, `narrow-upgrade-${theme}`);
    await close(upgrade.dialog);
    const analytics = new AnalyticsModal(page);
    await analytics.button.click();
    await checkDialog(analytics.dialog, `narrow-analytics-${theme}`);
    await close(analytics.dialog);

    // What's New sits at the foot of the dashboard.
    const whatsNew = page.getByRole('region', { name: "What's New" });
    await whatsNew.scrollIntoViewIfNeeded();
    await expectFits(page, "What's New");
  });
}

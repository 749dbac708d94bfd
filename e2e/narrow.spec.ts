/**
 * Issue #12 item 3: one long word must never widen the page. On a 390 px phone, with a URL in a
 * habit title, a 42-character category name, a long reward and emoji, the page and every dialog
 * stay 390 px wide (document.documentElement.scrollWidth), in light and dark. Signed out too: the
 * landing page, the sign-in and create-account windows, the not-found and update-password pages.
 * And wherever a long text is cut short (an ellipsis, a clamp), its whole text stays reachable: a
 * `title` holding it, as the header's @username has.
 */
import type { Locator, Page } from '@playwright/test';
import { CalendarPanel } from './pages/calendar';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { AnalyticsModal, UpgradeModal } from './pages/pro';
import { RewardsPage } from './pages/rewards';
import { SettingsDialog, type SettingsTab } from './pages/settings';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, type Account } from './support/fixtures';
import { resetLinkFor } from './support/outbox';
import { upgradeThroughApi } from './support/pro';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signIn } from './support/session';
import { THEMES, useTheme } from './support/theme';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LONG_URL =
  'https://example.com/articles/2026/the-very-long-path/that-never-ends?with=query&and=more-parameters-still';
const HABIT_TITLE = `Read ${LONG_URL} 📚`;
const LOOSE_TITLE = `Tidy ${'bookmarks'.repeat(8)} 🧹`;
/** 42 characters, one word. */
const CATEGORY = 'SUPERCALIFRAGILISTICEXPIALIDOCIOUSCATEGORY';
const REWARD_NAME = `🍕 ${'Pizzanightwithfriends'.repeat(4)}`;
const REWARD_DESCRIPTION = `A treat ${'deliciousness'.repeat(12)} 🎉`;
const CHEAP_REWARD = `🎬 ${'Movienight'.repeat(6)}`;
/** A long address typed where the sign-in windows ask for one. */
const LONG_EMAIL = `someone.${'withaverylongname'.repeat(5)}@example.com`;
const SETTINGS_TABS: SettingsTab[] = [
  'Audio',
  'Appearance',
  'Regional',
  'Data',
  'Storage',
  'Notifications',
  'Account',
];

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
    description: `Before bed, ${'withoutexception'.repeat(8)} 📖`,
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

/** Renames the signed-in user to the longest username there can be (30 characters), kept unique. */
async function useLongestUsername(page: Page, baseURL: string, account: Account): Promise<string> {
  const username = `${account.username}_${'adventurer'.repeat(3)}`.slice(0, 30);
  const response = await page.request.patch('/api/profile', {
    data: { username },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return username;
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

/**
 * The elements of the page that cut their text off with nothing to give it whole: content wider
 * than a box that scrolls or hides it sideways (a fixed dialog scrolling sideways is one, which
 * the page's width never shows), or taller than a box that hides it (a line clamp), unless the
 * nearest `title` holds the text. Fields scroll their own value and sr-only text is 1 px wide on
 * purpose: both are left out.
 */
const CLIPPED = `[...document.querySelectorAll('body *')].filter((element) => {
  if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(element.tagName)) return false;
  if (element.clientWidth <= 1 || element.clientHeight <= 1) return false;
  const style = getComputedStyle(element);
  const sideways = style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
  const hidden = (style.overflowY === 'hidden' || style.overflowY === 'clip') &&
    element.scrollHeight > element.clientHeight + 1;
  if (!sideways && !hidden) return false;
  const text = (element.textContent ?? '').trim();
  const titled = element.closest('[title]');
  return !(titled && text !== '' && (titled.getAttribute('title') ?? '').includes(text));
}).slice(0, 5).map((element) =>
  '<' + element.tagName.toLowerCase() + ' class="' + (element.getAttribute('class') ?? '') + '"> ' +
  (element.textContent ?? '').slice(0, 60))`;

async function expectNothingClipped(page: Page, what: string): Promise<void> {
  const clipped = await page.evaluate<string[]>(CLIPPED);
  expect.soft(clipped, `${what}: text cut off with no title to give it whole`).toEqual([]);
}

/**
 * The elements of an open dialog whose text runs past the dialog's content edge, into its padding
 * or out of it (a word that does not wrap, in a box that neither scrolls nor hides it). The page's
 * width never shows those while the dialog itself stays narrower than the screen.
 */
const SPILLING = `[...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].flatMap((dialog) => {
  const style = getComputedStyle(dialog);
  const edge = dialog.getBoundingClientRect().right - parseFloat(style.paddingRight) -
    parseFloat(style.borderRightWidth);
  return [...dialog.querySelectorAll('*')].filter((element) => {
    if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(element.tagName)) return false;
    if (element.clientWidth <= 1 || element.children.length > 0) return false;
    if (getComputedStyle(element).overflowX !== 'visible') return false;
    return element.getBoundingClientRect().left + element.scrollWidth > edge + 1;
  });
}).slice(0, 5).map((element) =>
  '<' + element.tagName.toLowerCase() + ' class="' + (element.getAttribute('class') ?? '') + '"> ' +
  (element.textContent ?? '').slice(0, 60))`;

async function expectNothingSpilling(page: Page, what: string): Promise<void> {
  const spilling = await page.evaluate<string[]>(SPILLING);
  expect.soft(spilling, `${what}: text running out of its box`).toEqual([]);
}

async function expectFits(page: Page, what: string): Promise<void> {
  const { width, culprits } = await page.evaluate<{ width: number; culprits: string[] }>(MEASURE);
  expect
    .soft(width, `${what}: the page is ${String(width)} px wide:\n${culprits.join('\n')}`)
    .toBeLessThanOrEqual(VIEWPORTS.narrow.width);
  await expectNothingClipped(page, what);
}

/** What the e2e project (compiled without the DOM's types) needs of an element's box. */
type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };

/** The whole of `text` can be had from `element`: shown in full, or in its title where cut short. */
async function expectWholeText(element: Locator, text: string): Promise<void> {
  await expect(element).toHaveText(text);
  const isCut = await element.evaluate(
    (box: Box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
  );
  if (isCut) await expect(element).toHaveAttribute('title', text);
}

/** Checks a dialog: the page stays narrow, axe is clean, and a screenshot is kept. */
async function checkDialog(dialog: Locator, name: string): Promise<void> {
  await dialog.waitFor();
  await expectFits(dialog.page(), name);
  await expectNothingSpilling(dialog.page(), name);
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
    // Some thirty axe passes and screenshots on a machine shared with other runs.
    test.setTimeout(420_000);
    await page.setViewportSize(VIEWPORTS.narrow);
    const dashboard = await signIn(page, account);
    await seed(page, baseURL ?? '');
    const username = await useLongestUsername(page, baseURL ?? '', account);
    await useTheme(page, baseURL ?? '', theme);
    await page.reload();
    const habits = new HabitsSection(page);
    const goals = new GoalTracker(page);
    const rewards = new RewardsPage(page);
    await expect(habits.card(HABIT_TITLE)).toBeVisible();
    await dashboard.scrollThroughAll();
    await expect(goals.card(CATEGORY)).toBeVisible();
    await expect(rewards.card(rewards.section, REWARD_NAME)).toBeVisible();
    await expect(rewards.item(rewards.inventory, CHEAP_REWARD)).toBeVisible();

    await expectFits(page, 'dashboard');
    // The header cuts the name short on a phone: its title gives it whole.
    await expect(dashboard.username).toHaveAttribute('title', `@${username}`);
    await expectWholeText(dashboard.username, `@${username}`);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-dashboard-${theme}`);

    // Create Habit, filled with the long title and the long category.
    await habits.section.getByRole('button', { name: 'Add Habit' }).click();
    const create = page.getByRole('dialog', { name: 'Create Habit' });
    await create.getByLabel('Title').fill(HABIT_TITLE);
    await create.getByLabel('Category').selectOption({ label: CATEGORY });
    await checkDialog(create, `narrow-create-habit-${theme}`);
    await page.keyboard.press('Escape');
    await page
      .getByRole('alertdialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(create).toBeHidden();

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
    await expectWholeText(insights.getByText(HABIT_TITLE, { exact: true }), HABIT_TITLE);
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
    // The long name again: the dialog says it exists, the word wrapping inside the dialog.
    await goals.fillCreate(CATEGORY.toLowerCase());
    await expect(goals.dialog('Create Category')).toContainText('already exists');
    await checkDialog(goals.dialog('Create Category'), `narrow-create-category-${theme}`);
    // Typed into, it would ask before Escape closes it; Cancel closes at once.
    await goals.dialog('Create Category').getByRole('button', { name: 'Cancel' }).click();
    await expect(goals.dialog('Create Category')).toBeHidden();
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
    const current = `${REWARD_NAME} · 9,000 pts`;
    await expectWholeText(rewards.dialog('Edit Reward').getByText(current), current);
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

    // Your status, from the adventurer card.
    await page.getByRole('button', { name: 'Status & achievements' }).click();
    const status = page.getByRole('dialog', { name: 'Your status' });
    await checkDialog(status, `narrow-status-${theme}`);
    await close(status);

    // Settings, every tab, and Import's options naming a long file.
    const settings = new SettingsDialog(page);
    await settings.open();
    for (const tab of SETTINGS_TABS) {
      await settings.tab(tab);
      if (tab === 'Storage') await expect(settings.dialog.getByTestId('server-size')).toBeVisible();
      await checkDialog(settings.dialog, `narrow-settings-${tab.toLowerCase()}-${theme}`);
    }
    await settings.tab('Data');
    const backup = await page.request.get('/api/export');
    expect(backup.ok()).toBe(true);
    await settings.chooseFile(
      `habitquest-${'backupfromtheoldphone'.repeat(4)}.json`,
      await backup.text(),
    );
    const options = page.getByRole('dialog', { name: 'Import options' });
    await checkDialog(options, `narrow-settings-import-options-${theme}`);
    await options.getByRole('button', { name: 'Cancel' }).click();
    await expect(options).toBeHidden();
    await close(settings.dialog);

    // What's New sits at the foot of the dashboard.
    const whatsNew = page.getByRole('region', { name: "What's New" });
    await whatsNew.scrollIntoViewIfNeeded();
    await expectFits(page, "What's New");
  });
}

for (const theme of THEMES) {
  test(`long words wrap on a 390 px phone, signed out (${theme})`, async ({ page, account }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS.narrow);
    // Signed out the theme is the system's.
    await page.emulateMedia({ colorScheme: theme });

    const modal = new SignInModal(page);
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
    else await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expectFits(page, 'landing');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-landing-${theme}`);

    // Sign in with a long address: the window says why it cannot.
    await modal.openFromLanding('signin');
    await modal.signIn(LONG_EMAIL, 'wrong password');
    await expect(modal.dialog.getByRole('alert')).toBeVisible();
    await checkDialog(modal.dialog, `narrow-sign-in-${theme}`);
    // Create account with long entries: each field says what is wrong.
    await modal.dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.dialog).toHaveAccessibleName('Create your account');
    await modal.createAccount(LONG_EMAIL, 'adventurer'.repeat(4), 'short');
    await expect(modal.dialog.getByText('Username must be 3–30 characters')).toBeVisible();
    await checkDialog(modal.dialog, `narrow-create-account-${theme}`);

    // Not found, at a long address.
    await page.goto(`/${'somewhere-far-away-'.repeat(8)}nowhere`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectFits(page, 'not found');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-not-found-${theme}`);

    // The update-password page: without a token, with a used one, and with a real link.
    await page.goto('/auth/update-password');
    await expect(page.getByText('This page needs the link from your reset e-mail.')).toBeVisible();
    await expectFits(page, 'update password, no token');
    await page.goto(`/auth/update-password?token=${'used-or-never-issued'.repeat(6)}`);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await expectFits(page, 'update password, used link');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-update-password-used-${theme}`);
    await modal.openFromLanding('signin');
    await modal.requestReset(account.email);
    await expect(
      modal.dialog.getByText('Password reset email sent! Check your inbox.'),
    ).toBeVisible();
    const link = new URL(await resetLinkFor(account.email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('a'.repeat(120));
    await page.getByLabel('Confirm new password').fill('b'.repeat(120));
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await expectFits(page, 'update password');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `narrow-update-password-${theme}`);
  });

  test(`long words wrap on a 390 px phone, Pro analytics (${theme})`, async ({
    page,
    account,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS.narrow);
    await signIn(page, account);
    await seed(page, baseURL ?? '');
    await upgradeThroughApi(page.request);
    await useTheme(page, baseURL ?? '', theme);
    await page.reload();

    const analytics = new AnalyticsModal(page);
    await analytics.open();
    await analytics.selectTab('Daily');
    const streaks = analytics.region('Streaks');
    await expectWholeText(streaks.getByText(HABIT_TITLE, { exact: true }), HABIT_TITLE);
    await expectWholeText(streaks.getByText(LOOSE_TITLE, { exact: true }), LOOSE_TITLE);
    // The streak figures go under the name on a phone, which keeps most of the row for itself.
    const name = await streaks.getByText(HABIT_TITLE, { exact: true }).boundingBox();
    const row = await streaks.getByRole('listitem').filter({ hasText: HABIT_TITLE }).boundingBox();
    expect(name?.width ?? 0).toBeGreaterThan((row?.width ?? 0) * 0.7);
    await streaks.scrollIntoViewIfNeeded();
    await checkDialog(analytics.dialog, `narrow-analytics-daily-${theme}`);

    await analytics.selectTab('Monthly');
    const categories = analytics.region('Category performance');
    const category = categories.getByText(CATEGORY, { exact: true });
    await expectWholeText(category, CATEGORY);
    await category.scrollIntoViewIfNeeded();
    await checkDialog(analytics.dialog, `narrow-analytics-monthly-${theme}`);

    // However many of the months' names fit, they come at an even step from January.
    await analytics.selectTab('Overview');
    const ticks = analytics.panel.locator(
      '.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value',
    );
    await expect
      .poll(async () => {
        const months = (await ticks.allTextContents()).map((label) => MONTHS.indexOf(label));
        const steps = new Set(months.slice(1).map((month, index) => month - (months[index] ?? 0)));
        return months.length > 2 && months[0] === 0 && steps.size === 1;
      })
      .toBe(true);
    await close(analytics.dialog);
  });
}

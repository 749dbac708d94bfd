/**
 * Issue #12 item 12: a free plan's limit is said before the work. At the limit, Add Habit, Add
 * Category and Add Reward open the upgrade modal instead of an empty form; a limit reached
 * meanwhile (another device) opens the modal over the form, and Maybe Later keeps the typing.
 */
import type { Page } from '@playwright/test';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { UpgradeModal } from './pages/pro';
import { RewardsPage } from './pages/rewards';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';

const LIMITS = { habits: 15, categories: 10, rewards: 6 } as const;
type Resource = keyof typeof LIMITS;

/** Creates `count` items through the signed-in browser's API (no UI involved). */
async function create(page: Page, baseURL: string, resource: Resource, count: number) {
  for (let i = 0; i < count; i += 1) {
    const data =
      resource === 'habits'
        ? { title: `Seed habit ${String(i)}` }
        : resource === 'categories'
          ? { name: `Seed ${String(i)}`, monthlyTargetXp: 100 }
          : { name: `Seed reward ${String(i)}`, cost: 10 };
    const response = await page.request.post(`/api/${resource}`, {
      data,
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

function message(resource: Resource): string {
  return `Free plan limit reached: ${String(LIMITS[resource])} ${resource}. Upgrade to Pro for unlimited ${resource}!`;
}

test('at a free limit, Add opens the upgrade modal before any form', async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.wide);
  await signIn(page, account);
  // Seven default categories count already (the fallback one does not).
  await create(page, baseURL ?? '', 'habits', LIMITS.habits);
  await create(page, baseURL ?? '', 'categories', LIMITS.categories - 7);
  await create(page, baseURL ?? '', 'rewards', LIMITS.rewards);
  // The reload shows the saved dashboard first (docs/offline.md); wait for the server's counts.
  const fresh = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.ok());
  await page.reload();
  await fresh;
  await expect(page.getByText(`Seed habit ${String(LIMITS.habits - 1)}`)).toBeVisible();
  const upgrade = new UpgradeModal(page);

  await new HabitsSection(page).section.getByRole('button', { name: 'Add Habit' }).click();
  await expect(upgrade.dialog.getByText(message('habits'))).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Habit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'limits-habits');
  await upgrade.maybeLater.click();
  await expect(upgrade.dialog).toBeHidden();

  await new GoalTracker(page).addCategory.click();
  await expect(upgrade.dialog.getByText(message('categories'))).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Category' })).toHaveCount(0);
  await upgrade.maybeLater.click();

  const rewards = new RewardsPage(page);
  await rewards.openShop();
  await rewards.modal.getByRole('button', { name: 'Add Reward' }).click();
  await expect(upgrade.dialog.getByText(message('rewards'))).toBeVisible();
  await expect(rewards.dialog('Create Reward')).toHaveCount(0);
  await upgrade.maybeLater.click();
  // Back in the shop, which stayed open beneath.
  await expect(rewards.modal).toBeVisible();
});

test('a limit reached meanwhile: the modal opens over the form and Maybe Later keeps the typing', async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.wide);
  await signIn(page, account);
  await create(page, baseURL ?? '', 'habits', LIMITS.habits - 1);
  await page.reload();
  const habits = new HabitsSection(page);
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  await form.getByLabel('Title').fill('Practise the guitar');
  await form.getByLabel('XP reward').fill('40');
  // Another device takes the last free place while this form is open.
  await create(page, baseURL ?? '', 'habits', 1);
  await form.getByRole('button', { name: 'Create Habit' }).click();

  const upgrade = new UpgradeModal(page);
  await expect(upgrade.dialog.getByText(message('habits'))).toBeVisible();
  await upgrade.maybeLater.click();
  await expect(upgrade.dialog).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('Practise the guitar');
  await expect(form.getByLabel('XP reward')).toHaveValue('40');
});

import path from 'node:path';
import type { Page } from '@playwright/test';
import { RewardsPage, rewardsApi } from './pages/rewards';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';

const SCREENS = 'e2e/.screenshots';

/** The shop and inventory sections together, with a margin of the page around them. */
async function saveSections(page: Page, rewards: RewardsPage, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  const top = await rewards.section.boundingBox();
  const bottom = await rewards.inventory.boundingBox();
  if (!top || !bottom) throw new Error('the rewards sections are not on screen');
  const margin = 24;
  await page.screenshot({
    path: path.join(SCREENS, `${name}.png`),
    fullPage: true,
    clip: {
      x: top.x - margin,
      y: top.y - margin,
      width: top.width + 2 * margin,
      height: bottom.y + bottom.height - top.y + 2 * margin,
    },
  });
}

test('earn points, create a reward, redeem it, see it in both inventories and the balance after a reload', async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  await rewardsApi(page, baseURL).earn('Deep work block', 100);
  await page.reload();
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  await expect(adventurer.getByText('50 points')).toBeVisible();
  const rewards = new RewardsPage(page);
  await expect(rewards.section).toContainText(
    'Spend your points on real-life perks. You earn 1 pt for every 2 XP.',
  );
  await expect(rewards.inventory).toContainText('No rewards yet');
  await expect(rewards.inventory).toContainText(
    'Complete habits to earn points and redeem rewards!',
  );

  // The adventurer card opens the shop too.
  await adventurer.getByRole('button', { name: 'Rewards Shop' }).click();
  await expect(rewards.modal).toBeVisible();
  await expect(rewards.modal).toContainText('50 pts');
  await expect(rewards.modal.getByText('No Rewards Yet')).toBeVisible();
  await expect(
    rewards.modal.getByText('Create your first reward to start motivating yourself!'),
  ).toBeVisible();
  await rewards.modal.getByRole('button', { name: 'Add Your First Reward' }).click();
  await expect(rewards.dialog('Create Reward').getByLabel('Cost in points')).toHaveValue('100');
  await rewards.fillCreate({ name: 'Movie night', cost: 40, icon: '🎬' });
  await expect(rewards.dialog('Create Reward')).toBeHidden();
  const card = rewards.card(rewards.modal, 'Movie night');
  await expect(card).toContainText('Cost: 40 pts');

  // Named with its reward for a screen reader, beginning with the word it shows.
  await card.getByRole('button', { name: 'Redeem Movie night for 40 pts', exact: true }).click();
  await expect(page.getByText('Purchase Successful!')).toBeVisible();
  await expect(page.getByText('Successfully purchased Movie night!')).toBeVisible();
  await expect(rewards.modal).toContainText('10 pts');
  await expect(card).toHaveCount(0);
  await expect(rewards.modal.getByRole('heading', { name: 'Your Inventory (1)' })).toBeVisible();
  const modalItem = rewards.item(rewards.modal, 'Movie night');
  await expect(modalItem).toContainText('40 pts');
  await expect(modalItem).toContainText('Redeemed');

  await page.keyboard.press('Escape');
  await expect(rewards.modal).toBeHidden();
  await expect(adventurer.getByRole('button', { name: 'Rewards Shop' })).toBeFocused();
  await expect(rewards.inventory).toContainText('1 reward earned');
  // Redeemed: gone from the shop section too.
  await expect(rewards.section).toContainText('No Rewards Yet');
  await expect(rewards.item(rewards.inventory, 'Movie night')).toContainText('40 pts');

  await page.reload();
  await expect(adventurer.getByText('10 points')).toBeVisible();
  await expect(rewards.section).toContainText('10 pts');
  await expect(rewards.item(rewards.inventory, 'Movie night')).toContainText('Redeemed');
  await rewards.openShop();
  await expect(rewards.modal).toContainText('10 pts');
  await expect(rewards.item(rewards.modal, 'Movie night')).toBeVisible();
});

test("'Not enough points' for a reward above the balance, and the delete-reward dialog", async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  const api = rewardsApi(page, baseURL);
  await api.earn('Read 20 pages', 60);
  await api.createReward({ name: 'Concert ticket', cost: 100 });
  await page.reload();
  const rewards = new RewardsPage(page);
  await rewards.openShop();
  const card = rewards.card(rewards.modal, 'Concert ticket');
  const redeem = card.getByRole('button', { name: 'Not enough points' });
  await expect(redeem).toBeVisible();
  await expect(redeem).toBeDisabled();
  await expect(card).toContainText('70 pts more needed');

  await card.hover();
  await card.getByRole('button', { name: 'Delete Concert ticket' }).click();
  const dialog = rewards.dialog('Delete Reward');
  await expect(dialog).toContainText('Are you sure you want to delete "Concert ticket"?');
  await expect(dialog).toContainText('100 pts');
  const id = await page.request
    .get('/api/rewards')
    .then(async (r) => ((await r.json()) as { id: string }[])[0]?.id ?? '');
  await expect(dialog).toContainText(id.slice(0, 8));
  await expect(dialog).toContainText('removed from your shop permanently');
  await expect(dialog).toContainText('This action cannot be undone.');
  await expect(dialog).toContainText('edit the reward instead');
  await expect(dialog).toContainText('will not be refunded');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Delete Concert ticket' })).toBeFocused();

  await card.getByRole('button', { name: 'Delete Concert ticket' }).click();
  await dialog.getByRole('button', { name: 'Delete Reward' }).click();
  await expect(card).toHaveCount(0);
  await expect(rewards.modal.getByText('No Rewards Yet')).toBeVisible();
  await page.reload();
  await expect(rewards.card(rewards.section, 'Concert ticket')).toHaveCount(0);
});

test("a free user's 7th reward opens the limit dialog", async ({ page, account, baseURL }) => {
  await signIn(page, account);
  await rewardsApi(page, baseURL).fillFreeShop();
  await page.reload();
  const rewards = new RewardsPage(page);
  await rewards.openShop();
  await rewards.modal.getByRole('button', { name: 'Add Reward' }).click();
  const message = 'Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!';
  // The limit is said before any typing: the upgrade modal opens instead of an empty form.
  await expect(page.getByRole('dialog').filter({ hasText: message })).toBeVisible();
  await expect(rewards.dialog('Create Reward')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the shop and inventory in light and dark: no axe violations', async ({
  page,
  account,
  baseURL,
}) => {
  // Both themes, wide and narrow, each scanned by axe and photographed: slow on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS.wide);
  const dashboard = await signIn(page, account);
  const api = rewardsApi(page, baseURL);
  for (const title of ['Morning run', 'Deep work block', 'Call a friend'])
    await api.earn(title, 100);
  await api.createReward({ name: 'Fancy coffee', cost: 30, icon: '☕' });
  const movie = await api.createReward({ name: 'Movie night', cost: 40, icon: '🎬' });
  const book = await api.createReward({
    name: 'A new book',
    cost: 60,
    icon: '📚',
    description: 'Any novel from the wishlist',
  });
  await api.createReward({
    name: 'Pizza Friday',
    cost: 80,
    icon: '🍕',
    description: 'Order from the good place',
    keepInShop: true,
  });
  await api.createReward({ name: 'New video game', cost: 200, icon: '🎮' });
  await api.createReward({
    name: 'Spa afternoon',
    cost: 500,
    description: 'A whole afternoon off, massage included',
  });
  await api.redeem(movie);
  await api.redeem(book);
  await page.reload();

  const rewards = new RewardsPage(page);
  await dashboard.themeOption('Light').click();
  await expect(rewards.section).toContainText('50 pts');
  await expect(rewards.inventory).toContainText('2 rewards earned');
  await expectNoAxeViolations(page);
  await saveSections(page, rewards, 'inventory-light');

  await rewards.openShop();
  await expect(rewards.modal.getByRole('heading', { name: 'Your Inventory (2)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'shop-light');
  await rewards.modal.getByRole('button', { name: 'Add Reward' }).click();
  await expect(rewards.dialog('Create Reward')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(rewards.dialog('Create Reward')).toBeHidden();
  await expect(rewards.modal).toBeVisible();
  await page.keyboard.press('Escape');

  await dashboard.themeOption('Dark').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await saveSections(page, rewards, 'inventory-dark');
  await rewards.openShop();
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'shop-dark');
  // A bare ☕ is drawn in its colour form: DejaVu Sans has a text ☕, a dark outline on this tile.
  const coffeeIcon = rewards
    .card(rewards.modal, 'Fancy coffee')
    .locator('span[aria-hidden]')
    .first();
  await expect(coffeeIcon).toHaveText('☕\uFE0F');
  const card = rewards.card(rewards.modal, 'Pizza Friday');
  await card.getByRole('button', { name: 'Edit Pizza Friday' }).click();
  const edit = rewards.dialog('Edit Reward');
  await expect(edit).toContainText('Pizza Friday · 80 pts');
  await expect(edit).toContainText('You earn 1 pt for every 2 XP.');
  await expectNoAxeViolations(page);
  await edit.getByLabel('Reward name').fill('');
  await expect(edit.getByRole('button', { name: 'Update Reward' })).toBeDisabled();
  await edit.getByLabel('Reward name').fill('Pizza night');
  await edit.getByRole('button', { name: 'Update Reward' }).click();
  await expect(edit).toBeHidden();
  await expect(rewards.card(rewards.modal, 'Pizza night')).toBeVisible();
  await page.setViewportSize(VIEWPORTS.narrow);
  await saveViewportScreenshot(page, 'shop-dark-narrow');
  await page.keyboard.press('Escape');
  await expect(rewards.modal).toBeHidden();
  await saveSections(page, rewards, 'inventory-dark-narrow');
});

test('a negative balance after an undo shows as it is and blocks redeem', async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  const api = rewardsApi(page, baseURL);
  const habitId = await api.earn('Morning run', 100);
  await api.redeem(await api.createReward({ name: 'Movie night', cost: 40 }));
  await api.createReward({ name: 'Fancy coffee', cost: 5 });
  await api.undo(habitId);
  await page.reload();
  const rewards = new RewardsPage(page);
  await expect(rewards.section).toContainText('-40 pts');
  await expect(rewards.section).toContainText('Your balance is below zero');
  const card = rewards.card(rewards.section, 'Fancy coffee');
  await expect(card.getByRole('button', { name: 'Not enough points' })).toBeDisabled();
  await expect(card).toContainText('45 pts more needed');
});

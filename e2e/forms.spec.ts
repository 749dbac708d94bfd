/**
 * Issue #12 items 10 and 11: one rule and one message per kind of number, said under its field
 * (aria-invalid, aria-describedby), focus on the first invalid field; nothing is rounded, forced
 * into range or saved behind the user's back. A category target of 0 reads 'No target'.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { RewardsPage } from './pages/rewards';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { test } from './support/fixtures';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';

const XP_RULE = 'XP must be a whole number from 1 to 100.';
const COST_RULE = 'Cost must be a whole number of points from 1 to 10,000.';
const TARGET_RULE = 'Target must be a whole number of XP from 0 to 10,000.';
const CREATE_TARGET_RULE = 'Target must be a whole number of XP from 1 to 10,000.';

/** The field is invalid, says `message` through aria-describedby, and has the focus. */
async function expectInvalid(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
  await expect(field).toBeFocused();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Counts the writes the browser sends to `path` (POST, PATCH), from now on. */
function countWrites(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes(path)) count += 1;
  });
  return () => count;
}

test('habit XP and reward cost: one whole-number rule each, said under the field', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.wide);
  await signIn(page, account);
  const habitWrites = countWrites(page, '/api/habits');
  const habits = new HabitsSection(page);

  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  const title = form.getByLabel('Title');
  const xp = form.getByLabel('XP reward');
  const create = form.getByRole('button', { name: 'Create Habit' });
  // A blank title and a fractional XP: both said, focus on the first (the title).
  await xp.fill('2.5');
  await create.click();
  await expectInvalid(title, 'Title is required');
  await expect(xp).toHaveAttribute('aria-invalid', 'true');
  await expect(xp).toHaveAccessibleDescription(XP_RULE);
  await title.fill('Stretch');
  // Typing in a field clears its own error.
  await expect(title).not.toHaveAttribute('aria-invalid');
  for (const value of ['2.5', '0', '101', '-3', '']) {
    await xp.fill(value);
    await create.click();
    await expectInvalid(xp, XP_RULE);
  }
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'forms-habit-xp-invalid');
  expect(habitWrites()).toBe(0);
  await xp.fill('25');
  await create.click();
  await expect(form).toBeHidden();
  await expect(habits.card('Stretch')).toContainText('25 XP');
  expect(habitWrites()).toBe(1);

  // Rewards: 12.7, 0 and -10 are refused with the one message, never rounded or forced to 1.
  const rewards = new RewardsPage(page);
  const rewardWrites = countWrites(page, '/api/rewards');
  await rewards.openShop();
  await rewards.modal.getByRole('button', { name: 'Add Reward' }).click();
  const reward = rewards.dialog('Create Reward');
  await reward.getByLabel('Reward name').fill('Movie night');
  const cost = reward.getByLabel('Cost in points');
  for (const value of ['12.7', '0', '-10', '10001', '']) {
    await cost.fill(value);
    await reward.getByRole('button', { name: 'Create Reward' }).click();
    await expectInvalid(cost, COST_RULE);
  }
  // The hint about the earning rate stays named beside the error.
  await expect(cost).toHaveAccessibleDescription(/1 pt for every 2 XP/);
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'forms-reward-cost-invalid');
  expect(rewardWrites()).toBe(0);
  await cost.fill('12');
  await reward.getByRole('button', { name: 'Create Reward' }).click();
  await expect(reward).toBeHidden();
  await expect(rewards.card(rewards.modal, 'Movie night')).toContainText('12');
});

test('category targets: invalid text is not saved, 0 reads No target', async ({
  page,
  account,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.wide);
  await signIn(page, account);
  const goals = new GoalTracker(page);
  const writes = countWrites(page, '/api/categories');

  // Create Category: the same rule, with 1 as the least.
  const create = await goals.openCreate();
  await create.getByLabel('Category name').fill('Reading');
  await create.getByLabel('Monthly XP target').fill('0');
  await create.getByRole('button', { name: 'Create Category' }).click();
  await expectInvalid(create.getByLabel('Monthly XP target'), CREATE_TARGET_RULE);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('button', { name: /^Discard/ });
  if (await discard.isVisible()) await discard.click();
  await expect(create).toBeHidden();

  // The target input on a card: blank, a fraction, too big, and Enter: said, not saved.
  const target = goals.target('CAREER');
  for (const value of ['', '2.5', '10001']) {
    await target.fill(value);
    await target.press('Enter');
    await expectInvalid(target, TARGET_RULE);
  }
  // Leaving the field keeps what was typed and the message; nothing is sent.
  await target.fill('');
  await page.getByRole('heading', { name: 'Goal Tracker by Category' }).click();
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(goals.card('CAREER')).toContainText('/ 500 XP');
  expect(writes()).toBe(0);
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'forms-target-invalid');
  // Escape puts the saved target back.
  await target.press('Escape');
  await expect(target).toHaveValue('500');
  await expect(target).not.toHaveAttribute('aria-invalid');

  // 0 is a real choice: no target, said so, not '0 / 0 XP · 0%'.
  await goals.setTarget('CAREER', '0');
  const card = goals.card('CAREER');
  await expect(card).toContainText('No target');
  await expect(card).not.toContainText('/ 0 XP');
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  expect(writes()).toBe(1);
  await page.reload();
  await expect(goals.card('CAREER')).toContainText('No target');
  await expectNoAxeViolations(page);
});

test('sign-in and sign-up say what is wrong under each field and focus it', async ({
  page,
  account,
}) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  const identifier = modal.dialog.getByLabel('Email or Username');
  const password = modal.dialog.getByLabel('Password');
  await modal.dialog.getByRole('button', { name: 'Sign In' }).click();
  await expectInvalid(identifier, 'Email or username is required');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password is required');
  await identifier.fill(account.email);
  await password.fill('abc');
  await modal.dialog.getByRole('button', { name: 'Sign In' }).click();
  await expectInvalid(password, 'Password must be at least 6 characters');
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'forms-sign-in-invalid');

  await page.goto('/welcome');
  await new SignInModal(page).openFromLanding('signup');
  const email = modal.dialog.getByLabel('Email');
  await email.fill('not-an-email');
  await modal.dialog.getByLabel('Username').fill('a');
  const before = await modal.dialog.boundingBox();
  await modal.dialog.getByRole('button', { name: 'Create account' }).click();
  await expectInvalid(email, 'Enter a valid email address');
  await expect(modal.dialog.getByLabel('Username')).toHaveAccessibleDescription(
    /Username must be 3/,
  );
  // The errors make the window taller downwards: its top, and the fields above, stay put.
  const after = await modal.dialog.boundingBox();
  expect(after?.height).toBeGreaterThan(before?.height ?? Infinity);
  expect(after?.y).toBe(before?.y);
  await expectNoAxeViolations(page);
});

/**
 * Issue #12: Back closes a dialog instead of leaving the app; a form dialog with changes asks
 * before a backdrop click, Escape or Back throws them away; /welcome offers the dashboard to a
 * signed-in visitor; unknown addresses get a not-found page; no console errors on load; the
 * sign-in window focuses its first field; a used reset link says so instead of showing the form.
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { SignInModal } from './pages/sign-in-modal';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { resetLinkFor } from './support/outbox';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signInThroughUi } from './support/session';
import { THEMES, useTheme } from './support/theme';
import { CalendarPanel } from './pages/calendar';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('no console errors on load: landing, sign-in, dashboard, not-found, reset page', async ({
  page,
  account,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/welcome');
  await expect(page.getByRole('button', { name: 'Create account' }).first()).toBeVisible();
  await signInThroughUi(page, account);
  await page.reload();
  await expect(new DashboardPage(page).username).toBeVisible();
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/auth/update-password');
  await expect(page.getByText('This page needs the link from your reset e-mail.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('Back closes each dialog and stays in the app', async ({ page, account }) => {
  const dashboard = await signInThroughUi(page, account);
  const origin = new URL(page.url()).origin;
  const open = {
    'Create Habit': () =>
      new HabitsSection(page).section.getByRole('button', { name: 'Add Habit' }).click(),
    'Day Insights': () => new CalendarPanel(page).day(localDate()).click(),
    'Your status': () => page.getByRole('button', { name: 'Status & achievements' }).click(),
    'Rewards Shop': () => page.getByRole('button', { name: 'Open Shop' }).first().click(),
    'Analytics Dashboard': () => page.getByRole('button', { name: 'Analytics' }).first().click(),
  };
  for (const [title, opener] of Object.entries(open)) {
    await opener();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog, title).toBeHidden();
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(dashboard.username).toBeVisible();
  }
  // Forward onto the entry of a dialog Back closed opens nothing and steps back off it, so the
  // next Back is not spent on an entry with no dialog.
  await open['Your status']();
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goForward();
  await expect.poll(() => page.evaluate('window.history.state?.habitquestDialog ?? 0')).toBe(0);
  await expect(page.getByRole('dialog')).toBeHidden();
  // A dialog closed with Escape leaves no entry behind: one Back, one step.
  await open['Your status']();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('Back on the dashboard as the first page leaves it as usual', async ({ page, account }) => {
  await signInThroughUi(page, account);
  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await new DashboardPage(fresh).username.waitFor();
  await fresh.getByRole('button', { name: 'Status & achievements' }).click();
  await expect(fresh.getByRole('dialog', { name: 'Your status' })).toBeVisible();
  await fresh.goBack();
  await expect(fresh.getByRole('dialog')).toBeHidden();
  await expect(fresh).toHaveURL(/\/$/);
  await fresh.goBack();
  await expect(fresh).toHaveURL('about:blank');
});

test('a form with changes asks before Escape, a backdrop click or Back discard them', async ({
  page,
  account,
}) => {
  await signInThroughUi(page, account);
  const habits = new HabitsSection(page);
  const addHabit = habits.section.getByRole('button', { name: 'Add Habit' });
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });

  // A clean form closes at once.
  await addHabit.click();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(ask).toBeHidden();

  await addHabit.click();
  await form.getByLabel('Title').fill('Half-typed');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(form.getByLabel('Title')).toHaveValue('Half-typed');

  await page.mouse.click(5, 5); // the backdrop
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape'); // Escape on the question keeps editing
  await expect(ask).toBeHidden();
  await expect(form).toBeVisible();

  await page.goBack();
  await expect(ask).toBeVisible();
  await expect(form).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await expect(habits.card('Half-typed')).toHaveCount(0);
  // The kept-open form took a new entry, which closing gave back: Back now leaves the dashboard.
  await page.goBack();
  await expect(page).toHaveURL(/\/welcome$/);
});

test("leaving the page with a half-filled form asks the browser's question first", async ({
  page,
  account,
}) => {
  await signInThroughUi(page, account);
  const habits = new HabitsSection(page);
  const form = page.getByRole('dialog', { name: 'Create Habit' });
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss(); // stay on the page
  });

  // A clean form lets the page go without a question.
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  await expect(form).toBeVisible();
  expect(await unloadIsHeldBack(page)).toBe(false);

  // Typed into (a user's gesture), closing the tab asks; staying keeps what was typed.
  await form.getByLabel('Title').fill('Half-typed');
  await expect.poll(() => unloadIsHeldBack(page)).toBe(true);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(form.getByLabel('Title')).toHaveValue('Half-typed');

  // Discarded, the page goes freely again.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  expect(await unloadIsHeldBack(page)).toBe(false);
});

test('the sign-in window lets the page go with typed credentials (it leaves it itself)', async ({
  page,
}) => {
  await page.goto('/welcome');
  await new SignInModal(page).openFromLanding();
  await page.getByLabel('Email').fill('half@example.com');
  expect(await unloadIsHeldBack(page)).toBe(false);
});

/** Whether the page holds a leave back: a beforeunload event it cancels. */
function unloadIsHeldBack(page: Page): Promise<boolean> {
  return page.evaluate(
    `(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    })()`,
  );
}

test('/welcome offers the dashboard to a signed-in visitor', async ({ page, account }) => {
  await signInThroughUi(page, account);
  await page.goto('/welcome');
  const open = page.getByRole('button', { name: 'Open dashboard' });
  await expect(open.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await open.first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new DashboardPage(page).username).toBeVisible();
});

test('an unknown address shows a not-found page with the way home', async ({ page, account }) => {
  await signInThroughUi(page, account);
  await page.goto('/habits/nope');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/habits\/nope$/);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Open dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new DashboardPage(page).username).toBeVisible();
});

test('the sign-in window focuses its first field', async ({ page }) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await expect(modal.dialog.getByLabel('Email or Username')).toBeFocused();
  await modal.dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(modal.dialog.getByLabel('Email')).toBeFocused();
});

test('the sign-in window asks before discarding half-typed credentials', async ({ page }) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await modal.dialog.getByLabel('Email or Username').fill('ada');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(modal.dialog.getByLabel('Email or Username')).toHaveValue('ada');
  await page.mouse.click(5, 5); // the backdrop
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  // Back asks too, and asks again after 'Keep editing'.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(modal.dialog.getByLabel('Email or Username')).toHaveValue('ada');
  await expect(page).not.toHaveURL(/\/welcome$/);
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(modal.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('Back from the sign-in window with nothing typed returns to the landing page at once', async ({
  page,
}) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await page.goBack();
  await expect(modal.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('a used reset link says so and leads to a new one', async ({ page, account }) => {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await modal.requestReset(account.email);
  await expect(
    modal.dialog.getByText('Password reset email sent! Check your inbox.'),
  ).toBeVisible();
  const link = new URL(await resetLinkFor(account.email));
  const address = `${link.pathname}${link.search}`;
  await page.goto(address);
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Confirm new password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed.', { exact: false })).toBeVisible();

  await page.goto(address);
  await expect(
    page.getByText('This reset link is invalid or has expired.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeFocused();
});

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`navigation screens, ${theme}, ${size}`, async ({ page, account, baseURL }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/auth/update-password?token=used-or-never-issued');
      await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
      await saveViewportScreenshot(page, `navigation-reset-used-${theme}-${size}`);
      await signInThroughUi(page, account);
      await useTheme(page, baseURL ?? '', theme);
      await page.goto('/welcome');
      await expect(page.getByRole('button', { name: 'Open dashboard' }).first()).toBeVisible();
      await saveViewportScreenshot(page, `navigation-welcome-signed-in-${theme}-${size}`);
      await page.goto('/nope');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await saveViewportScreenshot(page, `navigation-not-found-${theme}-${size}`);
      await page.goto('/');
      await new HabitsSection(page).section.getByRole('button', { name: 'Add Habit' }).click();
      await page.getByRole('dialog', { name: 'Create Habit' }).getByLabel('Title').fill('Draft');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
      await saveViewportScreenshot(page, `navigation-discard-${theme}-${size}`);
    });
  }
}

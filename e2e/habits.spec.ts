import type { Locator } from '@playwright/test';
import { CalendarPanel } from './pages/calendar';
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { focusOutline } from './support/focus-ring';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate, signIn } from './support/session';

test('create a daily habit, complete it today and on a past day, see XP, points and level move, undo', async ({
  page,
  account,
}) => {
  const dashboard = await signIn(page, account);
  const habits = new HabitsSection(page);
  await expect(
    habits.section.getByText('No habits for this date/frequency. Add one to get started!'),
  ).toBeVisible();

  await habits.create({ title: 'Morning run', xp: 60 });
  await expect(habits.card('Morning run')).toBeVisible();
  // A sentence of a title, the habit's name below it.
  const created = page.locator('[data-sonner-toast]').filter({ hasText: 'Habit created!' });
  await expect(created).toContainText('Morning run');
  await habits.toggle('Morning run').click();
  await expect(habits.toggle('Morning run')).toHaveText('Completed');
  await expect(habits.toggle('Morning run')).toHaveAttribute('title', 'Undo completion');
  await expect(page.getByText('Habit Completed!')).toBeVisible();
  // Undone at once: the toast that told of it goes with it, well before its 3 s are up.
  await habits.toggle('Morning run').click();
  await expect(habits.toggle('Morning run')).toHaveText('Mark Complete');
  await expect(page.getByText('Habit Completed!')).toBeHidden({ timeout: 1000 });
  await habits.toggle('Morning run').click();
  await expect(habits.toggle('Morning run')).toHaveText('Completed');
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  await expect(adventurer.getByText('30 points')).toBeVisible();
  await expect(dashboard.level).toHaveText('Level 1');

  // Yesterday from the calendar: 120 XP in total reaches level 2.
  const yesterday = localDate(-1);
  await new CalendarPanel(page).day(yesterday).click();
  const insights = page.getByRole('dialog', { name: 'Day Insights' });
  await expect(insights.getByText('Total Tasks')).toBeVisible();
  await insights.getByRole('button', { name: 'Complete: Morning run' }).click();
  await expect(insights.getByRole('button', { name: 'Completed: Morning run' })).toBeVisible();
  await expect(page.getByText('Level 2 reached!')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'day-insights');
  await page.keyboard.press('Escape');
  await expect(dashboard.level).toHaveText('Level 2');
  await expect(adventurer.getByText('60 points')).toBeVisible();

  // Back to today and undo: exactly what was given comes back off.
  await page.getByRole('button', { name: 'Today' }).click();
  await page.keyboard.press('Escape');
  await habits.toggle('Morning run').click();
  await expect(habits.toggle('Morning run')).toHaveText('Mark Complete');
  await expect(adventurer.getByText('30 points')).toBeVisible();
  await expect(dashboard.level).toHaveText('Level 1');
  await page.reload();
  await expect(adventurer.getByText('30 points')).toBeVisible();
});

test('on a phone, the completion toast covers the card just tapped: its Undo takes the tap back', async ({
  page,
  account,
}) => {
  await page.setViewportSize(VIEWPORTS.narrow);
  await signIn(page, account);
  const habits = new HabitsSection(page);
  await habits.create({ title: 'Stretch', xp: 40 });
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  const toggle = habits.toggle('Stretch');
  await toggle.click();
  await expect(toggle).toHaveText('Completed');
  await expect(adventurer.getByText('20 points')).toBeVisible();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Habit Completed!' });
  await expect(toast).toContainText('Stretch: +40 XP, +20 pts');
  // The achievements this completion unlocked are told by the live stream, before or after the
  // answer: their toast may stand in front of this one. A pointer on the stack opens it and holds
  // every toast (each leaves after its seconds unless a pointer rests on the stack).
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: '2 achievements unlocked!' }),
  ).toBeVisible();
  await page.locator('[data-sonner-toast][data-front="true"]').hover();
  await toast.hover();
  await expectNoAxeViolations(page);
  await saveViewportScreenshot(page, 'habits-phone-completion-toast');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toggle).toHaveText('Mark Complete');
  await expect(toast).toBeHidden();
  await expect(adventurer.getByText('0 points')).toBeVisible();
  // Taken back on the server too: nothing left after a reload.
  await page.reload();
  await expect(habits.toggle('Stretch')).toHaveText('Mark Complete');
  await expect(adventurer.getByText('0 points')).toBeVisible();
});

test('a habit keeps a description, a colour and an icon: written when created, shown on its card, changed by an edit', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const habits = new HabitsSection(page);
  const why = 'Ten minutes before breakfast, so the back stays loose 🧘';
  await habits.create({ title: 'Stretch', description: `  ${why} ` });
  await expect(habits.card('Stretch').getByText(why)).toBeVisible();
  await page.reload();
  await expect(habits.card('Stretch').getByText(why)).toHaveAttribute('title', why);
  await habits.card('Stretch').getByRole('button', { name: 'Edit Stretch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Habit' });
  await expect(dialog.getByLabel('Description (optional)')).toHaveValue(why);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'habits-edit-dialog');
  await dialog.getByLabel('Description (optional)').fill('');
  // A colour of its own for the card's bar, chosen from the keyboard: the swatches are radios.
  await expect(dialog.getByRole('radio', { name: 'Emerald' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Emerald' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Violet' })).toBeChecked();
  // Its icon too, drawn in that colour: the target until another is chosen.
  await expect(dialog.getByRole('radio', { name: 'Target' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Target' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Walk' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Habit updated' }),
  ).toContainText('Stretch');
  await expect(habits.card('Stretch').getByText(why)).toBeHidden();
  const bar = (card: Locator) => card.locator('span[aria-hidden]').first();
  await expect(bar(habits.card('Stretch'))).toHaveCSS('background-color', 'rgb(139, 92, 246)');
  await page.reload();
  await expect(habits.card('Stretch')).toBeVisible();
  await expect(habits.card('Stretch').getByText(why)).toBeHidden();
  await expect(bar(habits.card('Stretch'))).toHaveCSS('background-color', 'rgb(139, 92, 246)');
  const icon = habits.card('Stretch').locator('[data-icon]:visible');
  await expect(icon).toHaveAttribute('data-icon', 'footprints');
  await expect(icon).toHaveCSS('color', 'rgb(139, 92, 246)');
});

test('weekly, monthly, yearly and Specific habits appear under their tab on the right dates', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const habits = new HabitsSection(page);
  await habits.tab('Weekly').click();
  // Chosen with the mouse, a tab draws no focus ring; moved to with the keyboard, it does.
  await expect(habits.tab('Weekly')).toBeFocused();
  expect(await focusOutline(page)).toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect(habits.tab('Monthly')).toBeFocused();
  expect(await focusOutline(page)).toBe('solid 2px');
  await habits.tab('Weekly').click();
  await habits.create({ title: 'Weekly review', frequency: 'Weekly' });
  await expect(habits.card('Weekly review')).toBeVisible();
  // A weekly habit's streak counts weeks.
  await expect(habits.card('Weekly review')).toContainText('Best streak: 0 weeks');
  await habits.tab('Monthly').click();
  await habits.create({ title: 'Budget check', frequency: 'Monthly' });
  await expect(habits.card('Budget check')).toBeVisible();
  await expect(habits.card('Budget check')).toContainText('Best streak: 0 months');
  await habits.tab('Yearly').click();
  await habits.create({ title: 'Dentist', frequency: 'Yearly', specificDate: localDate(0) });
  await expect(habits.card('Dentist')).toBeVisible();
  await habits.tab('Daily').click();
  await habits.create({ title: 'One-off call', specificDate: localDate(-2) });
  // A Specific daily habit shows only on its own date.
  await expect(habits.card('One-off call')).toBeHidden();
  await new CalendarPanel(page).day(localDate(-2)).click();
  // Day Insights opens (it may still be loading): close it once it is there.
  const insights = page.getByRole('dialog', { name: 'Day Insights' });
  await expect(insights).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(insights).toBeHidden();
  await expect(habits.card('One-off call')).toBeVisible();
  await expect(habits.section.getByText('Specific')).toBeVisible();
  // Its date as the app writes dates ('Nov 28, 2026'), the ISO date for machines.
  const shown = new Date(`${localDate(-2)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(habits.card('One-off call').locator(`time[datetime="${localDate(-2)}"]`)).toHaveText(
    shown,
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'habits-tabs');
});

test("a free user's 16th habit opens the upgrade modal", async ({ page, account, baseURL }) => {
  await signIn(page, account);
  for (let i = 0; i < 15; i += 1) {
    const response = await page.request.post('/api/habits', {
      data: { title: `Habit ${String(i)}` },
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const habits = new HabitsSection(page);
  // The limit is said before any typing: the upgrade modal opens instead of an empty form.
  await habits.section.getByRole('button', { name: 'Add Habit' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Habit' })).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'Upgrade to HabitQuest Pro' });
  await expect(
    dialog.getByText('Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('two browser windows of one user see each other’s changes live', async ({
  page,
  account,
  browser,
}) => {
  await signIn(page, account);
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.1' } });
  const second = await other.newPage();
  await signIn(second, account);
  const first = new HabitsSection(page);
  const mirror = new HabitsSection(second);
  await first.create({ title: 'Shared habit' });
  await expect(mirror.card('Shared habit')).toBeVisible({ timeout: 5000 });
  await mirror.toggle('Shared habit').click();
  await expect(first.toggle('Shared habit')).toHaveText('Completed', { timeout: 5000 });
  await other.close();
});

test('a toggle refreshes each list once: the tab skips the live echo of its own change', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const habits = new HabitsSection(page);
  await habits.create({ title: 'Counted' });
  await expect(habits.card('Counted')).toBeVisible();
  // Let the create's own refresh and its echo pass before counting.
  await page.waitForTimeout(1500);
  const reads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && (path === '/api/habits' || path === '/api/me'))
      reads.push(path);
  });
  const answered = page.waitForResponse((r) => r.url().includes('/completions/'));
  await habits.toggle('Counted').click();
  await answered;
  await expect(habits.toggle('Counted')).toHaveText('Completed');
  // The echo arrives within a moment; it must not fetch the lists again.
  await page.waitForTimeout(2000);
  expect(reads.filter((path) => path === '/api/habits')).toHaveLength(1);
  expect(reads.filter((path) => path === '/api/me')).toHaveLength(1);
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`habit dialogs and Day Insights figures, ${theme.toLowerCase()}: no axe violations`, async ({
    page,
    account,
  }) => {
    // Many dialogs, each scanned by axe and photographed at two widths: slow on a busy machine.
    test.setTimeout(150_000);
    const dashboard = await signIn(page, account);
    await dashboard.themeOption(theme).click();
    const habits = new HabitsSection(page);
    await habits.create({ title: 'Stretch', xp: 20 });
    await habits.create({ title: 'Journal', xp: 30 });
    await habits.toggle('Journal').click();
    await expect(habits.toggle('Journal')).toHaveText('Completed');

    await habits.section.getByRole('button', { name: 'Add Habit' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Habit' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await habits.card('Stretch').getByRole('button', { name: 'Edit Stretch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Habit' });
    await expect(edit.getByLabel('Title')).toHaveValue('Stretch');
    await expectNoAxeViolations(page);
    await edit.getByLabel('Title').fill('Stretch well');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(habits.card('Stretch well')).toBeVisible();
    await habits.card('Stretch well').getByRole('button', { name: 'Delete Stretch well' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Habit' });
    await expect(
      remove.getByText('All history, streaks and XP of this habit will be lost permanently.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Day Insights' }).click();
    const insights = page.getByRole('dialog', { name: 'Day Insights' });
    const tile = (label: string) =>
      insights.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
    await expect(tile('Completed')).toHaveText('1');
    await expect(tile('Total Tasks')).toHaveText('2');
    await expect(tile('Completion Rate')).toHaveText('50%');
    await expect(tile('XP Earned')).toHaveText('30');
    await expectNoAxeViolations(page);
  });
}

import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { THEMES, useTheme } from './support/theme';
import { localDate, signIn } from './support/session';

// The review's sequence: create, complete today, change the frequency in the edit dialog. The
// dialog says what will happen; afterwards the list keeps working, the completion is still there
// (now for this week), and it can be undone, taking back exactly what it gave.
test('changing a completed habit from daily to weekly keeps its history and the list working', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const habits = new HabitsSection(page);
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  await habits.create({ title: 'Stretch', xp: 20 });
  await habits.toggle('Stretch').click();
  await expect(habits.toggle('Stretch')).toHaveText('Completed');
  await expect(adventurer.getByText('10 points', { exact: true })).toBeVisible();

  await habits.card('Stretch').getByRole('button', { name: 'Edit Stretch' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Habit' });
  await expect(edit.getByText('Its history is kept', { exact: false })).toBeHidden();
  await edit.getByLabel('Frequency').selectOption({ label: 'Weekly' });
  const notice = edit.getByText('Its history is kept', { exact: false });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('regrouped by week');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'habit-frequency-change');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await habits.tab('Weekly').click();
  await expect(habits.toggle('Stretch')).toHaveText('Completed');
  await page.reload();
  await habits.tab('Weekly').click();
  await expect(habits.toggle('Stretch')).toHaveText('Completed');
  await expect(adventurer.getByText('10 points', { exact: true })).toBeVisible();

  // Undo under the new frequency takes back what the completion gave, and it can be earned again.
  // Each toggle waits for the server's answer: a second click while one is in flight is ignored.
  const answered = () =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().includes('/completions/'),
    );
  const undone = answered();
  await habits.toggle('Stretch').click();
  expect((await undone).status()).toBe(200);
  await expect(habits.toggle('Stretch')).toHaveText('Mark Complete');
  await expect(adventurer.getByText('0 points', { exact: true })).toBeVisible();
  const redone = answered();
  await habits.toggle('Stretch').click();
  expect((await redone).status()).toBe(200);
  await expect(habits.toggle('Stretch')).toHaveText('Completed');
  await expect(adventurer.getByText('10 points', { exact: true })).toBeVisible();
});

// A done one-time habit cannot be moved to another day: its completion would be left on a day the
// habit no longer shows on. The dialog stays open with the server's reason, and nothing changes.
test("moving a completed one-time habit's date is refused with the reason, and nothing changes", async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const habits = new HabitsSection(page);
  const today = localDate();
  await habits.create({ title: 'Dentist', specificDate: today });
  await habits.toggle('Dentist').click();
  await expect(habits.toggle('Dentist')).toHaveText('Completed');

  await habits.card('Dentist').getByRole('button', { name: 'Edit Dentist' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Habit' });
  await edit.getByLabel('Date').fill(localDate(-3));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText(`This habit was completed on ${today}`)).toBeVisible();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog');
  if (await discard.isVisible()) await discard.getByRole('button', { name: /Discard/ }).click();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(habits.toggle('Dentist')).toHaveText('Completed');
});

for (const theme of THEMES) {
  test(`the edit dialog's frequency notice on a phone, ${theme}: no axe violations`, async ({
    page,
    account,
    baseURL,
  }) => {
    await page.setViewportSize(VIEWPORTS.narrow);
    await signIn(page, account);
    await useTheme(page, baseURL ?? '', theme);
    await page.reload();
    const habits = new HabitsSection(page);
    await habits.create({ title: 'Stretch' });
    await habits.card('Stretch').getByRole('button', { name: 'Edit Stretch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Habit' });
    await edit.getByLabel('Frequency').selectOption({ label: 'Monthly' });
    await expect(edit.getByText('regrouped by month', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveViewportScreenshot(page, `habit-frequency-change-${theme}-narrow`);
  });
}

import type { Locator, Page } from '@playwright/test';

/** The habits section: frequency tabs, Add Habit, the cards and their dialogs. */
export class HabitsSection {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Habits' });
  }

  tab(name: 'Daily' | 'Weekly' | 'Monthly' | 'Yearly'): Locator {
    return this.section.getByRole('tab', { name });
  }

  card(title: string): Locator {
    return this.section
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  toggle(title: string): Locator {
    return this.card(title).getByRole('button', { name: /Mark Complete|Completed/ });
  }

  async create(habit: {
    title: string;
    description?: string;
    frequency?: string;
    xp?: number;
    specificDate?: string;
  }): Promise<void> {
    await this.section.getByRole('button', { name: 'Add Habit' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create Habit' });
    await dialog.getByLabel('Title').fill(habit.title);
    if (habit.description !== undefined)
      await dialog.getByLabel('Description (optional)').fill(habit.description);
    if (habit.frequency)
      await dialog.getByLabel('Frequency').selectOption({ label: habit.frequency });
    if (habit.xp !== undefined) await dialog.getByLabel('XP reward').fill(String(habit.xp));
    if (habit.specificDate) {
      await dialog.getByLabel('Specific').check();
      await dialog.getByLabel('Date').fill(habit.specificDate);
    }
    await dialog.getByRole('button', { name: 'Create Habit' }).click();
  }
}

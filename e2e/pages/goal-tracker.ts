import type { Locator, Page } from '@playwright/test';

/** The Goal Tracker by Category section of the dashboard and its category dialogs. */
export class GoalTracker {
  readonly section: Locator;
  readonly addCategory: Locator;
  readonly uncategorized: Locator;
  readonly names: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Goal Tracker by Category' });
    this.addCategory = this.section.getByRole('button', { name: 'Add Category' });
    this.uncategorized = this.section.getByRole('button', { name: /^Uncategorized \(\d+\)$/ });
    this.names = this.section.getByRole('heading', { level: 3 });
  }

  card(name: string): Locator {
    return this.section
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  target(name: string): Locator {
    return this.section.getByLabel(`Monthly XP target for ${name}`, { exact: true });
  }

  deleteButton(name: string): Locator {
    return this.section.getByRole('button', { name: `Delete category ${name}`, exact: true });
  }

  dialog(name: 'Create Category' | 'Delete Category' | 'Uncategorized Habits'): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Types a target and presses Enter; resolves once the server has saved it. */
  async setTarget(name: string, value: string): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().includes('/api/categories/'),
    );
    await this.target(name).fill(value);
    await this.target(name).press('Enter');
    await saved;
  }

  async openCreate(): Promise<Locator> {
    await this.addCategory.click();
    const dialog = this.dialog('Create Category');
    await dialog.waitFor();
    return dialog;
  }

  async fillCreate(name: string, target?: string): Promise<void> {
    const dialog = this.dialog('Create Category');
    await dialog.getByLabel('Category name').fill(name);
    if (target !== undefined) await dialog.getByLabel('Monthly XP target').fill(target);
    await dialog.getByRole('button', { name: 'Create Category' }).click();
  }

  async openDelete(name: string): Promise<Locator> {
    await this.deleteButton(name).click();
    const dialog = this.dialog('Delete Category');
    await dialog.waitFor();
    return dialog;
  }
}

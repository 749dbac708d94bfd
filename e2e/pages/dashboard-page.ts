import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly username: Locator;
  readonly signOut: Locator;
  readonly level: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByRole('banner').getByText(/^@/);
    this.signOut = page.getByRole('button', { name: 'Sign Out' });
    this.level = page.getByRole('region', { name: 'Adventurer' }).getByText(/^Level \d+$/);
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.username.waitFor();
  }

  themeOption(name: 'Light' | 'System' | 'Dark'): Locator {
    return this.page.getByRole('radio', { name });
  }
}

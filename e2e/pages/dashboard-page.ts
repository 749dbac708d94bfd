import { expect, type Locator, type Page } from '@playwright/test';

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

  /**
   * Waits until the dashboard's later parts are in: the rewards board and What's New (each in a
   * chunk of its own, built in the last stage) and the Day Insights dialog's code, fetched ahead
   * at an idle moment. Without a service worker a page taken offline before cannot load them, and
   * on a busy machine the page may not have got to them yet. For a wide page, where every stage
   * is built at once.
   */
  async laterPartsLoaded(): Promise<void> {
    const { page } = this;
    await expect(page.getByRole('heading', { name: "What's New" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Rewards Shop' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          `performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/DayInsightsDialog-'))`,
        ),
      )
      .toBe(true);
  }

  /**
   * Scrolls to the end of the page until its last section is there, then back to the top: the
   * dashboard builds its lower sections as the user nears them (a phone with many habits at the
   * start has only the first ones: packages/web/src/features/dashboard/reveal-later.ts).
   */
  async scrollThroughAll(): Promise<void> {
    const last = this.page.locator('#whats-new-heading');
    await expect(async () => {
      await this.page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      await expect(last).toBeAttached({ timeout: 1000 });
    }).toPass();
    await this.page.evaluate('window.scrollTo(0, 0)');
  }

  themeOption(name: 'Light' | 'System' | 'Dark'): Locator {
    return this.page.getByRole('radio', { name });
  }
}

import type { Locator, Page } from '@playwright/test';

export class LandingPage {
  readonly headline: Locator;
  readonly tagline: Locator;
  readonly features: Locator;
  readonly levelProgress: Locator;

  constructor(readonly page: Page) {
    this.headline = page.getByRole('heading', { level: 1 });
    this.tagline = page.getByText('Your Daily Habit-Tracking Tool For Consistency and Progress');
    this.features = page
      .getByRole('list')
      .filter({ hasText: 'Rewards you define' })
      .getByRole('listitem');
    this.levelProgress = page.getByRole('progressbar', { name: 'Progress to the next level' });
  }

  async open(): Promise<void> {
    await this.page.goto('/welcome');
    await this.headline.waitFor();
  }
}

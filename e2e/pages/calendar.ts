import type { Locator, Page } from '@playwright/test';

export class CalendarPanel {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: /\w+ \d{4}/ });
  }

  /** A day button by its full label, e.g. "Sunday, November 22, 2026". */
  day(date: string): Locator {
    const label = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return this.page.getByRole('button', { name: new RegExp(`^${label}`) });
  }
}

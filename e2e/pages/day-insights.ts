import { expect, type Locator, type Page } from '@playwright/test';
import { fullDayLabel } from '../support/zoned-clock';

/** Day Insights: opened by a calendar day; completes or undoes that day's habits. */
export class DayInsights {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Day Insights' });
  }

  /** Clicks the day in the calendar (paging one month when the grid does not show it). */
  async open(date: string, today: string): Promise<void> {
    const day = this.page.getByRole('button', { name: new RegExp(`^${fullDayLabel(date)}`) });
    // The calendar is built just after the first paint (dashboard/reveal-later.ts): wait for it.
    await this.page.getByRole('button', { name: 'Previous month' }).waitFor();
    if ((await day.count()) === 0) {
      await this.page
        .getByRole('button', { name: date < today ? 'Previous month' : 'Next month' })
        .click();
    }
    await day.click();
    await expect(this.dialog).toContainText(fullDayLabel(date));
  }

  /** The habit's button: 'Complete: X' or 'Completed: X', pressed when completed. */
  toggle(title: string): Locator {
    return this.dialog.getByRole('button', {
      name: new RegExp(`^(Complete|Completed): ${title}$`),
    });
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** The Upgrade-to-Pro modal (docs/product.md) and the header button that opens it. */
export class UpgradeModal {
  readonly dialog: Locator;
  readonly headerButton: Locator;
  readonly upgradeNow: Locator;
  readonly maybeLater: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Upgrade to HabitQuest Pro' });
    this.headerButton = page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' });
    this.upgradeNow = this.dialog.getByRole('button', { name: 'Upgrade to Pro Now' });
    this.maybeLater = this.dialog.getByRole('button', { name: 'Maybe Later' });
  }

  async openFromHeader(): Promise<void> {
    await this.headerButton.click();
    await this.dialog.waitFor();
  }
}

/** The dialogs a return from checkout shows over the dashboard. */
export class BillingDialogs {
  readonly welcome: Locator;
  readonly cancelled: Locator;

  constructor(readonly page: Page) {
    this.welcome = page.getByRole('dialog', { name: 'Welcome to Pro!' });
    this.cancelled = page.getByRole('dialog', { name: 'Checkout Cancelled' });
  }
}

export type AnalyticsTab = 'Overview' | 'Monthly' | 'Weekly' | 'Daily';

/** The Analytics Dashboard modal, opened from the hero. */
export class AnalyticsModal {
  readonly dialog: Locator;
  readonly button: Locator;
  readonly panel: Locator;
  /** The year or month a tab's navigation shows (a polite live region). */
  readonly period: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Analytics Dashboard' });
    this.button = page.getByRole('button', { name: 'Analytics', exact: true });
    this.panel = this.dialog.getByRole('tabpanel');
    this.period = this.panel.locator('[aria-live="polite"]');
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.dialog.waitFor();
  }

  tab(name: AnalyticsTab): Locator {
    return this.dialog.getByRole('tab', { name, exact: true });
  }

  async selectTab(name: AnalyticsTab): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** A navigation arrow: 'Previous year', 'Next month', … */
  navButton(name: `${'Previous' | 'Next'} ${'year' | 'month'}`): Locator {
    return this.panel.getByRole('button', { name, exact: true });
  }

  /** The value (`<dd>`) shown under a figure's label (`<dt>`), within `scope`. */
  figure(label: string, scope: Locator = this.panel): Locator {
    return scope
      .locator('dt')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A card of the Reward Shop summary, found by its title ('This month (June)'). */
  shopCard(title: string): Locator {
    return this.panel.getByText(title, { exact: true }).locator('xpath=following-sibling::dl[1]');
  }

  /** The accessible table behind a chart, named by its caption (the chart's title). */
  chartTable(title: string): Locator {
    return this.panel.getByRole('table', { name: title, exact: true });
  }

  /** A section of a tab named by its heading or label ('Streaks', 'This week', …). */
  region(name: string): Locator {
    return this.panel.getByRole('region', { name, exact: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

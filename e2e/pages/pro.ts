import type { Locator, Page } from '@playwright/test';

/** The Upgrade-to-Pro modal (spec §2) and the header button that opens it. */
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

/** The Analytics Dashboard modal, opened from the hero. */
export class AnalyticsModal {
  readonly dialog: Locator;
  readonly button: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Analytics Dashboard' });
    this.button = page.getByRole('button', { name: 'Analytics', exact: true });
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.dialog.waitFor();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

export type SettingsTab =
  | 'Audio'
  | 'Appearance'
  | 'Regional'
  | 'Vacation'
  | 'Data'
  | 'Storage'
  | 'Notifications'
  | 'Account';

/** The Settings dialog, opened from the hero. */
export class SettingsDialog {
  readonly dialog: Locator;
  readonly openButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.openButton = page.getByRole('button', { name: 'Settings', exact: true });
  }

  async open(tab?: SettingsTab): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
    if (tab) await this.tab(tab);
  }

  async tab(name: SettingsTab): Promise<void> {
    const tab = this.dialog.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  accent(name: string): Locator {
    return this.dialog.getByRole('radio', { name });
  }

  /** Chooses a backup file for import (the hidden input behind 'Import Data'). */
  async chooseFile(name: string, content: string): Promise<void> {
    await this.dialog.getByTestId('import-file').setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(content),
    });
  }
}

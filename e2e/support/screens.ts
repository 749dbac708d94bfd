import path from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots for people to look at; the folder is git-ignored. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('e2e/.screenshots', `${name}.png`), fullPage: true });
}

export const VIEWPORTS = {
  wide: { width: 1440, height: 900 },
  narrow: { width: 390, height: 844 },
} as const;

import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screenshots for people to look at; the folder is git-ignored. Transitions are finished first
 * (animations: 'disabled'), so a shot never catches a tab or a button halfway between states.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join('e2e/.screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** What the viewport shows, for modals (fixed to the viewport, so a full page adds nothing). */
export async function saveViewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join('e2e/.screenshots', `${name}.png`),
    animations: 'disabled',
  });
}

export const VIEWPORTS = {
  wide: { width: 1440, height: 900 },
  narrow: { width: 390, height: 844 },
} as const;

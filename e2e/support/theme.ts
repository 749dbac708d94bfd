import { expect, type Page } from '@playwright/test';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Saves the theme through the API, so a page loaded afterwards starts in it. */
export async function useTheme(page: Page, baseURL: string, theme: Theme): Promise<void> {
  const response = await page.request.patch('/api/settings', {
    data: { theme },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
}

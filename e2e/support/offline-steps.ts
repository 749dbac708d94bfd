/**
 * The steps the offline specs share: an account with habits, the dashboard opened with its API
 * requests tracked, the connection dropped once the page is quiet, a toggle flipped and waited
 * for. What they read back (the server's state, the outbox, the saved cache) is in ./offline.ts.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import { HabitsSection } from '../pages/habits-section';
import { expect, signUpThroughApi } from './fixtures';
import { apiIsQuiet, createHabits, syncBadge, trackApiRequests } from './offline';

/** What a full outbox answers a change (docs/offline.md, "The outbox": "Bounded"). */
export const FULL_QUEUE = 'Too many changes are waiting to sync. Reconnect to save this one.';

/** A new account with these habits; answers each title's habit id. */
export async function seed(
  page: Page,
  baseURL: string,
  habits: readonly { title: string; xp: number }[],
): Promise<Map<string, string>> {
  await signUpThroughApi(page.request, baseURL);
  return await createHabits(page.request, baseURL, habits);
}

/** Opens the dashboard, tracking its API requests, and waits for the signed-in header. */
export async function open(page: Page): Promise<void> {
  trackApiRequests(page);
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
}

/** `seed`, then `open`: the new account's dashboard, with its habits section. */
export async function seedAndOpen(
  page: Page,
  baseURL: string,
  habits: readonly { title: string; xp: number }[],
): Promise<{ ids: Map<string, string>; habits: HabitsSection }> {
  const ids = await seed(page, baseURL, habits);
  await open(page);
  return { ids, habits: new HabitsSection(page) };
}

/** Drops the connection once every page's requests have settled; each shows Offline Mode. */
export async function goOffline(context: BrowserContext, ...pages: Page[]): Promise<void> {
  for (const page of pages) await apiIsQuiet(page);
  await context.setOffline(true);
  for (const page of pages) await expect(syncBadge(page)).toHaveText('Offline Mode');
}

/** Clicks a toggle and waits until it shows the state it was clicked for. */
export async function flip(
  toggle: ReturnType<HabitsSection['toggle']>,
  completed: boolean,
): Promise<void> {
  await expect(toggle).toHaveAttribute('aria-pressed', String(!completed));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(completed));
}

/** The id of the habit a completion PUT names. */
export function habitOf(request: Request): string {
  return /\/api\/habits\/([^/]+)\/completions\//.exec(request.url())?.[1] ?? '';
}

/** The id `seed` gave the habit of this title. */
export function id(ids: Map<string, string>, title: string): string {
  const value = ids.get(title);
  if (!value) throw new Error(`no habit ${title}`);
  return value;
}

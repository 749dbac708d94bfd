/**
 * A page under the app's service worker (e2e/installable*.spec.ts): the worker controlling it, and
 * waiting for one. Code run in the page is written as strings: the e2e project has Node's types,
 * not the DOM's.
 */
import type { Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page';
import { expect, signUpThroughApi } from './fixtures';

/** A new account, signed in in this page's context, with the dashboard open. */
export async function openDashboard(page: Page, baseURL: string): Promise<DashboardPage> {
  await signUpThroughApi(page.request, baseURL);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  return dashboard;
}

/** The script of the worker controlling the page, or null. */
export const controllerOf = (page: Page) =>
  page.evaluate<string | null>('navigator.serviceWorker.controller?.scriptURL ?? null');

/** Waits until the service worker is active and controls the page (one reload at most). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if ((await controllerOf(page)) === null) await page.reload();
  await expect.poll(() => controllerOf(page)).not.toBeNull();
}

import { expect, type Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page';
import { SignInModal } from '../pages/sign-in-modal';
import { APP_URL } from './e2e-env';
import type { Account } from './fixtures';

/**
 * Signs the page's browser in through the API (its cookies are the browser's), then opens the
 * dashboard as a returning user does. Two to three seconds quicker than the landing page's window,
 * which auth.spec.ts and navigation.spec.ts go through.
 */
export async function signIn(page: Page, account: Account): Promise<DashboardPage> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: APP_URL },
  });
  expect(response.status()).toBe(200);
  await page.goto('/');
  const dashboard = new DashboardPage(page);
  await dashboard.username.waitFor();
  return dashboard;
}

/**
 * Signs in through the landing page's window and waits for the dashboard: the way a first visit
 * goes, leaving the landing page behind it in the history.
 */
export async function signInThroughUi(page: Page, account: Account): Promise<DashboardPage> {
  const modal = new SignInModal(page);
  await modal.openFromLanding();
  await modal.signIn(account.email, account.password);
  const dashboard = new DashboardPage(page);
  await dashboard.username.waitFor();
  return dashboard;
}

/** A local date N days from today in the browser's zone (the e2e server and browser share it). */
export function localDate(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

import type { Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page';
import { SignInModal } from '../pages/sign-in-modal';
import type { Account } from './fixtures';

/** Signs in through the window and waits for the dashboard. */
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

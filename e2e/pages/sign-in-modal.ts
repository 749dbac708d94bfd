import type { Locator, Page } from '@playwright/test';

/** The sign-in window (docs/product.md "Welcome Back!") with its create-account and reset steps. */
export class SignInModal {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async openFromLanding(mode: 'signin' | 'signup' = 'signin'): Promise<void> {
    await this.page.goto('/welcome');
    await this.page
      .getByRole('button', { name: mode === 'signin' ? 'Sign in' : 'Create account' })
      .first()
      .click();
    await this.dialog.waitFor();
  }

  async signIn(identifier: string, password: string): Promise<void> {
    await this.dialog.getByLabel('Email or Username').fill(identifier);
    await this.dialog.getByLabel('Password').fill(password);
    await this.dialog.getByRole('button', { name: 'Sign In' }).click();
  }

  async createAccount(email: string, username: string, password: string): Promise<void> {
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByLabel('Username').fill(username);
    await this.dialog.getByLabel('Password').fill(password);
    await this.dialog.getByRole('button', { name: 'Create account' }).click();
  }

  async requestReset(email: string): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  }
}

// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answers,
  calls,
  renderDialog,
  useSettingsDialogHarness,
} from '../../../test/settings-dialog-harness';
import { settingsDialogCopy as copy } from './dialog-copy';
import { describeMethods } from './sign-in-methods';

useSettingsDialogHarness();

const EMAIL = 'ada@example.com';

/** The server's answers for a user who signs in with `providerIds`. */
function signsInWith(providerIds: string[], username: string | null = 'ada'): void {
  answers.set('/api/me', () => Response.json({ user: { id: 'user-1', email: EMAIL, username } }));
  answers.set('/api/auth/list-accounts', () =>
    Response.json(providerIds.map((providerId) => ({ providerId, userId: 'user-1' }))),
  );
}

describe('Settings → Account', () => {
  it('offers an account made through OAuth a mailed link to set its first password', async () => {
    signsInWith(['github', 'google']);
    const { inside } = renderDialog('account');
    expect(await inside.findByText(`${copy.signsInWith} Google and GitHub`)).toBeTruthy();
    expect(inside.getByText(copy.signedInWithoutPassword)).toBeTruthy();
    expect(inside.getByText(copy.usernameHintWithoutPassword)).toBeTruthy();
    expect(inside.getByText(copy.setPasswordHint('Google and GitHub'))).toBeTruthy();
    // Nothing asks for a current password it does not have.
    expect(inside.queryByLabelText(copy.currentPassword)).toBeNull();

    fireEvent.click(inside.getByRole('button', { name: copy.sendSetPasswordLink }));
    expect(await inside.findByText(copy.setPasswordLinkSent(EMAIL))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/auth/request-password-reset',
        body: { email: EMAIL, redirectTo: '/auth/update-password' },
      },
    ]);
  });

  it('says why when the link could not be sent', async () => {
    signsInWith(['discord']);
    answers.set('/api/auth/request-password-reset', () =>
      Response.json(
        {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many reset requests. Please wait a moment and try again.',
          },
        },
        { status: 429 },
      ),
    );
    const { inside } = renderDialog('account');
    fireEvent.click(await inside.findByRole('button', { name: copy.sendSetPasswordLink }));
    expect(
      await inside.findByText('Too many reset requests. Please wait a moment and try again.'),
    ).toBeTruthy();
  });

  it('offers an account with a password the change-password form', async () => {
    signsInWith(['credential', 'github']);
    const { inside } = renderDialog('account');
    expect(
      await inside.findByText(`${copy.signsInWith} ${copy.passwordMethod} and GitHub`),
    ).toBeTruthy();
    expect(inside.getByText(copy.signedInHint)).toBeTruthy();
    expect(inside.getByLabelText(copy.currentPassword)).toBeTruthy();
    expect(inside.queryByRole('button', { name: copy.sendSetPasswordLink })).toBeNull();
  });

  it('shows the change-password form when how the user signs in could not be read', async () => {
    signsInWith([]);
    answers.set('/api/auth/list-accounts', () =>
      Response.json(
        { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
        { status: 500 },
      ),
    );
    const { inside } = renderDialog('account');
    expect(await inside.findByLabelText(copy.currentPassword)).toBeTruthy();
    expect(inside.queryByText(copy.checkingMethods)).toBeNull();
  });
});

describe('Settings → Account, between tabs', () => {
  it('keeps half-typed input while another tab is looked at, and closing from there asks first', async () => {
    signsInWith(['credential']);
    const { inside, onClose } = renderDialog('account');
    const username = await inside.findByLabelText<HTMLInputElement>(copy.username);
    fireEvent.change(username, { target: { value: 'half_typed' } });
    // Radix's tabs switch on the pointer going down.
    fireEvent.mouseDown(inside.getByRole('tab', { name: 'Audio' }));
    // Kept, hidden: the Audio tab is what shows.
    expect(username.isConnected).toBe(true);
    expect(username.closest('[hidden]')).not.toBeNull();
    expect(inside.getByRole('tab', { name: 'Audio' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    fireEvent.mouseDown(inside.getByRole('tab', { name: 'Account' }));
    expect(inside.getByLabelText<HTMLInputElement>(copy.username).value).toBe('half_typed');
  });
});

describe('describeMethods', () => {
  it('tells a password from the providers, which keep the sign-in dialog’s order', () => {
    expect(
      describeMethods([
        { providerId: 'discord' },
        { providerId: 'credential' },
        { providerId: 'google' },
      ]),
    ).toEqual({
      hasPassword: true,
      providers: ['Google', 'Discord'],
    });
    expect(describeMethods([{ providerId: 'github' }])).toEqual({
      hasPassword: false,
      providers: ['GitHub'],
    });
    // A provider this app does not know is not named.
    expect(
      describeMethods([{ providerId: 'credential' }, { providerId: 'gitlab' }]).providers,
    ).toEqual([]);
  });
});

import { AUTH_MESSAGES } from '@habitquest/contracts/auth';
import { describe, expect, it } from 'vitest';
import { authCopy } from '../auth/copy';
import { settingsDialogCopy as copy } from './dialog-copy';
import { checkPasswordChange } from './panels/AccountPanel';

describe('the change-password form', () => {
  const fields = { current: 'correct horse', next: 'battery staple', confirm: 'battery staple' };

  it('sends the current and the new password, never trimmed', () => {
    expect(checkPasswordChange({ ...fields, next: ' spaced ', confirm: ' spaced ' })).toEqual({
      input: { currentPassword: 'correct horse', newPassword: ' spaced ' },
      errors: null,
    });
  });

  it('says what is wrong with each field, and sends nothing', () => {
    expect(checkPasswordChange({ current: '', next: 'short', confirm: '' }).errors).toEqual({
      current: AUTH_MESSAGES.passwordRequired,
      next: AUTH_MESSAGES.passwordTooShort,
    });
    expect(checkPasswordChange({ ...fields, next: 'x'.repeat(129), confirm: '' }).errors).toEqual({
      next: AUTH_MESSAGES.passwordTooLong,
    });
    expect(checkPasswordChange({ ...fields, confirm: 'battery stapler' }).errors).toEqual({
      confirm: authCopy.passwordsDiffer,
    });
    expect(
      checkPasswordChange({ ...fields, next: fields.current, confirm: fields.current }).errors,
    ).toEqual({ next: copy.samePassword });
  });
});

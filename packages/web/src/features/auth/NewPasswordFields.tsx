import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@habitquest/contracts/auth';
import type { ComponentPropsWithRef } from 'react';
import { TextField } from '../../components/ui/TextField';
import { authCopy } from './copy';

type FieldProps = ComponentPropsWithRef<'input'> & { error?: string | null };

/** What is wrong with a new password and its repeat (6–128 characters, never trimmed), if anything. */
export function newPasswordErrors(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  if (password.length < PASSWORD_MIN) return { password: AUTH_MESSAGES.passwordTooShort };
  if (password.length > PASSWORD_MAX) return { password: AUTH_MESSAGES.passwordTooLong };
  if (password !== confirm) return { confirm: authCopy.passwordsDiffer };
  return {};
}

/** "New password" and "Confirm new password", for a reset link's page and Settings → Account. */
export function NewPasswordFields({
  password,
  confirm,
  className,
}: {
  password: FieldProps;
  confirm: FieldProps;
  className?: string;
}) {
  return (
    <div className={className}>
      <TextField
        label={authCopy.newPassword}
        type="password"
        autoComplete="new-password"
        {...password}
      />
      <TextField
        label={authCopy.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...confirm}
      />
    </div>
  );
}

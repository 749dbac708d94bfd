import { AUTH_MESSAGES, zUsername } from '@habitquest/contracts/auth';
import type { Me } from '@habitquest/contracts/me';
import { routes } from '@habitquest/contracts/routes';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { useForm, type Checked, type FieldErrors } from '../../../components/ui/use-form';
import { ApiError, call } from '../../../lib/api';
import { requestPasswordReset } from '../../auth/actions';
import { NewPasswordFields, newPasswordErrors } from '../../auth/NewPasswordFields';
import { useReportDirty } from '../../auth/use-report-dirty';
import { meQuery } from '../../me/queries';
import { offlineCopy } from '../../offline/copy';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { listNames, signInMethodsQuery } from '../sign-in-methods';
import { Section } from './parts';

/**
 * Settings → Account (docs/product.md, "Settings"): who is signed in, the username, the password.
 * The username goes to PATCH /api/profile; the password to Better Auth's change-password, which
 * signs every other session out (its wrong guesses are limited per account: docs/security.md).
 */
export function AccountPanel({
  onDirtyChange,
}: {
  /** Told whether either form holds unsaved typing: the dialog then asks before closing. */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const me = useQuery(meQuery).data;
  const methods = useQuery(signInMethodsQuery);
  const [isUsernameDirty, setUsernameDirty] = useState(false);
  const [isPasswordDirty, setPasswordDirty] = useState(false);
  useReportDirty(isUsernameDirty || isPasswordDirty, onDirtyChange);
  const known = methods.data;
  return (
    <div className="flex flex-col gap-4">
      <Section
        title={copy.signedInAs}
        description={
          known?.hasPassword === false ? copy.signedInWithoutPassword : copy.signedInHint
        }
      >
        <p className="font-medium text-slate-900 wrap-anywhere dark:text-white">{me?.user.email}</p>
        {known ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {copy.signsInWith}{' '}
            {listNames([...(known.hasPassword ? [copy.passwordMethod] : []), ...known.providers])}
          </p>
        ) : null}
      </Section>
      {me ? (
        <UsernameForm
          current={me.user.username}
          hint={known?.hasPassword === false ? copy.usernameHintWithoutPassword : copy.usernameHint}
          onDirtyChange={setUsernameDirty}
        />
      ) : null}
      {known?.hasPassword === false && me ? (
        <SetPasswordSection email={me.user.email} providers={known.providers} />
      ) : known || methods.isError ? (
        // Unknown after a failed read: the form, whose answer then says what is wrong.
        <PasswordForm onDirtyChange={setPasswordDirty} />
      ) : (
        <Section title={copy.passwordHeading}>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {methods.isPaused ? offlineCopy.notLoaded : copy.checkingMethods}
          </p>
        </Section>
      )}
    </div>
  );
}

/**
 * An account made through OAuth has no password to change: its first one is chosen on the page a
 * mailed link opens (the reset link's page), so whoever holds only this session cannot add one.
 */
function SetPasswordSection({ email, providers }: { email: string; providers: string[] }) {
  const form = useForm({
    initial: {},
    check: (): Checked<string, never> => ({ input: email, errors: null }),
    submit: async (to) => {
      await requestPasswordReset(to);
      return copy.setPasswordLinkSent(email);
    },
    describeFailure: (failure) => ({
      form: failure instanceof ApiError ? failure.message : copy.accountFailed,
    }),
  });
  return (
    <Section title={copy.passwordHeading} description={copy.setPasswordHint(listNames(providers))}>
      <form className="flex flex-col gap-3" onSubmit={form.onSubmit} noValidate>
        <FormEnd
          form={form}
          label={copy.sendSetPasswordLink}
          busyLabel={copy.sendingSetPasswordLink}
        />
      </form>
    </Section>
  );
}

/** A new username, or a first one (an account made through OAuth may rarely have none). */
function UsernameForm({
  current,
  hint,
  onDirtyChange,
}: {
  current: string | null;
  hint: string;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const client = useQueryClient();
  const form = useForm({
    initial: { username: current ?? '' },
    check: ({ username }): Checked<string, 'username'> => {
      const parsed = zUsername.safeParse(username);
      if (!parsed.success)
        return { input: null, errors: { username: parsed.error.issues[0]?.message } };
      if (parsed.data === current)
        return { input: null, errors: { username: copy.usernameUnchanged } };
      return { input: parsed.data, errors: null };
    },
    submit: async (username) => {
      const saved = await call(routes.updateProfile, { body: { username } });
      // The header shows it at once; other windows hear of it from the server's event.
      client.setQueryData<Me>(meQuery.queryKey, (me) =>
        me ? { ...me, user: { ...me.user, username: saved.username } } : me,
      );
      form.reset({ username: saved.username });
      return copy.usernameSaved(saved.username);
    },
    describeFailure: (failure) =>
      failure instanceof ApiError && (failure.code === 'CONFLICT' || failure.code === 'VALIDATION')
        ? { fields: { username: failure.message } }
        : { form: failure instanceof ApiError ? failure.message : copy.accountFailed },
  });
  useReportDirty(form.isDirty, onDirtyChange);
  return (
    <Section title={copy.usernameHeading} description={hint}>
      <form className="flex flex-col gap-3" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={copy.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <FormEnd
          form={form}
          label={copy.saveUsername}
          busyLabel={copy.savingUsername}
          isDisabled={!form.isDirty}
        />
      </form>
    </Section>
  );
}

type PasswordFields = { current: string; next: string; confirm: string };

/** The change-password form's check: the new password's length, its repeat, and a change. */
export function checkPasswordChange(
  fields: PasswordFields,
): Checked<{ currentPassword: string; newPassword: string }, keyof PasswordFields> {
  const fresh = newPasswordErrors(fields.next, fields.confirm);
  const next = fresh.password ?? (fields.next === fields.current ? copy.samePassword : undefined);
  const errors: FieldErrors<keyof PasswordFields> = {
    ...(fields.current === '' ? { current: AUTH_MESSAGES.passwordRequired } : {}),
    ...(next ? { next } : fresh.confirm ? { confirm: fresh.confirm } : {}),
  };
  return Object.keys(errors).length > 0
    ? { input: null, errors }
    : { input: { currentPassword: fields.current, newPassword: fields.next }, errors: null };
}

const NO_PASSWORDS: PasswordFields = { current: '', next: '', confirm: '' };

function PasswordForm({ onDirtyChange }: { onDirtyChange: (isDirty: boolean) => void }) {
  const form = useForm({
    initial: NO_PASSWORDS,
    check: checkPasswordChange,
    submit: async (input) => {
      await call(routes.changePassword, { body: { ...input, revokeOtherSessions: true } });
      form.reset(NO_PASSWORDS);
      return copy.passwordChanged;
    },
    describeFailure: (failure) =>
      failure instanceof ApiError && failure.code === 'INVALID_PASSWORD'
        ? { fields: { current: copy.wrongPassword } }
        : // A limit reached (429) or a network failure says so in its own words.
          { form: failure instanceof ApiError ? failure.message : copy.accountFailed },
  });
  useReportDirty(form.isDirty, onDirtyChange);
  return (
    <Section title={copy.passwordHeading} description={copy.passwordHint}>
      <form className="flex flex-col gap-3" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={copy.currentPassword}
          type="password"
          autoComplete="current-password"
          {...form.field('current')}
        />
        <NewPasswordFields
          className="grid gap-3 sm:grid-cols-2"
          password={form.field('next')}
          confirm={form.field('confirm')}
        />
        <FormEnd form={form} label={copy.changePassword} busyLabel={copy.changingPassword} />
      </form>
    </Section>
  );
}

/** A form's outcome (its error, or what it did) and its submit button. */
function FormEnd({
  form,
  label,
  busyLabel,
  isDisabled = false,
}: {
  form: { formError: string | null; success: string | null; isSubmitting: boolean };
  label: string;
  busyLabel: string;
  isDisabled?: boolean;
}) {
  return (
    <>
      {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
      {form.success ? <Notice tone="success">{form.success}</Notice> : null}
      <div>
        <Button type="submit" disabled={form.isSubmitting || isDisabled}>
          {form.isSubmitting ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

import { zPasswordResetRequest } from '@habitquest/contracts/auth';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { checkWith, useForm } from '../../components/ui/use-form';
import { requestPasswordReset } from './actions';
import { describeAuthFailure } from './auth-failure';
import { useReportDirty } from './use-report-dirty';
import { authCopy } from './copy';

/** The Reset Password step of the sign-in window: e-mail, Send Reset Link, Back to sign in. */
export function ResetPasswordForm({
  onBack,
  onDirtyChange,
}: {
  onBack: () => void;
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const form = useForm({
    initial: { email: '' },
    check: (values) => checkWith(zPasswordResetRequest, values),
    submit: async (input) => {
      await requestPasswordReset(input.email);
      return authCopy.resetSent;
    },
    describeFailure: describeAuthFailure(authCopy.resetFailed),
  });
  useReportDirty(form.isDirty, onDirtyChange);

  return (
    <form className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-300">{authCopy.resetIntro}</p>
      <TextField
        label={authCopy.email}
        type="email"
        autoComplete="email"
        autoFocus
        required
        {...form.field('email')}
      />
      {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
      {form.success ? (
        <Notice tone="success">
          <strong className="block">{authCopy.resetSent}</strong>
          {authCopy.resetSentDetail}
        </Notice>
      ) : null}
      <Button type="submit" disabled={form.isSubmitting}>
        {form.isSubmitting ? authCopy.sendingResetLink : authCopy.sendResetLink}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {authCopy.backToSignIn}
      </Button>
    </form>
  );
}

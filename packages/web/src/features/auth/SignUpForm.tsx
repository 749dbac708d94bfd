import { zSignUp } from '@habitquest/contracts/auth';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { checkWith, useForm } from '../../components/ui/use-form';
import { enterApp, signUp } from './actions';
import { authCopy } from './copy';
import { describeAuthFailure } from './auth-failure';
import { useReportDirty } from './use-report-dirty';

/** Create account (docs/decisions.md): e-mail, username, password 6–128; signs in on success. */
export function SignUpForm({ onDirtyChange }: { onDirtyChange?: (isDirty: boolean) => void }) {
  const form = useForm({
    initial: { email: '', username: '', password: '' },
    check: (values) => checkWith(zSignUp, values),
    submit: async (input) => {
      await signUp(input);
      return enterApp();
    },
    describeFailure: describeAuthFailure(authCopy.genericError),
  });
  // Signed in, the typing is done with: the window gives back the history entry it took to ask on
  // Back before the page moves into the app, so Back from the dashboard still leaves it.
  useReportDirty(form.isDirty && form.success === null, onDirtyChange);

  return (
    <form className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <TextField
        label={authCopy.email}
        type="email"
        autoComplete="email"
        autoFocus
        required
        {...form.field('email')}
      />
      <TextField
        label={authCopy.username}
        autoComplete="username"
        required
        {...form.field('username')}
      />
      <TextField
        label={authCopy.password}
        type="password"
        autoComplete="new-password"
        required
        {...form.field('password')}
      />
      {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
      {form.success ? <Notice tone="success">{form.success}</Notice> : null}
      <Button type="submit" disabled={form.isSubmitting || form.success !== null}>
        {form.isSubmitting ? authCopy.creatingAccount : authCopy.createAccount}
      </Button>
    </form>
  );
}

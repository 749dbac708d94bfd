import { zSignIn } from '@habitquest/contracts/auth';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { checkWith, useForm } from '../../components/ui/use-form';
import { enterApp, signIn } from './actions';
import { authCopy } from './copy';
import { describeAuthFailure } from './auth-failure';
import { useReportDirty } from './use-report-dirty';

/** docs/product.md: idle → 'Signing In...' → 'Sign in successful! Reloading...' → reload after 0.5 s. */
export function SignInForm({
  onForgot,
  onDirtyChange,
}: {
  onForgot: () => void;
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const form = useForm({
    initial: { identifier: '', password: '' },
    check: (values) => checkWith(zSignIn, values),
    submit: async (input) => {
      await signIn(input.identifier, input.password);
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
        label={authCopy.identifier}
        autoComplete="username"
        autoFocus
        required
        {...form.field('identifier')}
      />
      <TextField
        label={authCopy.password}
        type="password"
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
      <div className="-mt-2 text-right">
        <button
          type="button"
          onClick={onForgot}
          className="text-sm font-medium text-accent hover:underline dark:text-indigo-300"
        >
          {authCopy.forgotPassword}
        </button>
      </div>
      {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
      {form.success ? <Notice tone="success">{form.success}</Notice> : null}
      <Button type="submit" disabled={form.isSubmitting || form.success !== null}>
        {form.isSubmitting ? authCopy.signingIn : authCopy.signIn}
      </Button>
    </form>
  );
}

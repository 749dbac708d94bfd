import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { useForm, type Checked } from '../../components/ui/use-form';
import { isResetTokenUsable, resetPassword } from './actions';
import { requestAuth } from './auth-flags';
import { authCopy } from './copy';
import { NewPasswordFields, newPasswordErrors } from './NewPasswordFields';

/** /auth/update-password?token=…: where the reset e-mail's link lands. */
export function UpdatePasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token');
  // A used or expired link says so at once instead of showing a form that can only fail.
  const usable = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => isResetTokenUsable(token ?? ''),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  const form = useForm({
    initial: { password: '', confirm: '' },
    check: ({ password, confirm }): Checked<string, 'password' | 'confirm'> => {
      const errors = newPasswordErrors(password, confirm);
      return Object.keys(errors).length > 0
        ? { input: null, errors }
        : { input: password, errors: null };
    },
    submit: async (password) => {
      try {
        await resetPassword(token ?? '', password);
      } catch {
        throw new Error(authCopy.linkInvalid);
      }
      return authCopy.updated;
    },
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl dark:bg-slate-900">
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" className="size-9" />
          <span className="font-bold text-slate-900 dark:text-white">HabitQuest</span>
        </div>
        <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">
          {authCopy.updateTitle}
        </h1>
        {token && usable.isPending ? (
          <p role="status" className="mt-5 text-sm text-slate-600 dark:text-slate-300">
            {authCopy.checkingLink}
          </p>
        ) : token && usable.data === false ? (
          <div className="mt-5 flex flex-col gap-4">
            <Notice tone="error">{authCopy.linkInvalid}</Notice>
            <Link
              href="/"
              onClick={() => {
                requestAuth('reset');
              }}
              className="bg-accent-gradient inline-flex min-h-10 items-center justify-center rounded-xl px-4 py-2 text-sm font-semibold shadow-md shadow-indigo-500/20 hover:brightness-110"
            >
              {authCopy.requestNewLink}
            </Link>
          </div>
        ) : token ? (
          <form className="mt-5 flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
            <p className="text-sm text-slate-600 dark:text-slate-300">{authCopy.updateIntro}</p>
            <NewPasswordFields
              className="flex flex-col gap-4"
              password={form.field('password')}
              confirm={form.field('confirm')}
            />
            {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
            {form.success ? <Notice tone="success">{form.success}</Notice> : null}
            {form.success ? (
              <Link
                href="/"
                onClick={() => {
                  requestAuth('signin');
                }}
                className="text-center font-semibold text-accent hover:underline dark:text-indigo-300"
              >
                {authCopy.signIn}
              </Link>
            ) : (
              <Button type="submit" disabled={form.isSubmitting}>
                {form.isSubmitting ? authCopy.savingPassword : authCopy.savePassword}
              </Button>
            )}
          </form>
        ) : (
          <div className="mt-5">
            <Notice tone="error">{authCopy.missingToken}</Notice>
          </div>
        )}
      </div>
    </main>
  );
}

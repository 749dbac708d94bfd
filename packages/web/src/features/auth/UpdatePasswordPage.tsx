import { useState, type SyntheticEvent } from 'react';
import { Link } from '../../app/router';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { resetPassword } from './actions';
import { requestAuth } from './auth-flags';
import { authCopy } from './copy';
import { useSubmit } from './use-submit';

/** /auth/update-password?token=…: where the reset e-mail's link lands. */
export function UpdatePasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = useSubmit();

  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (password.length < 6) {
      submit.fail('Password must be at least 6 characters');
      return;
    }
    if (password !== confirm) {
      submit.fail(authCopy.passwordsDiffer);
      return;
    }
    void submit.run(async () => {
      try {
        await resetPassword(token ?? '', password);
      } catch {
        throw new Error(authCopy.linkInvalid);
      }
      return authCopy.updated;
    });
  };

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
        {token ? (
          <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            <p className="text-sm text-slate-600 dark:text-slate-300">{authCopy.updateIntro}</p>
            <TextField
              label={authCopy.newPassword}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
            <TextField
              label={authCopy.confirmPassword}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => {
                setConfirm(event.target.value);
              }}
            />
            {submit.error ? <Notice tone="error">{submit.error}</Notice> : null}
            {submit.success ? <Notice tone="success">{submit.success}</Notice> : null}
            {submit.success ? (
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
              <Button type="submit" disabled={submit.isSubmitting}>
                {submit.isSubmitting ? authCopy.savingPassword : authCopy.savePassword}
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

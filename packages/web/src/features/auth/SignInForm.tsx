import { zSignIn } from '@habitquest/contracts/auth';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { enterApp, signIn } from './actions';
import { authCopy } from './copy';
import { useSubmit } from './use-submit';

/** Spec §4: idle → 'Signing In...' → 'Sign in successful! Reloading...' → reload after 0.5 s. */
export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();

  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const parsed = zSignIn.safeParse({ identifier, password });
    if (!parsed.success) {
      submit.fail(parsed.error.issues[0]?.message ?? authCopy.genericError);
      return;
    }
    void submit.run(async () => {
      await signIn(parsed.data.identifier, parsed.data.password);
      return enterApp();
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <TextField
        label={authCopy.identifier}
        name="identifier"
        autoComplete="username"
        value={identifier}
        onChange={(event) => {
          setIdentifier(event.target.value);
        }}
        required
      />
      <TextField
        label={authCopy.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
        required
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
      {submit.error ? <Notice tone="error">{submit.error}</Notice> : null}
      {submit.success ? <Notice tone="success">{submit.success}</Notice> : null}
      <Button type="submit" disabled={submit.isSubmitting || submit.success !== null}>
        {submit.isSubmitting ? authCopy.signingIn : authCopy.signIn}
      </Button>
    </form>
  );
}

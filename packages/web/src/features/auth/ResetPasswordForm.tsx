import { zPasswordResetRequest } from '@habitquest/contracts/auth';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { requestPasswordReset } from './actions';
import { authCopy } from './copy';
import { useSubmit } from './use-submit';

/** The Reset Password step of the sign-in window: e-mail, Send Reset Link, Back to sign in. */
export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const submit = useSubmit();

  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const parsed = zPasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      submit.fail(parsed.error.issues[0]?.message ?? authCopy.resetFailed);
      return;
    }
    void submit.run(async () => {
      await requestPasswordReset(parsed.data.email);
      return authCopy.resetSent;
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-300">{authCopy.resetIntro}</p>
      <TextField
        label={authCopy.email}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
        required
      />
      {submit.error ? <Notice tone="error">{submit.error || authCopy.resetFailed}</Notice> : null}
      {submit.success ? (
        <Notice tone="success">
          <strong className="block">{authCopy.resetSent}</strong>
          {authCopy.resetSentDetail}
        </Notice>
      ) : null}
      <Button type="submit" disabled={submit.isSubmitting}>
        {submit.isSubmitting ? authCopy.sendingResetLink : authCopy.sendResetLink}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {authCopy.backToSignIn}
      </Button>
    </form>
  );
}

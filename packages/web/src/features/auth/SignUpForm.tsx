import { zSignUp } from '@habitquest/contracts/auth';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { enterApp, signUp } from './actions';
import { authCopy } from './copy';
import { useSubmit } from './use-submit';

/** Create account (DESIGN §4): e-mail, username, password 6–128; signs in on success. */
export function SignUpForm() {
  const [fields, setFields] = useState({ email: '', username: '', password: '' });
  const submit = useSubmit();
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
  };

  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const parsed = zSignUp.safeParse(fields);
    if (!parsed.success) {
      submit.fail(parsed.error.issues[0]?.message ?? authCopy.genericError);
      return;
    }
    void submit.run(async () => {
      await signUp(parsed.data);
      return enterApp();
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <TextField
        label={authCopy.email}
        name="email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
        required
      />
      <TextField
        label={authCopy.username}
        name="username"
        autoComplete="username"
        value={fields.username}
        onChange={set('username')}
        required
      />
      <TextField
        label={authCopy.password}
        name="password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
        required
      />
      {submit.error ? <Notice tone="error">{submit.error}</Notice> : null}
      {submit.success ? <Notice tone="success">{submit.success}</Notice> : null}
      <Button type="submit" disabled={submit.isSubmitting || submit.success !== null}>
        {submit.isSubmitting ? authCopy.creatingAccount : authCopy.createAccount}
      </Button>
    </form>
  );
}

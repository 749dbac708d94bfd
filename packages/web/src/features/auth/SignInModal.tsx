import { useState } from 'react';
import { navigate } from '../../lib/router';
import { Dialog } from '../../components/ui/Dialog';
import { clearAuthFlags, type AuthMode } from './auth-flags';
import { authCopy } from './copy';
import { OAuthButtons } from './OAuthButtons';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { LANDING_PATH } from '@habitquest/contracts/pages';

type Step = AuthMode | 'reset';

const TITLES: Record<Step, string> = {
  signin: authCopy.welcomeBack,
  signup: authCopy.createTitle,
  reset: authCopy.resetTitle,
};

/** The sign-in window over the blurred app. Closing it clears the flag and goes to the landing page. */
export function SignInModal({ initialMode }: { initialMode: AuthMode }) {
  const [step, setStep] = useState<Step>(initialMode);
  // Half-typed credentials are asked about before a backdrop click, Escape or Back discards them.
  const [isDirty, setIsDirty] = useState(false);
  const goTo = (next: Step): void => {
    setIsDirty(false);
    setStep(next);
  };
  const close = (): void => {
    clearAuthFlags();
    navigate(LANDING_PATH);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      // The window is the page here ('/' asking for sign-in): Back returns where it came from,
      // except over half-typed credentials, which take a history entry so that Back asks first.
      backCloses={isDirty}
      isDirty={isDirty}
      // Signing in leaves the page (into the app, or to a provider) with the form still filled.
      guardsLeaving={false}
      title={TITLES[step]}
      description={
        step === 'signin'
          ? authCopy.welcomeBackIntro
          : step === 'signup'
            ? authCopy.createIntro
            : undefined
      }
    >
      {step === 'reset' ? (
        <ResetPasswordForm
          onBack={() => {
            goTo('signin');
          }}
          onDirtyChange={setIsDirty}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <OAuthButtons />
          <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-slate-500 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            {authCopy.or}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          {step === 'signin' ? (
            <SignInForm
              onForgot={() => {
                goTo('reset');
              }}
              onDirtyChange={setIsDirty}
            />
          ) : (
            <SignUpForm onDirtyChange={setIsDirty} />
          )}
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            {step === 'signin' ? authCopy.noAccount : authCopy.haveAccount}{' '}
            <button
              type="button"
              className="font-semibold text-accent hover:underline dark:text-indigo-300"
              onClick={() => {
                goTo(step === 'signin' ? 'signup' : 'signin');
              }}
            >
              {step === 'signin' ? authCopy.createAccount : authCopy.signIn}
            </button>
          </p>
          <button
            type="button"
            onClick={close}
            className="text-center text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-300"
          >
            {authCopy.goToLanding}
          </button>
        </div>
      )}
    </Dialog>
  );
}

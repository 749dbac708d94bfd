import { OAUTH_PROVIDERS, type OAuthProvider } from '@habitquest/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { signInWithProvider } from './actions';
import { authCopy, PROVIDER_NAMES } from './copy';
import { providersQuery } from './queries';

/** Google, GitHub and Discord; a provider the server has no credentials for says so in words. */
export function OAuthButtons() {
  const providers = useQuery(providersQuery);
  const [message, setMessage] = useState<string | null>(null);
  const start = async (provider: OAuthProvider): Promise<void> => {
    const name = PROVIDER_NAMES[provider];
    if (providers.data && !providers.data.providers[provider]) {
      setMessage(authCopy.providerOff(name));
      return;
    }
    try {
      await signInWithProvider(provider);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : authCopy.providerOff(name));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-3 gap-2">
        {OAUTH_PROVIDERS.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            aria-label={authCopy.continueWith(PROVIDER_NAMES[provider])}
            onClick={() => void start(provider)}
          >
            {PROVIDER_NAMES[provider]}
          </Button>
        ))}
      </div>
      {message ? <Notice tone="error">{message}</Notice> : null}
    </div>
  );
}

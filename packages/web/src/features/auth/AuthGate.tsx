import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { navigate } from '../../lib/router';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { cameFromLanding, requestedAuth } from './auth-flags';
import { authCopy } from './copy';
import { sessionQuery } from './queries';
import { lazyPart } from '../../app/lazy-part';
import { LANDING_PATH } from '@habitquest/contracts/pages';

// Only signed-out visitors need the sign-in window: it loads on demand.
const SignInModal = lazyPart(
  () => import('./SignInModal'),
  (m) => m.SignInModal,
  { kind: 'dialog' },
);

/**
 * docs/product.md "Auth": loading, then the app for a signed-in user; otherwise the sign-in window over
 * the blurred app when it was asked for, else a redirect to the landing page (after 2 s when the
 * visitor came from it).
 */
export function AuthGate({ children, backdrop }: { children: ReactNode; backdrop: ReactNode }) {
  const session = useQuery(sessionQuery);
  const mode = requestedAuth();
  const isSignedOut = session.isSuccess && session.data === null;

  useEffect(() => {
    if (!isSignedOut || mode) return;
    const delay = cameFromLanding() ? 2000 : 0;
    const timer = setTimeout(() => {
      navigate(LANDING_PATH, { replace: true });
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [isSignedOut, mode]);

  // A session seen before (the saved cache) is enough while the server is out of reach: the
  // app opens offline on what it last saw (docs/offline.md).
  if (session.data) return children;
  // Offline with nothing saved, the query waits for the network: say so rather than load forever.
  if (session.isPending && session.fetchStatus !== 'paused') {
    return (
      <FullScreenMessage title={authCopy.loadingTitle}>{authCopy.loadingText}</FullScreenMessage>
    );
  }
  if (session.isError || session.isPending) {
    return (
      <FullScreenMessage title={authCopy.unreachableTitle}>
        {authCopy.unreachableText}
      </FullScreenMessage>
    );
  }
  if (mode) {
    return (
      <>
        <div aria-hidden className="pointer-events-none select-none blur-sm">
          {backdrop}
        </div>
        <Suspense fallback={null}>
          <SignInModal initialMode={mode} />
        </Suspense>
      </>
    );
  }
  return <FullScreenMessage title={authCopy.redirecting} />;
}

import { Suspense, useEffect, useState } from 'react';
import { closeUpgrade, useUpgradeRequest } from './upgrade-store';
import { lazyPart } from '../../app/lazy-part';

// The modal, its copy and the checkout call load the first time someone opens it.
const UpgradeModal = lazyPart(
  () => import('./UpgradeModal'),
  (m) => m.UpgradeModal,
  { kind: 'dialog', dismiss: closeUpgrade },
);

/** Mounts the Upgrade-to-Pro modal once it has been asked for, and keeps it for re-opening. */
export function UpgradeHost() {
  const request = useUpgradeRequest();
  const [hasOpened, setHasOpened] = useState(false);
  useEffect(() => {
    if (request) setHasOpened(true);
  }, [request]);
  // Closing on unmount: a request must not outlive the page that showed it.
  useEffect(() => closeUpgrade, []);
  if (!hasOpened && !request) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeModal request={request} />
    </Suspense>
  );
}

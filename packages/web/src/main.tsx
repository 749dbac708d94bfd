import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { followSessionUser } from './features/auth/outbox-owner';
import { readFirstScreen } from './features/dashboard/first-screen';
import { persistCache, restoreCache } from './lib/persist-cache';
import { createQueryClient } from './lib/query-client';
import { watchReachability } from './lib/reachability';
import { watchSyncStatus } from './lib/sync-status';
import { whenIdle } from './lib/when-idle';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  watchReachability();
  // What the sync badge shows is followed from now: a closed tab's changes may go before it is drawn.
  watchSyncStatus();
  const queryClient = createQueryClient();
  // Whose queued changes are shown and sent: the session's user, the restored one included.
  followSessionUser(queryClient);
  // The saved cache first, so that offline the first render already has the last data seen;
  // then the first screen's early reads, so that the first paint is the dashboard.
  void restoreCache(queryClient)
    .then(() => readFirstScreen(queryClient))
    .finally(() => {
      persistCache(queryClient);
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
      if (import.meta.env.PROD)
        whenIdle(() => {
          void import('./app/service-worker').then((sw) => sw.registerServiceWorker());
        });
    });
}

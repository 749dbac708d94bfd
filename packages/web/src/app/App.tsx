import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { AuthGate } from '../features/auth/AuthGate';
import { DashboardBackdrop } from '../features/dashboard/DashboardBackdrop';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { billingReturnOf, useBillingReturn } from '../features/pro/billing-return';
import { BillingReturnHost } from '../features/pro/BillingReturnHost';
import { usePath } from '../lib/router';
import { lazyPart } from './lazy-part';
import { NewVersionBar } from './new-version';
import { ToastHost } from './ToastHost';
import { LANDING_PATH } from '@habitquest/contracts/pages';

// Pages a signed-in user rarely sees load on demand, keeping the first download small.
const LandingPage = lazyPart(
  () => import('../features/landing/LandingPage'),
  (m) => m.LandingPage,
  { kind: 'page' },
);
const UpdatePasswordPage = lazyPart(
  () => import('../features/auth/UpdatePasswordPage'),
  (m) => m.UpdatePasswordPage,
  { kind: 'page' },
);
const NotFoundPage = lazyPart(
  () => import('./NotFoundPage'),
  (m) => m.NotFoundPage,
  { kind: 'page' },
);

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes />
      <ToastHost />
      <NewVersionBar />
    </QueryClientProvider>
  );
}

function Routes() {
  const path = usePath();
  // A return from checkout (docs/product.md) shows its dialog over the dashboard; the address becomes '/'.
  const { billing, dismiss } = useBillingReturn(path);
  if (path === LANDING_PATH || path === '/auth/update-password') {
    return (
      <Suspense fallback={null}>
        {path === LANDING_PATH ? <LandingPage /> : <UpdatePasswordPage />}
      </Suspense>
    );
  }
  // The dashboard lives at the root only (docs/product.md); any other address is not a page of ours.
  if (path !== '/' && !billing && !billingReturnOf(path)) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return (
    <AuthGate backdrop={<DashboardBackdrop />}>
      <DashboardPage />
      <BillingReturnHost billing={billing} onClose={dismiss} />
    </AuthGate>
  );
}

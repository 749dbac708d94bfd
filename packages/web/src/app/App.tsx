import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Toaster } from 'sonner';
import { AuthGate } from '../features/auth/AuthGate';
import { DashboardBackdrop } from '../features/dashboard/DashboardBackdrop';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { useBillingReturn } from '../features/pro/billing-return';
import { BillingReturnHost } from '../features/pro/BillingReturnHost';
import { createQueryClient } from './query-client';
import { usePath } from './router';

// Pages a signed-in user rarely sees load on demand, keeping the first download small.
const LandingPage = lazy(() =>
  import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })),
);
const UpdatePasswordPage = lazy(() =>
  import('../features/auth/UpdatePasswordPage').then((m) => ({ default: m.UpdatePasswordPage })),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes />
      <Toaster closeButton position="top-center" />
    </QueryClientProvider>
  );
}

function Routes() {
  const path = usePath();
  // A return from checkout (spec §2) shows its dialog over the dashboard; the address becomes '/'.
  const { billing, dismiss } = useBillingReturn(path);
  if (path === '/welcome' || path === '/auth/update-password') {
    return (
      <Suspense fallback={null}>
        {path === '/welcome' ? <LandingPage /> : <UpdatePasswordPage />}
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

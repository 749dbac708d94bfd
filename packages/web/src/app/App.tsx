import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { AuthGate } from '../features/auth/AuthGate';
import { UpdatePasswordPage } from '../features/auth/UpdatePasswordPage';
import { DashboardBackdrop } from '../features/dashboard/DashboardBackdrop';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { createQueryClient } from './query-client';
import { usePath } from './router';

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
  if (path === '/welcome') return <LandingPage />;
  if (path === '/auth/update-password') return <UpdatePasswordPage />;
  return (
    <AuthGate backdrop={<DashboardBackdrop />}>
      <DashboardPage />
    </AuthGate>
  );
}

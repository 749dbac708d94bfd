import { LandingPage } from '../features/landing/LandingPage';

/** Routing arrives with the dashboard; today the app is its landing page. */
export function App() {
  return <LandingPage />;
}

import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { NavigationProvider, type TNavigation } from './navigation';

/**
 * The routed app's navigation for the hooks of navigation.tsx: React Router's location and `navigate`.
 * Rendered inside the router (BrowserRouter in boot.tsx, a MemoryRouter in tests).
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const value = useMemo<TNavigation>(
    () => ({
      location,
      navigationType,
      navigate: (to, options) => void navigate(to, options),
    }),
    [location, navigationType, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

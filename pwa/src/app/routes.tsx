import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useI18n } from '../i18n/useI18n';
import { LoadingScreen } from '../ui/Spinner';
import { AdminGate } from '../features/admin/components/AdminGate';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/components/guards';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SiteLayout } from './SiteLayout';

// Every page is its own chunk, so the first visit downloads only the shell and the page it asked for.
const LandingPage = lazy(() => import('../features/landing/components/LandingPage'));
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const CheckEmailPage = lazy(() => import('../features/auth/components/CheckEmailPage'));
const AuthCallbackPage = lazy(() => import('../features/auth/components/AuthCallbackPage'));
const DashboardPage = lazy(() => import('../features/dashboard/components/DashboardPage'));
const AboutPage = lazy(() => import('../features/static-pages/components/AboutPage'));
const SupportPage = lazy(() => import('../features/static-pages/components/SupportPage'));
const TermsPage = lazy(() => import('../features/static-pages/components/TermsPage'));
const FaqPage = lazy(() => import('../features/static-pages/components/FaqPage'));
const SallaLandingPage = lazy(() => import('../features/salla/components/SallaLandingPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/components/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('../features/admin/components/AdminUsersPage'));
const AdminSettingsPage = lazy(() => import('../features/admin/components/AdminSettingsPage'));
const NotFoundPage = lazy(() => import('../features/not-found/components/NotFoundPage'));

/** A lazy page outside the shared layout brings its own loading fallback. */
function StandaloneSuspense({ children, label }: { children: ReactNode; label: 'common.loading' | 'common.loadingPage' }) {
  const { t } = useI18n();
  return <Suspense fallback={<LoadingScreen label={t(label)} />}>{children}</Suspense>;
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          {
            index: true,
            element: (
              <RedirectIfSignedIn>
                <LandingPage />
              </RedirectIfSignedIn>
            ),
          },
          { path: 'login', element: <LoginPage /> },
          { path: 'auth/check-email', element: <CheckEmailPage /> },
          { path: 'auth/callback', element: <AuthCallbackPage /> },
          {
            path: 'dashboard',
            element: (
              <RequireAuth>
                <DashboardPage />
              </RequireAuth>
            ),
          },
          { path: 'about', element: <AboutPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'terms', element: <TermsPage /> },
          // An older link to the terms page that still appears in the wild.
          { path: 'TermsPage', element: <TermsPage /> },
          { path: 'faq', element: <FaqPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'salla/*',
        element: (
          <StandaloneSuspense label="common.loadingPage">
            <SallaLandingPage />
          </StandaloneSuspense>
        ),
      },
      {
        path: 'admin',
        element: <AdminGate />,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          {
            path: 'dashboard',
            element: (
              <StandaloneSuspense label="common.loading">
                <AdminDashboardPage />
              </StandaloneSuspense>
            ),
          },
          {
            path: 'users',
            element: (
              <StandaloneSuspense label="common.loading">
                <AdminUsersPage />
              </StandaloneSuspense>
            ),
          },
          {
            path: 'settings',
            element: (
              <StandaloneSuspense label="common.loading">
                <AdminSettingsPage />
              </StandaloneSuspense>
            ),
          },
        ],
      },
    ],
  },
];

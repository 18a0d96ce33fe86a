import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { withMessages } from '../i18n/catalogue';
import { useI18n } from '../i18n/useI18n';
import { LoadingScreen } from '../ui/Spinner';
import { AdminGate } from '../features/admin/components/AdminGate';
import { LandingRoute } from '../features/landing/components/LandingRoute';
import { PageSuspense } from '../features/marketing/components/PageSuspense';
import { RootLayout } from './RootLayout';
import { SiteLayout } from './SiteLayout';

// Every page is its own chunk, so the first visit downloads only the shell and the page it asked for; the
// dashboard, the admin area, the Salla page, the static and the sign-in pages bring their messages with them (i18n/catalogue.ts).
const LoginPage = lazy(() => withMessages(import('../features/auth/components/LoginPage'), 'auth'));
const CheckEmailPage = lazy(() => withMessages(import('../features/auth/components/CheckEmailPage'), 'auth'));
const AuthCallbackPage = lazy(() =>
  withMessages(import('../features/auth/components/AuthCallbackPage'), 'auth'),
);
const DashboardPage = lazy(() =>
  withMessages(import('../features/dashboard/components/DashboardPage'), 'dashboard'),
);
const InvoicePage = lazy(() =>
  withMessages(import('../features/billing/components/InvoicePage'), 'dashboard'),
);
const LinkStorePage = lazy(() =>
  withMessages(import('../features/store-link/components/LinkStorePage'), 'dashboard'),
);
const AboutPage = lazy(() => withMessages(import('../features/static-pages/components/AboutPage'), 'pages'));
const SupportPage = lazy(() =>
  withMessages(import('../features/static-pages/components/SupportPage'), 'pages'),
);
const TermsPage = lazy(() => withMessages(import('../features/static-pages/components/TermsPage'), 'pages'));
const FaqPage = lazy(() => withMessages(import('../features/static-pages/components/FaqPage'), 'pages'));
const SallaLandingPage = lazy(() =>
  withMessages(import('../features/salla/components/SallaLandingPage'), 'salla'),
);
const ManualInstallPage = lazy(() =>
  withMessages(import('../features/salla/components/ManualInstallPage'), 'salla'),
);
const AdminDashboardPage = lazy(() =>
  withMessages(import('../features/admin/components/AdminDashboardPage'), 'admin'),
);
const AdminUsersPage = lazy(() =>
  withMessages(import('../features/admin/components/AdminUsersPage'), 'admin'),
);
const AdminSettingsPage = lazy(() =>
  withMessages(import('../features/admin/components/AdminSettingsPage'), 'admin'),
);
const NotFoundPage = lazy(() => import('../features/not-found/components/NotFoundPage'));

/** A lazy page outside the shared layout brings its own loading fallback. */
function StandaloneSuspense({
  children,
  label,
}: {
  children: ReactNode;
  label: 'common.loading' | 'common.loadingPage';
}) {
  const { t } = useI18n();
  return <Suspense fallback={<LoadingScreen label={t(label)} />}>{children}</Suspense>;
}

/** The route table of product §2. A page that crashes shows RouteError (RouteErrorBoundary, App.tsx). */
export const routes: RouteObject[] = [
  {
    element: (
      <RootLayout>
        <Outlet />
      </RootLayout>
    ),
    children: [
      {
        element: (
          <SiteLayout>
            <Outlet />
          </SiteLayout>
        ),
        children: [
          { index: true, element: <LandingRoute /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'auth/check-email', element: <CheckEmailPage /> },
          { path: 'auth/callback', element: <AuthCallbackPage /> },
          { path: 'link-store', element: <LinkStorePage /> },
          // The dashboard guards itself (product §2 'Redirecting to login'): offline, it opens with the copy this
          // device kept instead of sending the merchant to a sign-in page that cannot work without a network.
          { path: 'dashboard', element: <DashboardPage /> },
          {
            path: 'about',
            element: (
              <PageSuspense>
                <AboutPage />
              </PageSuspense>
            ),
          },
          {
            path: 'support',
            element: (
              <PageSuspense>
                <SupportPage />
              </PageSuspense>
            ),
          },
          {
            path: 'terms',
            element: (
              <PageSuspense>
                <TermsPage />
              </PageSuspense>
            ),
          },
          // An older link to the terms page that still appears in the wild.
          {
            path: 'TermsPage',
            element: (
              <PageSuspense>
                <TermsPage />
              </PageSuspense>
            ),
          },
          {
            path: 'faq',
            element: (
              <PageSuspense>
                <FaqPage />
              </PageSuspense>
            ),
          },
          // "Install on Salla/Zid" without a listing: adding the widget by hand.
          {
            path: 'install/:platform',
            element: (
              <PageSuspense>
                <ManualInstallPage />
              </PageSuspense>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Printable: no site header or footer around it.
        path: 'dashboard/invoices/:id',
        element: (
          <StandaloneSuspense label="common.loadingPage">
            <InvoicePage />
          </StandaloneSuspense>
        ),
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

import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LEGAL_PAGES, LEGAL_PAGE_KEYS } from '../shared/legal';
import { AdminGuestOnly, RequireAdmin } from './features/admin/guards';
import { GuestOnly, RequireUser } from './features/auth/guards';
import { prefetchLanding } from './features/landing/useLanding';
import { MaintenanceGate } from './features/maintenance/MaintenanceGate';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';

// Route-level code splitting: public pages never download customer or admin code.
// The landing page's data is requested alongside its code, not after it.
const LandingPage = lazy(() => {
  prefetchLanding();
  return import('./features/landing/LandingPage');
});
const PricingPage = lazy(() => import('./features/pricing/PricingPage'));
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const ForgotPasswordPage = lazy(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./features/auth/VerifyEmailPage'));
const UnsubscribePage = lazy(() => import('./features/auth/UnsubscribePage'));
const LegalPage = lazy(() => import('./features/legal/LegalPage'));
const CustomerLayout = lazy(() => import('./layouts/CustomerLayout').then((m) => ({ default: m.CustomerLayout })));
const DashboardPage = lazy(() => import('./features/app/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('./features/app/profile/ProfilePage'));
const GenerateImagePage = lazy(() => import('./features/app/generate-image/GenerateImagePage'));
const GenerateVideoPage = lazy(() => import('./features/app/generate-video/GenerateVideoPage'));
const HistoryPage = lazy(() => import('./features/app/history/HistoryPage'));
const BatchPage = lazy(() => import('./features/app/batch/BatchPage'));
const BatchReviewPage = lazy(() => import('./features/app/batch/BatchReviewPage'));
const ApiPage = lazy(() => import('./features/app/api/ApiPage'));
const SubscriptionPage = lazy(() => import('./features/app/subscription/SubscriptionPage'));
const BillingPage = lazy(() => import('./features/app/billing/BillingPage'));
const SettingsPage = lazy(() => import('./features/app/settings/SettingsPage'));
const TestCheckoutPage = lazy(() => import('./features/app/test-checkout/TestCheckoutPage'));
const AdminLoginPage = lazy(() => import('./features/admin/login/AdminLoginPage'));
const AdminLayout = lazy(() => import('./layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const AdminDashboardPage = lazy(() => import('./features/admin/dashboard/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('./features/admin/users/AdminUsersPage'));
const AdminCreditsPage = lazy(() => import('./features/admin/credits/AdminCreditsPage'));
const AdminWebhooksPage = lazy(() => import('./features/admin/webhooks/AdminWebhooksPage'));
const AdminMessagesPage = lazy(() => import('./features/admin/messages/AdminMessagesPage'));
const AdminContentPage = lazy(() => import('./features/admin/content/AdminContentPage'));
const AdminPortfolioPage = lazy(() => import('./features/admin/portfolio/AdminPortfolioPage'));
const AdminTestimonialsPage = lazy(() => import('./features/admin/testimonials/AdminTestimonialsPage'));
const AdminSettingsPage = lazy(() => import('./features/admin/settings/AdminSettingsPage'));
const AdminLogsPage = lazy(() => import('./features/admin/logs/AdminLogsPage'));
const AdminEmailsPage = lazy(() => import('./features/admin/emails/AdminEmailsPage'));
const AdminJobsPage = lazy(() => import('./features/admin/jobs/AdminJobsPage'));
const AdminDeletionPage = lazy(() => import('./features/admin/deletion/AdminDeletionPage'));

/** docs/product.md §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'pricing', element: <PricingPage /> },
          {
            path: 'auth',
            element: (
              <GuestOnly>
                <AuthPage />
              </GuestOnly>
            ),
          },
          // Issue 13 (docs/history.md): links that arrive by e-mail, and the legal pages (docs/decisions.md D33).
          { path: 'auth/forgot', element: <ForgotPasswordPage /> },
          { path: 'auth/reset/:token', element: <ResetPasswordPage /> },
          { path: 'auth/verify/:token', element: <VerifyEmailPage /> },
          { path: 'bildirimlerden-cik/:token', element: <UnsubscribePage /> },
          ...LEGAL_PAGE_KEYS.map((page) => ({ path: LEGAL_PAGES[page].path.slice(1), element: <LegalPage page={page} /> })),
        ],
      },
      {
        path: 'app',
        element: (
          <MaintenanceGate>
            <RequireUser>
              <CustomerLayout />
            </RequireUser>
          </MaintenanceGate>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'generate-image', element: <GenerateImagePage /> },
          { path: 'generate-video', element: <GenerateVideoPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'batch', element: <BatchPage /> },
          { path: 'batch/:batchId', element: <BatchReviewPage /> },
          { path: 'api', element: <ApiPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'billing', element: <BillingPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'test-checkout/:id', element: <TestCheckoutPage /> },
        ],
      },
      {
        path: 'admin/login',
        element: (
          <AdminGuestOnly>
            <AdminLoginPage />
          </AdminGuestOnly>
        ),
      },
      {
        path: 'admin',
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: 'users', element: <AdminUsersPage /> },
          { path: 'credits', element: <AdminCreditsPage /> },
          { path: 'webhooks', element: <AdminWebhooksPage /> },
          { path: 'messages', element: <AdminMessagesPage /> },
          { path: 'content', element: <AdminContentPage /> },
          { path: 'portfolio', element: <AdminPortfolioPage /> },
          { path: 'testimonials', element: <AdminTestimonialsPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: 'logs', element: <AdminLogsPage /> },
          { path: 'jobs', element: <AdminJobsPage /> },
          { path: 'emails', element: <AdminEmailsPage /> },
          { path: 'deletion', element: <AdminDeletionPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

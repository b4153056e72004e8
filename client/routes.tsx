import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { M } from '../shared/messages';
import { AdminGuestOnly, RequireAdmin } from './features/admin/guards';
import { GuestOnly, RequireUser } from './features/auth/guards';
import { ComingSoon } from './features/common/ComingSoon';
import { MaintenanceGate } from './features/maintenance/MaintenanceGate';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';

// Route-level code splitting: public pages never download customer or admin code.
const LandingPage = lazy(() => import('./features/landing/LandingPage'));
const PricingPage = lazy(() => import('./features/pricing/PricingPage'));
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const CustomerLayout = lazy(() => import('./layouts/CustomerLayout').then((m) => ({ default: m.CustomerLayout })));
const DashboardPage = lazy(() => import('./features/app/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('./features/app/profile/ProfilePage'));
const SettingsPage = lazy(() => import('./features/app/settings/SettingsPage'));
const AdminLoginPage = lazy(() => import('./features/admin/login/AdminLoginPage'));
const AdminLayout = lazy(() => import('./layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })));

const toDashboard = { to: '/app', label: M.nav.dashboard };
const toAdminHome = { to: '/admin', label: M.admin.navDashboard };

function soon(title: string, back?: { to: string; label: string }): ReactNode {
  return <ComingSoon title={title} back={back} />;
}

/** SPEC §2 route table. */
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
          { path: 'generate-image', element: soon(M.titles.generateImage, toDashboard) },
          { path: 'generate-video', element: soon(M.titles.generateVideo, toDashboard) },
          { path: 'history', element: soon(M.titles.history, toDashboard) },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'subscription', element: soon(M.titles.subscription, toDashboard) },
          { path: 'billing', element: soon(M.titles.billing, toDashboard) },
          { path: 'settings', element: <SettingsPage /> },
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
          { index: true, element: soon(M.titles.admin) },
          { path: 'users', element: soon(M.admin.navUsers, toAdminHome) },
          { path: 'credits', element: soon(M.admin.navCredits, toAdminHome) },
          { path: 'webhooks', element: soon(M.admin.navWebhooks, toAdminHome) },
          { path: 'messages', element: soon(M.admin.navMessages, toAdminHome) },
          { path: 'content', element: soon(M.admin.navContent, toAdminHome) },
          { path: 'portfolio', element: soon(M.admin.navPortfolio, toAdminHome) },
          { path: 'testimonials', element: soon(M.admin.navTestimonials, toAdminHome) },
          { path: 'settings', element: soon(M.admin.navSettings, toAdminHome) },
          { path: 'logs', element: soon(M.admin.navLogs, toAdminHome) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../features/common/FullPageLoader';
import { SiteMeta } from '../features/site/SiteMeta';
import { ScrollManager } from './ScrollManager';
import { SkipLink } from '../features/common/SkipLink';
import { CookieNotice } from '../features/legal/CookieNotice';

/** Wraps every route: scroll handling, site meta, and the spinner while a page chunk loads. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <ScrollManager />
      <SiteMeta />
      <CookieNotice />
      <Suspense fallback={<FullPageLoader minHeight="100dvh" />}>
        <Outlet />
      </Suspense>
    </>
  );
}

import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../features/common/FullPageLoader';
import { CreditsExpiryNotice } from '../features/credits/CreditsExpiryNotice';
import { SavedThemeSync } from '../features/preferences/SavedThemeSync';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { MAIN_CONTENT_ID } from '../features/common/SkipLink';

/** Header + page + footer for /, /pricing and /auth. */
export function PublicLayout() {
  return (
    <MaintenanceGate>
      <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <SavedThemeSync />
        <CreditsExpiryNotice />
        <PublicHeader />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <PublicFooter />
      </Box>
    </MaintenanceGate>
  );
}

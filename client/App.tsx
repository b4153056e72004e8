import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LanguageProvider } from './features/preferences/LanguageProvider';
import { TOAST_MS } from '../shared/constants';
import { queryClient } from './lib/queryClient';
import { trpc, trpcClient } from './lib/trpc';
import { router } from './routes';
import { cssVariablesResolver, theme } from './theme';

/** The back office is for the Turkish operator: it stays Turkish whatever the browser says. */
function useBackOffice(): boolean {
  const path = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  return path === '/admin' || path.startsWith('/admin/');
}

export function App() {
  const backOffice = useBackOffice();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} limit={4} />
          <LanguageProvider fixed={backOffice ? 'tr' : undefined}>
            <RouterProvider router={router} />
          </LanguageProvider>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

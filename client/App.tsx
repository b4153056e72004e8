import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { TOAST_MS } from '../shared/constants';
import { queryClient } from './lib/queryClient';
import { trpc, trpcClient } from './lib/trpc';
import { router } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} limit={4} />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../client/lib/queryClient';

/**
 * After every component test: the page unmounted, the client's module-level stores emptied (the query
 * cache, the notifications), mocks and storage reset. A setup file, not the harness: the component tests
 * share their workers' module graph (vitest.config.ts), so a hook in a module would be registered for the
 * first file that imports it only.
 */
afterEach(() => {
  cleanup();
  queryClient.clear();
  // The notifications' store is module-level too: a toast queued by one file would show in the next.
  notifications.clean();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

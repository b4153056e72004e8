import { trpc } from '../../../lib/trpc';

/** The address the API's examples use: the server's PUBLIC_URL when set, else the address this page was opened at. */
export function useApiBase(): string {
  const address = trpc.apiKeys.address.useQuery(undefined, { staleTime: Infinity });
  return address.data?.baseUrl ?? window.location.origin;
}

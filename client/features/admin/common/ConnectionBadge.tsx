import { Badge, Tooltip } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { useRealtimeConnected } from '../../../lib/trpc';

/** docs/decisions.md D24: connected / disconnected, and how often the page polls while the socket is down. */
export function ConnectionBadge({ pollSeconds }: { pollSeconds: number }) {
  const connected = useRealtimeConnected();
  return (
    <Tooltip label={connected ? M.adminLive.connectedHint : M.adminLive.disconnectedHint(pollSeconds)} multiline w={260} withArrow>
      <Badge
        size="lg"
        radius="sm"
        variant="light"
        color={connected ? 'teal' : 'orange'}
        role="status"
        aria-live="polite"
        data-connected={connected}
        leftSection={
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 8,
              height: 8,
              borderRadius: 8,
              background: connected ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-orange-6)',
            }}
          />
        }
      >
        {connected ? M.adminLive.connected : M.adminLive.disconnected}
      </Badge>
    </Tooltip>
  );
}

/** `refetchInterval` for a query: off while live, `seconds` while the socket is down (docs/decisions.md D24). */
export function usePollWhileOffline(seconds: number): number | false {
  const connected = useRealtimeConnected();
  return connected ? false : seconds * 1000;
}

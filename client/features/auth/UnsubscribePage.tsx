import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { readAppError } from '../../lib/appError';
import { usePageTitle } from '../site/pageTitle';
import { trpc } from '../../lib/trpc';
import { FullPageLoader } from '../common/FullPageLoader';
import { AuthCard } from './AuthCard';

/** /bildirimlerden-cik/:token — the one-click link at the foot of every notification. */
export default function UnsubscribePage() {
  const accountsText = M.accounts;
  usePageTitle(accountsText.unsubscribeTitle);
  const { token = '' } = useParams();
  const unsubscribe = trpc.auth.unsubscribe.useMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);

  const done = unsubscribe.data?.ok === true;
  return (
    <AuthCard title={accountsText.unsubscribeTitle}>
      {unsubscribe.isIdle || unsubscribe.isPending ? (
        <FullPageLoader minHeight={120} />
      ) : (
        <Stack>
          <Alert color={done ? 'teal' : 'orange'} icon={done ? <IconBellOff size={18} /> : <IconAlertTriangle size={18} />} role="status">
            {done
              ? accountsText.unsubscribed
              : unsubscribe.error
                ? readAppError(unsubscribe.error).message
                : accountsText.unsubscribeInvalid}
          </Alert>
          <Button component={Link} to="/app/settings" variant="light">
            {M.nav.settings}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { usePaymentOptions } from './usePaymentOptions';

/** Shown wherever packages are bought while the local test checkout is active (issue 16 (docs/history.md)). */
export function TestModeNotice({ force = false }: { force?: boolean }) {
  const options = usePaymentOptions();
  if (!force && !options.data?.testMode) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconFlask size={18} />} data-testid="test-mode-notice" role="status">
      <strong>{M.payments.testBanner}</strong>
    </Alert>
  );
}

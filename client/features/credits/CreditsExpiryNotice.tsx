import { useEffect } from 'react';
import { M } from '../../../shared/messages/public';
import { toastInfo } from '../../lib/toast';
import { useCreditBalance } from './useCreditBalance';

/**
 * docs/decisions.md D8: when the server has just zeroed an expired balance it answers `expired: true`
 * once; tell the user. Mounted once for the whole app.
 */
export function CreditsExpiryNotice() {
  const { query } = useCreditBalance();
  const expired = query.data?.expired === true;
  const at = query.dataUpdatedAt;
  useEffect(() => {
    if (expired) toastInfo(M.credits.expired, 'credits-expired');
  }, [expired, at]);
  return null;
}

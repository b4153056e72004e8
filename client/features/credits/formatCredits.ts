import { UNLIMITED_BALANCE } from '../../../shared/constants';
import { M } from '../../../shared/messages/public';
import { formatNumber } from '../../lib/format';

/** `12 kredi`, or `∞ kredi` for the unlimited balance (docs/decisions.md D7). */
export function formatCredits(balance: number, unlimited = balance >= UNLIMITED_BALANCE): string {
  if (unlimited) return M.common.unlimitedCredits;
  return M.credits.amount(formatNumber(balance));
}

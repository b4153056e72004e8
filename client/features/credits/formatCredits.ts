import { UNLIMITED_BALANCE } from '../../../shared/constants';
import { M } from '../../../shared/messages/public';

const numberFormat = new Intl.NumberFormat('tr-TR');

/** `12 kredi`, or `∞ kredi` for the unlimited balance (D7). */
export function formatCredits(balance: number, unlimited = balance >= UNLIMITED_BALANCE): string {
  if (unlimited) return M.common.unlimitedCredits;
  return M.credits.amount(numberFormat.format(balance));
}

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

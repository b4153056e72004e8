import { M } from '../../../shared/messages/public';
import { isPaidPlan, pricePerCredit, type Plan } from '../../../shared/plans';
import { formatMoney, formatUsd, formatUsdExact } from '../../lib/format';
import { usePaymentOptions } from './usePaymentOptions';

/**
 * A package's monthly price and per-credit price as the seller pays them (issue 16): the plan's
 * US dollars (D4), or the admin's Turkish lira prices when packages are sold through iyzico.
 */
export function usePlanPrices() {
  const options = usePaymentOptions().data;
  const tl = options?.currency === 'TRY';
  /** The admin's lira price when packages are sold through iyzico. */
  const liraCents = (plan: Plan) => (tl && isPaidPlan(plan.id) ? options.prices[plan.id] : undefined);
  return {
    taxNote: tl ? M.pricing.taxNoteTry : M.pricing.taxNote,
    price(plan: Plan): string {
      const cents = liraCents(plan);
      return cents === undefined ? formatUsd(plan.monthlyPrice) : formatMoney(cents / 100, 'TRY');
    },
    perCredit(plan: Plan): string {
      const cents = liraCents(plan);
      return cents === undefined ? formatUsdExact(pricePerCredit(plan)) : formatMoney(cents / 100 / plan.credits, 'TRY', true);
    },
  };
}

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
  return {
    taxNote: tl ? M.pricing.taxNoteTry : M.pricing.taxNote,
    price(plan: Plan): string {
      if (tl && isPaidPlan(plan.id)) return formatMoney(options!.prices[plan.id] / 100, 'TRY');
      return formatUsd(plan.monthlyPrice);
    },
    perCredit(plan: Plan): string {
      if (tl && isPaidPlan(plan.id)) return formatMoney(options!.prices[plan.id] / 100 / plan.credits, 'TRY', true);
      return formatUsdExact(pricePerCredit(plan));
    },
  };
}

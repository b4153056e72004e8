import { M } from '../../../shared/messages/public';
import { isPaidPlan, pricePerCredit, type Plan } from '../../../shared/plans';
import { formatUsd, formatUsdExact } from './format';
import { usePaymentOptions } from './usePaymentOptions';

const money = (amount: number, currency: string, exact: boolean) =>
  new Intl.NumberFormat('tr-TR', {
    style: 'currency',
    currency,
    minimumFractionDigits: exact || !Number.isInteger(amount) ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amount);

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
      if (tl && isPaidPlan(plan.id)) return money(options!.prices[plan.id] / 100, 'TRY', false);
      return formatUsd(plan.monthlyPrice);
    },
    perCredit(plan: Plan): string {
      if (tl && isPaidPlan(plan.id)) return money(options!.prices[plan.id] / 100 / plan.credits, 'TRY', true);
      return formatUsdExact(pricePerCredit(plan));
    },
  };
}

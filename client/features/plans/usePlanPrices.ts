import { M } from '../../../shared/messages/public';
import { isPaidPlan, type Plan } from '../../../shared/plans';
import { formatCents, formatPercent } from '../../../shared/money';
import { usePaymentOptions } from './usePaymentOptions';

/**
 * Packages' prices as the seller pays them: the install's one currency (lira by default) with KDV
 * included, from the server's price list. Until it arrives nothing is shown rather than a guess
 * in another currency.
 */
export function usePlanPrices() {
  const list = usePaymentOptions().data;
  const cents = (plan: Plan) => (list && isPaidPlan(plan.id) ? list.prices[plan.id] : undefined);
  const kdv = !!list && list.kdvRate > 0;
  return {
    loaded: !!list,
    taxNote: list ? M.pricing.taxNote(list.currency, kdv ? formatPercent(list.kdvRate) : null) : '',
    /** `/ ay · KDV dahil` */
    suffix: M.plans.priceSuffix(kdv),
    /** `₺2.990`, or null while loading (or for the trial). */
    price(plan: Plan): string | null {
      const c = cents(plan);
      return c === undefined ? null : formatCents(c, list!.currency);
    },
    perCredit(plan: Plan): string | null {
      const c = cents(plan);
      return c === undefined || plan.credits <= 0 ? null : formatCents(c / plan.credits, list!.currency, true);
    },
  };
}

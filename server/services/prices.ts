import type { Db } from '../db';
import type { PaymentProviderName } from '../db/types';
import { PAID_PLAN_CODES, findPlan, type PaidPlanCode } from '../../shared/plans';
import type { Currency, PriceList } from '../../shared/money';
import { getSettings, type Settings } from './settings';

/**
 * The install's one currency: the admin's choice, except that iyzico sells only in lira, so an
 * install selling through it shows and charges lira whatever the setting says.
 */
export function installCurrency(s: Settings, checkout: PaymentProviderName | null): Currency {
  return checkout === 'iyzico' ? 'TRY' : s.currency;
}

/**
 * Each paid plan's monthly price, KDV included, in cents of the install's currency: the admin's
 * lira prices, or the plans' dollar prices (the Stripe / Lemon Squeezy products' prices).
 */
export function priceList(s: Settings, checkout: PaymentProviderName | null): PriceList<PaidPlanCode> {
  const currency = installCurrency(s, checkout);
  const prices = Object.fromEntries(
    PAID_PLAN_CODES.map((p) => [p, currency === 'TRY' ? s.tryPrices[p] * 100 : findPlan(p)!.usdPrice * 100]),
  ) as Record<PaidPlanCode, number>;
  return { currency, kdvRate: s.kdvRate, prices };
}

export async function getPriceList(db: Db, checkout: PaymentProviderName | null): Promise<PriceList<PaidPlanCode>> {
  return priceList(await getSettings(db), checkout);
}

/** The admin's lira price of a paid plan, in kuruş (what iyzico's plan must charge). */
export async function tryPriceCents(db: Db, plan: PaidPlanCode): Promise<number> {
  return (await getSettings(db)).tryPrices[plan] * 100;
}

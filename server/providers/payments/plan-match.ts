import { PAID_PLAN_CODES, PLANS, isPaidPlan, type PaidPlanCode } from '../../../shared/plans';

/** Plan from explicit metadata, else a configured id, else the amount paid (USD cents). */
export function resolvePlan(opts: {
  metadataPlan?: unknown;
  configuredId?: string | null;
  configuredIds?: Partial<Record<PaidPlanCode, string | undefined>>;
  amountCents?: number | null;
}): PaidPlanCode | null {
  if (typeof opts.metadataPlan === 'string' && isPaidPlan(opts.metadataPlan)) return opts.metadataPlan;
  if (opts.configuredId && opts.configuredIds) {
    for (const code of PAID_PLAN_CODES) if (opts.configuredIds[code] && opts.configuredIds[code] === opts.configuredId) return code;
  }
  if (opts.amountCents != null) {
    const byPrice = PLANS.find((p) => p.monthlyPrice > 0 && p.monthlyPrice * 100 === opts.amountCents);
    if (byPrice && isPaidPlan(byPrice.id)) return byPrice.id;
  }
  return null;
}

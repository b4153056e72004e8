import { PAID_PLAN_CODES, PLANS, isPaidPlan, type PaidPlanCode } from '../../../shared/plans';

/** Why a verified payment names no plan: recorded for the admin, credits nobody. */
export type PlanProblem = 'plan_mismatch';

/** The paid plan whose dollar price (its Stripe / Lemon Squeezy product) is exactly this many USD cents. */
export function planByAmount(amountCents: number | null | undefined): PaidPlanCode | null {
  if (amountCents == null) return null;
  const byPrice = PLANS.find((p) => p.usdPrice > 0 && p.usdPrice * 100 === amountCents);
  return byPrice && isPaidPlan(byPrice.id) ? byPrice.id : null;
}

/**
 * Stripe: plan from the Payment Link's metadata (set by the operator, not the buyer), else the
 * amount paid (USD cents).
 */
export function resolvePlan(opts: { metadataPlan?: unknown; amountCents?: number | null }): PaidPlanCode | null {
  if (typeof opts.metadataPlan === 'string' && isPaidPlan(opts.metadataPlan)) return opts.metadataPlan;
  return planByAmount(opts.amountCents);
}

/**
 * Plan from a signed product id (e.g. Lemon Squeezy's variant), checked against the amount.
 * Buyer-editable data (checkout custom fields) never decides the plan. When ids are configured,
 * an unknown id or an amount that is not the id's price names no plan.
 */
export function planFromProductId(opts: {
  productId: string | null;
  configuredIds: Partial<Record<PaidPlanCode, string | undefined>>;
  amountCents: number | null;
}): { plan: PaidPlanCode | null; problem: PlanProblem | null } {
  const byAmount = planByAmount(opts.amountCents);
  const anyConfigured = PAID_PLAN_CODES.some((code) => opts.configuredIds[code]);
  if (!anyConfigured) return { plan: byAmount, problem: byAmount ? null : 'plan_mismatch' };
  const byId = PAID_PLAN_CODES.find((code) => opts.configuredIds[code] && opts.configuredIds[code] === opts.productId) ?? null;
  if (byId && byId === byAmount) return { plan: byId, problem: null };
  return { plan: null, problem: 'plan_mismatch' };
}

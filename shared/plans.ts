import { M } from './messages/public';

/** The four built-in packages: credits renew monthly. What they cost is the install's price list (services/prices.ts). */
export const PLAN_CODES = ['trial', 'basic', 'standard', 'premium'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PAID_PLAN_CODES = ['basic', 'standard', 'premium'] as const satisfies readonly PlanCode[];
export type PaidPlanCode = (typeof PAID_PLAN_CODES)[number];

export type Plan = {
  id: PlanCode;
  name: string;
  description: string;
  /**
   * Monthly price in US dollars, used only by an install that sells in dollars (its Stripe /
   * Lemon Squeezy products' prices); a lira install's prices are admin settings.
   */
  usdPrice: number;
  credits: number;
  features: readonly string[];
  limitations: readonly string[];
  popular: boolean;
  color: string;
};

// The texts are getters: read when shown, in the language active then.
const plan = (id: PlanCode, usdPrice: number, credits: number, popular: boolean, color: string): Plan => ({
  id,
  get name() {
    return M.credits.planNames[id]!; // the catalogue names every plan
  },
  get description() {
    return M.plans[id].description;
  },
  usdPrice,
  credits,
  get features() {
    return M.plans[id].features;
  },
  get limitations() {
    return M.plans[id].limitations;
  },
  popular,
  color,
});

export const PLANS: readonly Plan[] = [
  plan('trial', 0, 10, false, 'gray'),
  plan('basic', 79, 60, false, 'blue'),
  plan('standard', 179, 180, true, 'violet'),
  plan('premium', 399, 500, false, 'orange'),
];

export function findPlan(code: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === code);
}

export function isPaidPlan(code: string): code is PaidPlanCode {
  return (PAID_PLAN_CODES as readonly string[]).includes(code);
}

/** Whether a plan is the free trial (no price in any currency). */
export const isFreePlan = (p: Plan): boolean => !isPaidPlan(p.id);

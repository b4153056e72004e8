import { M } from './messages/public';

/** The four built-in packages (SPEC §9): prices in USD per month, credits renew monthly. */
export const PLAN_CODES = ['trial', 'basic', 'standard', 'premium'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PAID_PLAN_CODES = ['basic', 'standard', 'premium'] as const satisfies readonly PlanCode[];
export type PaidPlanCode = (typeof PAID_PLAN_CODES)[number];

export type Plan = {
  id: PlanCode;
  name: string;
  description: string;
  monthlyPrice: number;
  credits: number;
  features: readonly string[];
  limitations: readonly string[];
  popular: boolean;
  color: string;
};

// The texts are getters: read when shown, in the language active then.
const plan = (id: PlanCode, monthlyPrice: number, credits: number, popular: boolean, color: string): Plan => ({
  id,
  get name() {
    return M.credits.planNames[id]!; // the catalogue names every plan
  },
  get description() {
    return M.plans[id].description;
  },
  monthlyPrice,
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

/** Per-credit price, shown with 2 decimals (SPEC §9). */
export function pricePerCredit(p: Plan): number {
  return p.credits > 0 ? p.monthlyPrice / p.credits : 0;
}

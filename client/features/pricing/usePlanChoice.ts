import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import type { Plan } from '../../../shared/plans';
import { toastInfo } from '../../lib/toast';
import { useSession } from '../auth/useSession';
import { usePlanCheckout } from '../plans/usePlanCheckout';

/** docs/product.md §4: the toast stays 1.5 s before a signed-out visitor is sent to /auth. */
export const SIGN_IN_REDIRECT_MS = 1500;

/**
 * docs/product.md §4 package purchase from the public pricing page. Signed out: the sign-in text, then
 * /auth after 1.5 s (the trial opens the sign-up tab). Signed in: `credits.checkout` decides —
 * the trial goes to /app, a paid package opens the hosted checkout in a new tab, or the
 * server explains that no payment provider is configured.
 */
export function usePlanChoice() {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const { select, pendingPlan } = usePlanCheckout();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (plan: Plan) => {
    if (loading) return;
    if (user) {
      void select(plan);
      return;
    }
    toastInfo(M.credits.signInToBuy, 'sign-in-to-buy');
    window.clearTimeout(timer.current);
    const to = plan.id === 'trial' ? '/auth?mode=signup' : '/auth';
    timer.current = window.setTimeout(() => navigate(to), SIGN_IN_REDIRECT_MS);
  };

  return { choose, pendingPlan, sessionLoading: loading };
}

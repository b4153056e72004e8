import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../shared/messages';
import type { Plan } from '../../../shared/plans';
import { toastInfo, toastServerError } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * SPEC §4 package purchase for a signed-in user, via `credits.checkout`: the trial goes where
 * the server says (/app); a paid package opens the hosted checkout in a new tab (no opener);
 * without a configured provider the server's explanation is shown.
 */
export function usePlanCheckout() {
  const navigate = useNavigate();
  const checkout = trpc.credits.checkout.useMutation();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);

  const select = async (plan: Plan) => {
    if (pendingPlan) return;
    setPendingPlan(plan.id);
    try {
      const result = await checkout.mutateAsync({ plan: plan.id });
      if (result.redirect) {
        navigate(result.redirect);
      } else if (result.url) {
        toastInfo(M.pricing.checkoutOpening);
        const tab = window.open(result.url, '_blank');
        if (tab) tab.opener = null;
        // A blocked pop-up: continue in this tab rather than doing nothing.
        else window.location.assign(result.url);
      } else {
        toastInfo(result.message ?? M.common.unexpected);
      }
    } catch (err) {
      toastServerError(err);
    } finally {
      setPendingPlan(null);
    }
  };

  return { select, pendingPlan };
}

import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import type { Plan } from '../../../shared/plans';
import { toastInfo, toastServerError } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * docs/product.md §4 package purchase for a signed-in user, via `credits.checkout`: the trial goes where
 * the server says (/app); a paid package first to the invoice details form when none are saved,
 * then to the checkout: a hosted one in a new tab (no opener), or this site's own page (the local
 * test checkout, iyzico's form) in this tab; without a provider the server's explanation is shown.
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
        // E.g. the invoice details form before a first paid checkout (issue 16 (docs/history.md)).
        if (result.message) toastInfo(result.message);
        void navigate(result.redirect);
      } else if (result.url?.startsWith('/app/')) {
        // The local test checkout is a page of this app.
        void navigate(result.url);
      } else if (result.url?.startsWith('/')) {
        // iyzico's form, served by this server; iyzico sends the buyer back here.
        window.location.assign(result.url);
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

import type { HttpClient } from './server';
import type { PlanCode } from '../../shared/plans';
import type { TInvoiceDetails } from '../../shared/schemas/billing';

/** Valid invoice details of an individual buyer (a TCKN whose check digits hold). */
export const INDIVIDUAL_DETAILS = {
  kind: 'individual' as const,
  fullName: 'Ayşe Yılmaz',
  tckn: '10000000146',
  address: 'Bağdat Caddesi No: 1 Kadıköy',
  city: 'İstanbul',
};

/** Saves the buyer's invoice details, as the form before the first checkout does. */
export async function saveDetails(client: HttpClient, details: TInvoiceDetails = INDIVIDUAL_DETAILS): Promise<void> {
  const res = await client.mutate('payments.saveInvoiceDetails', details);
  if (res.status !== 200) throw new Error(`saveInvoiceDetails answered ${res.status}: ${JSON.stringify(res.error)}`);
}

/** Opens a test-checkout session for `plan` and returns its id (the last segment of its URL). */
export async function openCheckout(client: HttpClient, plan: PlanCode): Promise<string> {
  const { url } = (await client.mutate('credits.checkout', { plan })).data as { url: string | null };
  if (!url) throw new Error(`no checkout URL for ${plan}`);
  return url.split('/').pop()!;
}

/** Pays a test-checkout session over HTTP, as the test checkout page's button does. */
export async function payCheckout(client: HttpClient, session: string): Promise<{ status: number; body: string }> {
  const res = await client.raw(`/api/test-checkout/${session}/pay`, { method: 'POST' });
  return { status: res.status, body: await res.text() };
}

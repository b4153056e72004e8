import type { Db } from '../db';
import type { BillingProfilesTable } from '../db/types';
import type { Selectable } from 'kysely';
import type { TInvoiceDetailsParsed } from '../../shared/schemas/billing';

type ProfileRow = Pick<
  Selectable<BillingProfilesTable>,
  'invoice_kind' | 'invoice_name' | 'tckn' | 'company_title' | 'tax_office' | 'vkn' | 'address' | 'city'
>;

/** The invoice details stored on a billing profile, or null when none were entered (issue 16 (docs/history.md)). */
export function detailsFromRow(row: ProfileRow | undefined | null): TInvoiceDetailsParsed | null {
  if (!row?.invoice_kind || !row.address || !row.city) return null;
  if (row.invoice_kind === 'individual' && row.invoice_name && row.tckn) {
    return { kind: 'individual', fullName: row.invoice_name, tckn: row.tckn, address: row.address, city: row.city };
  }
  if (row.invoice_kind === 'company' && row.company_title && row.tax_office && row.vkn) {
    return {
      kind: 'company',
      companyTitle: row.company_title,
      taxOffice: row.tax_office,
      vkn: row.vkn,
      address: row.address,
      city: row.city,
    };
  }
  return null;
}

export async function getInvoiceDetails(db: Db, userId: string): Promise<TInvoiceDetailsParsed | null> {
  const row = await db
    .selectFrom('billing_profiles')
    .select(['invoice_kind', 'invoice_name', 'tckn', 'company_title', 'tax_office', 'vkn', 'address', 'city'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return detailsFromRow(row);
}

/** Saves (replaces) the details on the user's billing profile; the other kind's fields are cleared. */
export async function saveInvoiceDetails(db: Db, userId: string, d: TInvoiceDetailsParsed): Promise<TInvoiceDetailsParsed> {
  const individual = d.kind === 'individual';
  const values = {
    invoice_kind: d.kind,
    invoice_name: individual ? d.fullName : null,
    tckn: individual ? d.tckn : null,
    company_title: individual ? null : d.companyTitle,
    tax_office: individual ? null : d.taxOffice,
    vkn: individual ? null : d.vkn,
    address: d.address,
    city: d.city,
    invoice_updated_at: new Date(),
  };
  await db
    .insertInto('billing_profiles')
    .values({ user_id: userId, provider: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return d;
}

import { z } from '../zod';
import { M } from '../messages/public';
import { isValidTckn, isValidVkn } from '../tax-ids';
import { ZLine, ZText } from './text';

const D = M.invoiceDetails;

const text = (min: number, minMessage: string, max = 200) => ZLine().min(min, minMessage).max(max, D.tooLong);
/** The address box is the one multi-line field of the form. */
const lines = (min: number, minMessage: string, max: number) => ZText().min(min, minMessage).max(max, D.tooLong);
const digits = (v: string) => v.replace(/\s+/g, '');

const ZTckn = z
  .string()
  .transform(digits)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{11}$/, { error: D.tcknLength, abort: true })
      .refine(isValidTckn, D.tcknInvalid),
  );
const ZVkn = z
  .string()
  .transform(digits)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{10}$/, { error: D.vknLength, abort: true })
      .refine(isValidVkn, D.vknInvalid),
  );

const address = { address: lines(10, D.addressMin, 500), city: text(2, D.cityMin, 80) };

/**
 * Billing details a Turkish e-Arşiv invoice needs (issue 16 (docs/history.md)): an individual (ad soyad, TCKN) or a
 * company (ünvan, vergi dairesi, VKN), with address and city. The same schema validates the
 * form on /app/billing and `credits.saveInvoiceDetails`.
 */
export const ZInvoiceDetails = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('individual'), fullName: text(2, D.fullNameMin, 120), tckn: ZTckn, ...address }),
  z.object({
    kind: z.literal('company'),
    companyTitle: text(2, D.companyTitleMin, 250),
    taxOffice: text(2, D.taxOfficeMin, 120),
    vkn: ZVkn,
    ...address,
  }),
]);
export type TInvoiceDetails = z.input<typeof ZInvoiceDetails>;
export type TInvoiceDetailsParsed = z.output<typeof ZInvoiceDetails>;

/** The admin's CSV export of a period's payments: `from` and `to` are calendar days (Istanbul). */
export const ZPaymentsExportRange = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((r) => r.from <= r.to, { message: M.adminPayments.rangeInvalid, path: ['to'] });
export type TPaymentsExportRange = z.infer<typeof ZPaymentsExportRange>;

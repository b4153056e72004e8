import { M } from './messages/app';
import { translateText } from './messages/localize';

/** What a credit movement's line needs: its type, its stored description and its package. */
export type LedgerLineInput = { type: string; description: string; planCode: string | null };

/** A credit movement's type as the reader's language names it ("Yönetici düzeltmesi", "Purchase"). */
export function ledgerTypeLabel(type: string): string {
  return M.billing.types[type] ?? M.billing.unknownType;
}

/**
 * A credit movement's line in the reader's language (issue 38 items 5 and 12). Descriptions are
 * stored in Turkish when the movement happens; the reader may read English:
 * - an admin adjustment shows the admin's stated reason as written, or "Yönetici düzeltmesi" when none;
 * - a purchase of a built-in package is named from its package;
 * - any other description the catalogue wrote ("Fotoğraf oluşturma", "Deneme kredisi") is the
 *   catalogue's text in the reader's language; anything else is shown as stored.
 */
export function ledgerText(tx: LedgerLineInput): string {
  if (tx.type === 'admin_adjustment') return tx.description.trim() || ledgerTypeLabel(tx.type);
  const plan = tx.planCode ? M.credits.planNames[tx.planCode] : undefined;
  if (tx.type === 'purchase' && plan) return M.credits.purchaseDescription(plan);
  return translateText(tx.description);
}

import { readAppError } from '../../../lib/appError';
import { toastError } from '../../../lib/toast';

/** Server refusals whose own text explains the problem better than the page's generic SPEC text. */
const SPECIFIC = new Set(['VALIDATION', 'NOT_FOUND', 'RATE_LIMITED', 'UNAUTHENTICATED', 'NOT_ADMIN', 'BAD_ORIGIN']);

/**
 * The text for a failed admin mutation: the server's message when it is specific (validation,
 * "Kullanıcı bulunamadı", the cap), the connection text when offline, otherwise the page's
 * docs/product.md §8 text (e.g. 'Kredi güncellenirken hata oluştu').
 */
export function adminErrorText(err: unknown, fallback: string): string {
  const info = readAppError(err);
  if (info.network) return info.message;
  return info.appCode && SPECIFIC.has(info.appCode) ? info.message : fallback;
}

export function toastAdminError(err: unknown, fallback: string): void {
  toastError(adminErrorText(err, fallback));
}

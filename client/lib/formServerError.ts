import type { UseFormReturnType } from '@mantine/form';
import { readAppError } from './appError';
import { toastError } from './toast';

/**
 * A failed form submission: the server's text as a toast, and its per-field
 * messages (if any) under the matching inputs.
 */
export function showFormServerError<T>(form: UseFormReturnType<T>, err: unknown, fallback?: string): void {
  const info = readAppError(err);
  if (info.fieldErrors && Object.keys(info.fieldErrors).length > 0) form.setErrors(info.fieldErrors);
  // A plain server failure may be replaced by the page's own text; network and validation texts are kept.
  const generic = !info.appCode || info.appCode === 'INTERNAL';
  const useFallback = fallback && !info.network && !info.fieldErrors && generic;
  toastError(useFallback ? fallback : info.message);
}

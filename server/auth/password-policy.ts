import type { z } from '../../shared/zod';
import { M } from '../../shared/messages';
import { judgePassword } from '../../shared/password-strength';

/**
 * A new password must also not be easy to guess (zxcvbn-ts, shared/password-strength.ts). Checked on
 * the server only: the estimator's dictionaries are too large for the pages' bundles, and the
 * answer reaches the form as the field's Turkish error like any other validation failure.
 */
export function withStrongPassword<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  accountWords: (value: z.output<T>) => Array<string | null | undefined> = () => [],
) {
  return schema.superRefine((value, ctx) => {
    const password = value[field];
    if (typeof password !== 'string') return;
    const verdict = judgePassword(password, accountWords(value));
    if (!verdict.ok) ctx.addIssue({ code: 'custom', path: [field], message: M.validation.passwordWeak(verdict.feedback) });
  });
}

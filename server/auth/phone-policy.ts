import { z } from '../../shared/zod';
import { M } from '../../shared/messages';
import { turkishPhoneE164 } from '../../shared/phone';

/**
 * The optional phone of a sign-up, profile or admin edit: refused with the Turkish text unless it
 * is a Turkish mobile or landline number, and stored in E.164 so every copy reads the same.
 */
export function withTurkishPhone<T extends z.ZodType<{ phone: string | null }>>(schema: T) {
  return schema.transform((value, ctx) => {
    if (value.phone === null) return value;
    const phone = turkishPhoneE164(value.phone);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.validation.phoneInvalid, input: value.phone });
      return z.NEVER;
    }
    return { ...value, phone };
  });
}

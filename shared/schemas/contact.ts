import { z } from '../zod';
import { M } from '../messages/public';
import { ZEmail } from './auth';
import { ZLine, ZText } from './text';

const V = M.validation;

/** docs/decisions.md D19 contact form: the same schema validates the Mantine form and `content.submitContact`. */
export const ZContactMessage = z.object({
  name: ZLine().min(2, V.fullNameMin).max(120, V.tooLong),
  email: ZEmail,
  company: ZLine()
    .max(160, V.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  message: ZText().min(10, M.contact.messageMin).max(5000, M.contact.messageMax),
});
export type TContactMessage = z.input<typeof ZContactMessage>;
export type TContactMessageParsed = z.output<typeof ZContactMessage>;

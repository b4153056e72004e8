import { z } from '../zod';
import { M } from '../messages/public';

/**
 * Control characters (C0 with tab and line breaks, DEL, C1) and the Unicode line and paragraph
 * separators. None belongs in a one-line field: a name with a line break could write fake lines
 * into the server log (where e-mails go without SMTP) or into an e-mail.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A one-line text field (names, titles, phone, search boxes…): trimmed, control characters refused. */
export const ZLine = () =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), M.validation.singleLine);

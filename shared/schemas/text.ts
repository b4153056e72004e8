import { z } from '../zod';
import { M } from '../messages/public';

/**
 * Control characters (C0 with tab and line breaks, DEL, C1) and the Unicode line and paragraph
 * separators. None belongs in a one-line field: a name with a line break could write fake lines
 * into the server log (where e-mails go without SMTP) or into an e-mail.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The same set less tab, line feed and carriage return: what a multi-line box (a prompt, an
 * address, a message) may not hold. NUL among them is what PostgreSQL refuses in text (a 500 before).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A one-line text field (names, titles, phone, search boxes…): trimmed, control characters refused. */
export const ZLine = () =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), M.validation.singleLine);

/**
 * A multi-line free-text field (prompts, addresses, messages, reasons, descriptions): trimmed,
 * line breaks and tabs kept, every other control character refused. Every free-text input of
 * shared/schemas is a ZLine or a ZText (tests/security/control-chars.test.ts).
 */
export const ZText = (message?: string) => ZTextAsTyped(message).trim();

/** The same check without trimming, for text kept exactly as typed (the admin's site content). */
export const ZTextAsTyped = (message?: string) =>
  z.string(message).refine((v) => !CONTROL_CHARS_MULTILINE.test(v), M.validation.controlChars);

import { z } from 'zod';
import { activeLanguage } from './messages/language';

// zod's own fallback messages (a missing field, a wrong type) in the active language (Turkish by
// default), on client and server alike.
const LOCALE_ERRORS = { tr: z.locales.tr().localeError, en: z.locales.en().localeError };
z.config({ localeError: (issue) => LOCALE_ERRORS[activeLanguage()](issue) });

export { z };

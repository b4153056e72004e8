import { z } from 'zod';

// zod's own fallback messages (a missing field, a wrong type) in Turkish, on client and server alike.
z.config(z.locales.tr());

export { z };

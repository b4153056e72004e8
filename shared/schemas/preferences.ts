import { z } from '../zod';
import { LANGUAGES } from '../messages/language';

export { LANGUAGES };
export const TIMEZONES = ['Europe/Istanbul', 'Europe/London', 'America/New_York'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;

export const ZNotifications = z.object({
  email: z.boolean(),
  push: z.boolean(),
  marketing: z.boolean(),
  updates: z.boolean(),
});
export const ZPrivacy = z.object({
  profileVisible: z.boolean(),
  showActivity: z.boolean(),
  dataCollection: z.boolean(),
});
export const ZPreferences = z.object({
  notifications: ZNotifications,
  privacy: ZPrivacy,
  language: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONES),
  theme: z.enum(THEMES),
});
export type TPreferences = z.infer<typeof ZPreferences>;

/** Saving one section at a time keeps the SPEC's three separate toasts meaningful. */
export const ZSavePreferences = z.discriminatedUnion('section', [
  z.object({ section: z.literal('notifications'), notifications: ZNotifications }),
  z.object({ section: z.literal('privacy'), privacy: ZPrivacy }),
  z.object({
    section: z.literal('preferences'),
    language: z.enum(LANGUAGES),
    timezone: z.enum(TIMEZONES),
    theme: z.enum(THEMES),
  }),
]);
export type TSavePreferences = z.infer<typeof ZSavePreferences>;

/** docs/product.md §9 defaults. */
export const DEFAULT_PREFERENCES: TPreferences = {
  notifications: { email: true, push: false, marketing: true, updates: true },
  privacy: { profileVisible: true, showActivity: false, dataCollection: true },
  language: 'tr',
  timezone: 'Europe/Istanbul',
  theme: 'light',
};

import { z } from '../zod';
import { PLAN_CODES } from '../plans';
import { LEGAL_PAGE_KEYS, type LegalPageKey } from '../legal';
import { LANGUAGES } from '../messages/language';

/** What the public procedures send (`content.*`, `legal.page`): the site's facts, the landing page, the packages. */

/** `content.site`: the public facts every page's shell needs, readable even in maintenance mode. */
export const ZSiteInfo = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  contactAddress: z.string(),
  maintenanceMode: z.boolean(),
  allowRegistrations: z.boolean(),
  imageCreditCost: z.number(),
  videoCreditCost: z.number(),
  /** "4K" may be promised only where an upscaler is configured. */
  upscale4k: z.boolean(),
});

const CONTENT_SECTIONS = ['hero', 'portfolio', 'testimonials', 'features', 'stats', 'cta', 'legal'] as const;
const ZLandingIcon = { icon: z.string(), iconColor: z.string() };

/** A customer quote and a reference work as the landing page shows them (the admin's lists add their order and state). */
export const ZLandingTestimonial = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  imageUrl: z.string().nullable(),
  text: z.string(),
  rating: z.number(),
});
export const ZLandingPortfolioItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  beforeImageUrl: z.string(),
  afterImageUrl: z.string(),
});

/**
 * `content.landing`'s input: the language the page shows (issue 38 item 5), so each language is its own
 * query in the client's cache; without it, the request's language (Accept-Language).
 */
export const ZLandingInput = z.object({ language: z.enum(LANGUAGES) }).optional();

/** `content.landing`: site texts by section and key, the active lists, and what this install may claim. */
export const ZLanding = z.object({
  content: z.record(z.enum(CONTENT_SECTIONS), z.record(z.string(), z.string())),
  claims: z.object({ upscale4k: z.boolean() }),
  stats: z.array(z.object({ id: z.string(), number: z.string(), label: z.string(), ...ZLandingIcon })),
  features: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), ...ZLandingIcon })),
  testimonials: z.array(ZLandingTestimonial),
  portfolio: z.array(ZLandingPortfolioItem),
});
export type TLanding = z.output<typeof ZLanding>;

/** `content.plans`: the four built-in packages (docs/product.md §9). */
export const ZPlans = z
  .array(
    z.object({
      id: z.enum(PLAN_CODES),
      name: z.string(),
      description: z.string(),
      usdPrice: z.number(),
      credits: z.number(),
      features: z.array(z.string()).readonly(),
      limitations: z.array(z.string()).readonly(),
      popular: z.boolean(),
      color: z.string(),
    }),
  )
  .readonly();

/** `legal.page`: one legal page's text (docs/decisions.md D33). */
export const ZLegalPage = z.object({
  page: z.enum(LEGAL_PAGE_KEYS as [LegalPageKey, ...LegalPageKey[]]),
  body: z.string(),
  updatedAt: z.string().nullable(),
});

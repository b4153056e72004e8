/**
 * The seeded landing content in English (issue 38 item 5): what a fresh install stores in the English
 * columns beside the Turkish defaults, and what an English visitor sees where a row is missing. The
 * type follows the Turkish defaults (shared/messages/admin.ts): a seeded text added there fails the
 * type check here until it is translated.
 */
import type { LandingDefaultTexts } from '../admin';

export const LANDING_DEFAULTS_EN: LandingDefaultTexts = {
  content: {
    hero: {
      title: 'Make your product photos shop-window ready with AI',
      subtitle: 'Upload one product photo; 4 watermark-free studio images and a short product video are ready within minutes.',
      cta_primary: 'Start with 10 Free Credits',
      cta_secondary: 'See Pricing',
    },
    stats: { title: 'Vitrin AI in Numbers' },
    features: {
      title: 'Why Vitrin AI?',
      subtitle: 'Professional product images without a studio, a photographer or the wait.',
    },
    portfolio: {
      title: 'Our Reference Work',
      subtitle: 'Our sellers’ product photos, before and after.',
    },
    testimonials: {
      title: 'What Our Customers Say',
      subtitle: 'E-commerce sellers from all over Türkiye on their experience.',
    },
    cta: {
      title: 'Give your products the shop window they deserve',
      subtitle: 'Try it now with 10 free credits, no credit card needed.',
      button: 'Start with 10 Free Credits',
    },
  },
  stats: [{ label: 'Images created' }, { label: 'Sellers' }, { label: 'Output resolution' }, { label: 'Average generation time' }],
  statUnits: {
    seconds: (n: string) => `${n} s`,
    minutes: (n: string) => `${n} min`,
  },
  features: [
    {
      title: 'In marketplace sizes',
      description:
        'A white-background main image and scenes; download them in Trendyol, Hepsiburada, Amazon and Instagram sizes with one click.',
    },
    {
      title: 'Watermark-free commercial use',
      description: 'Use the images you create freely in your shop and in your ads.',
    },
    {
      title: 'Short product videos',
      description: 'A 5-10 second, 1080p moving promotional video from one photo; landscape (16:9) or portrait (9:16).',
    },
    {
      title: 'Ready within minutes',
      description: 'No photo shoot or retouching to wait for: 4 different images in your hands within a minute.',
    },
  ],
  testimonials: [
    { text: 'Our coffee table and shelf photos now look like catalogue shots. Our sales rose clearly in the first month.' },
    { text: 'We used to go to a studio every week for our jewellery shots. Now we get four different images from one photo.' },
    { text: 'The videos of our cushions and throws drew a lot of attention on Instagram. It is very easy to use, too.' },
  ],
  portfolio: [
    { title: 'Walnut coffee table', description: 'From a workshop photo to a white-background catalogue image.' },
    { title: 'Silver necklace', description: 'From a phone shot to a premium dark-background shop image.' },
    { title: 'Leather wallet', description: 'From a desk shot to a warm-toned lifestyle image.' },
  ],
};

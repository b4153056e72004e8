import { IMAGES_PER_RUN } from './constants';

/**
 * docs/decisions.md D10: month-over-month change, rounded, with a sign. `+100%` when the previous value was 0
 * and the current is above it; `+0%` when both are 0.
 */
export function percentChange(current: number, previous: number): string {
  if (previous === 0) return current > 0 ? '+100%' : '+0%';
  const pct = Math.round(((current - previous) / previous) * 100);
  return `${pct >= 0 ? '+' : ''}${pct}%`;
}

/** docs/product.md §9 savings estimate in Turkish lira: 150 per image (IMAGES_PER_RUN in a run), 250 per video. */
export const SAVINGS_TRY = { perImage: 150, imagesPerRun: IMAGES_PER_RUN, perVideo: 250 } as const;

export function savingsOf(imageRuns: number, videos: number): number {
  return imageRuns * SAVINGS_TRY.imagesPerRun * SAVINGS_TRY.perImage + videos * SAVINGS_TRY.perVideo;
}

/**
 * What a landing stat may be bound to instead of a number an admin typed: a figure counted from this
 * install's database (images made, videos made, sellers, average wait), or `upscale`, the admin's own
 * text shown only where an upscaler makes 4K output true.
 */
export const STAT_METRICS = ['images', 'videos', 'sellers', 'avg_seconds', 'upscale'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

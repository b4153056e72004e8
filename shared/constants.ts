/** Business limits and constants shared by client and server (docs/product.md §9, docs/decisions.md). */
export const UNLIMITED_BALANCE = 999999;
/**
 * Low credits: the balance is below this share of the period's credits (the trial's or the
 * package's). The screens' "Krediniz azalıyor" hint and buy button (issue 38 item 4) and the
 * once-a-period e-mail use the same line, so a 10-credit trial is warned at 1 credit left, not
 * after its first run.
 */
export const LOW_CREDITS_SHARE = 0.2;

export function lowCreditsThreshold(periodCredits: number): number {
  return Math.max(1, Math.ceil(periodCredits * LOW_CREDITS_SHARE));
}
export const DEFAULT_TRIAL_CREDITS = 10;
export const TRIAL_DAYS = 7;
export const PAID_PERIOD_DAYS = 30;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Uploads of one seller (page and API together) whose body is still arriving, per web process (issue 33 item 8). */
export const UPLOADS_IN_FLIGHT_PER_SELLER = 4;
export const TOAST_MS = 4000;
export const ACTIVE_USER_DAYS = 30;

// A generation's fixed shape; shared/schemas/generations.ts re-exports it beside the parameters' types.
/** An image run makes this many images (the white image and three scenes in the local studio). */
export const IMAGES_PER_RUN = 4;
/** Video length in whole seconds. */
export const VIDEO_DURATIONS = { min: 5, max: 10, default: 5 } as const;
export const ASPECT_RATIOS = ['16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const VIDEO_RESOLUTION = '1080p';
/** The longest prompt a run takes (the form's counter and every create schema). */
export const PROMPT_MAX = 1000;

/** Sessions: 30 days with "remember me", otherwise a browser-session cookie backed by a 1-day server expiry. */
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_SHORT_MS = 24 * 60 * 60 * 1000;

/** Stable machine codes, sent with every error as `data.appCode` (tRPC and REST alike). */
export const APP_CODES = [
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'SIGNUPS_DISABLED',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'BAD_ORIGIN',
  'UNAUTHENTICATED',
  'NOT_ADMIN',
  'NOT_FOUND',
  'VALIDATION',
  'INSUFFICIENT_CREDITS',
  'NEEDS_FRAMED_CONSENT',
  'CONFLICT',
  'METHOD_NOT_ALLOWED',
  'SESSION_EXPIRED',
  'MAINTENANCE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type AppCode = (typeof APP_CODES)[number];

/** Studio (issue 11 (docs/history.md)): photos under this longer side get a warning at upload; outputs never upscale more than 2× silently. */
export const MIN_RECOMMENDED_LONG_SIDE = 1000;
export const MAX_SILENT_UPSCALE = 2;
export const MAX_OUTPUT_LONG_SIDE = 4096;
/** The white marketplace image: share of the longer side the product fills. */
export const WHITE_PRODUCT_FILL = 0.85;
/** The scene control "product size in frame": share of the frame the product's box fits into. */
export const SCENE_PRODUCT_SIZE = { min: 0.3, max: 0.9, default: 0.62 } as const;

/** Cut-out gate and guidance (the thresholds measured in docs/architecture.md (the studio)). */
export const CUTOUT_LIMITS = {
  maxInputPixels: 40_000_000,
  /** A detector box above this share of the frame: the subject fills it, nothing to cut. */
  maxSubjectShare: 0.85,
  /** Overlap (IoU) two fixed-seed grabCut runs must reach to agree. */
  minAgreement: 0.85,
  /** Mask must span at least this share of the detector box. */
  minBoxSpan: 0.7,
  minConfidence: 0.35,
  minCoverage: 0.01,
  maxCoverage: 0.95,
  /** Keep/remove brush radius as a share of the longer side. */
  strokeRadius: 0.015,
  /** Resolution the guided filter's coefficients are computed at, and its regulariser. */
  guideLongSide: 1024,
  guideEps: 4e-3,
  /** At most this many stroke points per request. */
  maxStrokePoints: 2000,
} as const;

/**
 * The cut-out gate's thresholds (server/studio/gate.ts), set on the ground-truth photos
 * in tests/fixtures/ground-truth (bench/cutout-truth.ts prints the figures they are compared with).
 */
export const CUTOUT_GATE = {
  /** Product-like enclosed holes may take at most this share of the kept area... */
  maxHoleShare: 0.01,
  /** ...counting only holes of at least this share of it (smaller ones are outline noise). */
  minHoleShare: 0.002,
  /**
   * Enclosed kept parts clearly coloured like the background (gate.ts enclosedParts): at most this share
   * of the kept area. Measured: the true masks and the editor's box rounds 0-0.085 (the butterfly's dark
   * wing marks), the automatic packshot (refused already: it runs out of the frame) 0.154, the light box
   * kept whole under the shapes' blades 0.28.
   */
  maxIslandShare: 0.15,
  /** A straight stretch of outline without an edge in the photo: at most this share of the mask's side. */
  maxStraightRun: 0.3,
  /** "Without an edge": a pixel's gradient under this share of the outline's mean... */
  weakEdgeShare: 0.5,
  /** ...and a stretch without an edge may cross this many edge pixels in a row (a highlight, a line). */
  edgeGapPixels: 3,
  /**
   * The mask must fill at least this share of the box's area (spanning it is CUTOUT_LIMITS.minBoxSpan).
   * Measured: whole products 0.54-0.92 of their box, half an orange 0.37. Thin products (a chair, a
   * bicycle) may fall under it and then need the seller's strokes.
   */
  minBoxFill: 0.45,
  /**
   * ...unless at least this share of the box's unkept pixels looks like the background outside the
   * box: thin products and several objects on one surface fill little of their box, and the surface
   * between them is the surface around them.
   */
  minBoxBackground: 0.8,
  /**
   * A product-coloured unkept part of the box inside an object's hull, touching the mask: at most this share of
   * the kept area. Measured: the true masks 0-0.005, accepted cut-outs up to 0.01, the automatic apple that
   * lost its shaded bottom 0.047, bites of 5-8% of a product 0-0.06 (colour decides).
   */
  maxMissingShare: 0.015,
  /** The outline's mean gradient must be at least this multiple of the photo's mean. */
  minEdgeRatio: 1.5,
  /** Long side of the judged-mask PNG served for the editor's overlay. */
  overlayLongSide: 1024,
} as const;

/**
 * Per-seller limits (fair share), counted in the database so every server process shares them.
 * Uploads: three full batches fit in the window, a flood does not. Exports: counted per run (issue 38
 * item 10): every preset of one run, one by one or all in one zip, is one export; 12 runs in the
 * window (a batch zip is one). Cut-outs: free, but each costs a second of CPU.
 */
export const SELLER_LIMITS = {
  uploads: { limit: 60, windowMs: 10 * 60 * 1000 },
  exports: { limit: 12, windowMs: 5 * 60 * 1000 },
  cutouts: { limit: 60, windowMs: 10 * 60 * 1000 },
  /** The editor's live rounds: one per brush stroke, each a few hundred ms of CPU at most. */
  refines: { limit: 600, windowMs: 10 * 60 * 1000 },
} as const;

/**
 * The cut-out editor's warm sessions (services/cutout-sessions.ts, docs/decisions.md D41): each holds
 * ~1 MB (the photo at working size, its Lab copy, a few masks), so a process keeps at most
 * `perProcess` of them and a seller `perSeller`, the least recently used going first.
 */
export const EDITOR_LIMITS = {
  ttlMs: 5 * 60 * 1000,
  perProcess: 48,
  perSeller: 3,
  /** Masks remembered per session (undo and redo answer from them without a round). */
  remembered: 24,
  maxStrokes: 200,
  maxPoints: 4000,
  /** Brush radius bounds, a share of the photo's longer side. */
  minBrush: 0.004,
  maxBrush: 0.1,
} as const;
export type SellerLimitKind = keyof typeof SELLER_LIMITS;

/**
 * Requests to the seller API (/api/v1), every one counted, refused or not (the flood guard behind
 * the RateLimit-* headers every answer carries): per seller with a valid key, per address without.
 */
export const API_REQUEST_LIMITS = {
  seller: { limit: 600, windowMs: 60 * 1000 },
  address: { limit: 300, windowMs: 60 * 1000 },
} as const;

/**
 * Downloads of one run's marketplace zips within the export window (every preset and the all-presets
 * zip twice over, and a few retries): the run counts once against `SELLER_LIMITS.exports`, and this
 * bounds how often its renders can be asked for again.
 */
export const EXPORT_DOWNLOADS_PER_RUN = 20;

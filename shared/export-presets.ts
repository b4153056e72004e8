/**
 * Marketplace export presets (issue 12 (docs/history.md)): the one table of sizes and rules,
 * read by the export route (server), the download menu (client) and checked
 * against the table in docs/studio.md by a test. Every preset is a JPEG on pure white
 * (RGB 255) with the product centred.
 *
 * `fill`: the product's bounding box is scaled to fit `fill × width` by
 * `fill × height` of the canvas (so its longer relative side is exactly that
 * share), then centred on white.
 * `confirmed`: whether the size/rule could be checked against the
 * marketplace's own published guide when this table was written (offline:
 * none could be fetched again, see docs/studio.md "Marketplace exports").
 */
export const EXPORT_PRESET_IDS = ['trendyol', 'hepsiburada', 'n11', 'amazon', 'ciceksepeti', 'instagram', 'square'] as const;
export type ExportPresetId = (typeof EXPORT_PRESET_IDS)[number];

export type ExportPreset = {
  id: ExportPresetId;
  /** Brand name as shown in the download menu. */
  name: string;
  width: number;
  height: number;
  /** Share of the canvas the product's box fits into (see above). */
  fill: number;
  /** What the preset enforces, in one line (docs/studio.md). */
  rule: string;
  /** Where the rule comes from (docs/studio.md). */
  source: string;
  confirmed: boolean;
};

export const EXPORT_PRESETS: Record<ExportPresetId, ExportPreset> = {
  trendyol: {
    id: 'trendyol',
    name: 'Trendyol',
    width: 1200,
    height: 1800,
    fill: 0.85,
    rule: '2:3 portrait, white background, product centred',
    source: 'issue 12 (1200×1800, 2:3); Trendyol seller guide not reachable offline',
    confirmed: false,
  },
  hepsiburada: {
    id: 'hepsiburada',
    name: 'Hepsiburada',
    width: 1500,
    height: 1500,
    fill: 0.85,
    rule: 'square, white background, product centred',
    source: 'common seller practice (square, ≥1200 px); Hepsiburada Merchant guide not reachable offline',
    confirmed: false,
  },
  n11: {
    id: 'n11',
    name: 'n11',
    width: 1200,
    height: 1200,
    fill: 0.85,
    rule: 'square, white background, product centred',
    source: 'common seller practice; n11 seller guide not reachable offline',
    confirmed: false,
  },
  amazon: {
    id: 'amazon',
    name: 'Amazon.com.tr',
    width: 2000,
    height: 2000,
    fill: 0.9,
    rule: 'main image: pure white RGB 255, product fills ≥ 85% of the frame, ≥ 1600 px for zoom',
    source: 'Amazon product image requirements (white 255, 85%, zoom ≥ 1000-1600 px); the .com.tr page itself not re-checked offline',
    confirmed: true,
  },
  ciceksepeti: {
    id: 'ciceksepeti',
    name: 'Çiçeksepeti',
    width: 1000,
    height: 1000,
    fill: 0.85,
    rule: 'square, white background, product centred',
    source: 'assumed square; Çiçeksepeti seller guide not reachable offline',
    confirmed: false,
  },
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    width: 1080,
    height: 1350,
    fill: 0.8,
    rule: '4:5 portrait feed post (the tallest Instagram shows uncropped), white background',
    source: 'Instagram help: feed posts 1080 px wide, aspect 1.91:1 to 4:5',
    confirmed: true,
  },
  square: {
    id: 'square',
    name: 'Kare',
    width: 2000,
    height: 2000,
    fill: 0.85,
    rule: 'general square, white background, product centred',
    source: 'Vitrin AI (no marketplace rule)',
    confirmed: true,
  },
};

export const isExportPreset = (id: string): id is ExportPresetId => (EXPORT_PRESET_IDS as readonly string[]).includes(id);

/** "Tüm pazar yerleri" (issue 38 item 10): every preset of one run in one zip, one folder per preset, one export. */
export const ALL_PRESETS = 'all';
/** What an export asks for: one preset, or all of them. */
export type ExportChoice = ExportPresetId | typeof ALL_PRESETS;
export const isExportChoice = (id: string): id is ExportChoice => id === ALL_PRESETS || isExportPreset(id);

/** Owner-only zip of a completed image run fitted to a preset, or to all of them (server/http/exports.ts). */
export const exportUrl = (generationId: string, preset: ExportChoice) => `/api/generations/${generationId}/export/${preset}`;

/**
 * The smallest photo a preset is made from without enlarging: its shorter side (marketplaces ask
 * ≥ 1200 px). A smaller photo is enlarged, which the export's OKU-BENI.txt names (issue 37 item 8).
 */
export const presetMinimum = (p: Pick<ExportPreset, 'width' | 'height'>): number => Math.min(p.width, p.height);

/** The presets a photo with this longer side is too small for, before anything is charged. */
export function presetsTooLargeFor(longSide: number): ExportPreset[] {
  return EXPORT_PRESET_IDS.map((id) => EXPORT_PRESETS[id]).filter((p) => longSide > 0 && longSide < presetMinimum(p));
}

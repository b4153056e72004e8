import { sql } from 'kysely';
import type { Db } from '../db';
import type { StatMetric } from '../../shared/stats';
import { landingDefaults } from '../../shared/messages';
import { LANGUAGES, LOCALES, type Language } from '../../shared/messages/language';

/** What this install's configuration makes true on the public pages. */
export type LandingClaims = {
  /** An upscaler is configured (the fal path), so "4K" output is true. */
  upscale4k: boolean;
};

/** On the fal path every image run's white image comes from the upscaler (FAL_UPSCALE_MODEL, with a default). */
export function landingClaims(deps: { aiProvider: 'local' | 'fal' }): LandingClaims {
  return { upscale4k: deps.aiProvider === 'fal' };
}

type Counted = Exclude<StatMetric, 'upscale'>;
const COUNTED: ReadonlySet<StatMetric> = new Set<Counted>(['images', 'videos', 'sellers', 'avg_seconds']);
const NUMBERS: Record<Language, Intl.NumberFormat> = {
  tr: new Intl.NumberFormat(LOCALES.tr),
  en: new Intl.NumberFormat(LOCALES.en),
};

/** The install's own figures, in one round trip. */
async function countFigures(db: Db): Promise<Record<Counted, number>> {
  const row = await db
    .selectFrom('generations')
    .where('status', '=', 'completed')
    // A test key's runs (issue 34 item 4) are not counted.
    .where('livemode', '=', true)
    .select((eb) => [
      sql<string>`coalesce(sum(jsonb_array_length(outputs)) filter (where type = 'image'), 0)`.as('images'),
      eb.fn.countAll<string>().filterWhere('type', '=', 'video').as('videos'),
      sql<string | null>`avg(extract(epoch from (completed_at - created_at))) filter (where type = 'image')`.as('avg_seconds'),
      sql<string>`(select count(*) from users where deleted_at is null)`.as('sellers'),
    ])
    .executeTakeFirstOrThrow();
  return {
    images: Number(row.images),
    videos: Number(row.videos),
    sellers: Number(row.sellers),
    avg_seconds: Math.round(Number(row.avg_seconds ?? 0)),
  };
}

/** A figure as each language writes it (issue 38 item 5: "1,234" and "45 s" for an English visitor). */
function formatFigure(metric: Counted, value: number): Record<Language, string> {
  const one = (language: Language): string => {
    const number = NUMBERS[language];
    if (metric !== 'avg_seconds') return number.format(value);
    const units = landingDefaults(language).statUnits;
    return value < 120 ? units.seconds(number.format(value)) : units.minutes(number.format(Math.round(value / 60)));
  };
  return Object.fromEntries(LANGUAGES.map((l) => [l, one(l)])) as Record<Language, string>;
}

/**
 * For each stat row bound to a metric: the text to show in each language, or null to leave the stat out (a figure that
 * is still zero, or "4K" without an upscaler). Rows not in the map show the admin's number as typed.
 */
export async function liveStatNumbers(
  db: Db,
  rows: ReadonlyArray<{ id: string; metric: StatMetric | null }>,
  claims: LandingClaims,
): Promise<Map<string, Record<Language, string> | null>> {
  const out = new Map<string, Record<Language, string> | null>();
  const figures = rows.some((r) => r.metric !== null && COUNTED.has(r.metric)) ? await countFigures(db) : null;
  for (const { id, metric } of rows) {
    if (metric === null) continue;
    if (metric === 'upscale') {
      if (!claims.upscale4k) out.set(id, null);
      continue;
    }
    const value = figures![metric];
    out.set(id, value > 0 ? formatFigure(metric, value) : null);
  }
  return out;
}

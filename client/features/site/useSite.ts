import { M } from '../../../shared/messages/public';
import { trpc } from '../../lib/trpc';
import { perLanguage } from '../../../shared/messages/localize';

/** The part of `content.site` the client relies on. */
export interface SiteInfo {
  siteName: string;
  siteDescription: string;
  supportEmail: string;
  supportPhone: string;
  contactAddress: string;
  maintenanceMode: boolean;
  allowRegistrations: boolean;
  imageCreditCost: number;
  videoCreditCost: number;
  /** An upscaler is configured, so "4K" output may be promised. */
  upscale4k: boolean;
}

/** docs/decisions.md D1/D2 defaults, shown until (or if) the settings cannot be read. */
export const SITE_DEFAULTS: SiteInfo = perLanguage(() => ({
  siteName: M.site.defaultName,
  siteDescription: '',
  supportEmail: 'destek@example.com',
  supportPhone: '+90 212 000 00 00',
  contactAddress: M.site.defaultAddress,
  maintenanceMode: false,
  allowRegistrations: true,
  imageCreditCost: 1,
  videoCreditCost: 6,
  upscale4k: false,
}));

/** Public site settings (brand, contact, costs, switches). */
export function useSite() {
  const query = trpc.content.site.useQuery(undefined, {
    staleTime: 60_000,
    // While in maintenance, look again every 30 s so the site comes back by itself.
    refetchInterval: (q) => (q.state.data?.maintenanceMode ? 30_000 : false),
  });
  const site: SiteInfo = query.data ?? SITE_DEFAULTS;
  return {
    site,
    loading: query.isPending && query.fetchStatus !== 'idle',
    query,
  };
}

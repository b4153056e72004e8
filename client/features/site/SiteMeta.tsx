import { useEffect } from 'react';
import { useSite } from './useSite';

/** Keeps <meta name="description"> in step with the admin-editable site description. */
export function SiteMeta() {
  const { site } = useSite();
  useEffect(() => {
    if (!site.siteDescription) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', site.siteDescription);
  }, [site.siteDescription]);
  return null;
}

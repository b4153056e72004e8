import { useEffect } from 'react';
import { useSite } from './useSite';

/** docs/decisions.md D1: `{title} | {siteName}` unless the title already names the brand. */
export function formatPageTitle(title: string, siteName: string): string {
  if (!title) return siteName;
  if (title.toLocaleLowerCase('tr-TR').includes(siteName.toLocaleLowerCase('tr-TR'))) return title;
  return `${title} | ${siteName}`;
}

export function usePageTitle(title: string): void {
  const { site } = useSite();
  useEffect(() => {
    document.title = formatPageTitle(title, site.siteName);
  }, [title, site.siteName]);
}

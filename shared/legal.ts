/** The four legal pages (docs/decisions.md D33): route, catalogue title key and site_content key (section `legal`). */
export const LEGAL_PAGES = {
  privacy: { path: '/gizlilik' },
  terms: { path: '/kullanim-kosullari' },
  kvkk: { path: '/kvkk' },
  cookies: { path: '/cerez-politikasi' },
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGES;
export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as LegalPageKey[];

/** Where the cookie notice remembers, in this browser only, that it was closed (not a cookie). */
export const COOKIE_NOTICE_STORAGE_KEY = 'vitrin_cookie_notice';

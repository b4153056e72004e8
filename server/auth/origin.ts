/**
 * CSRF defence from the Lucia guide: a state-changing request must carry an Origin
 * header that names this site. Missing or foreign → refused.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(url.origin)) return true;
  return !!host && url.host === host;
}

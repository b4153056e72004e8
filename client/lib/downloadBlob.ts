/** A download the server refused with its own Turkish text (a limit reached: when to try again). */
export class DownloadRefused extends Error {}

/**
 * GET with the session cookie (private files, invoices, exports); a non-2xx answer throws,
 * as DownloadRefused when the server said why in its JSON error body.
 */
export async function fetchForDownload(url: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown; data?: { appCode?: unknown } } } | null;
  const message = body?.error?.message;
  if (typeof message === 'string' && message && body?.error?.data?.appCode !== 'INTERNAL') throw new DownloadRefused(message);
  throw new Error(`HTTP ${res.status}`);
}

/** Saves a blob under `name` (object URL → temporary <a download>). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

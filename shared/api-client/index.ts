import createClient from 'openapi-fetch';
import type { paths } from './openapi';

export type { paths, components, operations } from './openapi';

/**
 * A small typed client of the seller API (issue 34 item 10): openapi-fetch over the types
 * generated from the served OpenAPI document (openapi.ts), so a call the document does not
 * declare, or a field it does not name, is a type error. Multipart forms go as FormData, with the
 * JSON fields (`subject`, `scene`) as JSON text.
 *
 *   const api = vitrinApi('https://vitrin.example', 'vk_live_…');
 *   const { data, error } = await api.GET('/api/v1/generations/{id}', { params: { path: { id } } });
 */
export function vitrinApi(baseUrl: string, key: string | null, fetchImpl: typeof fetch = fetch) {
  return createClient<paths>({
    baseUrl,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    fetch: fetchImpl,
    // A body with photoUrl and no photo is the JSON form (the server fetches the photo); else multipart.
    bodySerializer: (body: unknown) =>
      body instanceof FormData ? body : isPhotoUrlBody(body) ? JSON.stringify(body) : formData(body as Record<string, unknown>),
  });
}

const isPhotoUrlBody = (body: unknown) =>
  !!body && typeof body === 'object' && 'photoUrl' in body && !('photo' in (body as Record<string, unknown>));

/** A form's fields as multipart: files and blobs as they are, objects as JSON text, the rest as text. */
export function formData(fields: Record<string, unknown>): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) fd.append(name, value, value instanceof File ? value.name : 'photo');
    else if (typeof value === 'object') fd.append(name, JSON.stringify(value));
    else fd.append(name, String(value));
  }
  return fd;
}

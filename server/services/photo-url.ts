import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { M } from '../../shared/messages';
import { AppError } from '../errors';
import { bareHost, BlockedAddressError, guardedLookup, isPrivateAddress, type WebhookPolicy } from './webhook-url';

/** The limits of a photo fetched by URL (issue 34 item 7). */
const PHOTO_URL_LIMITS = { maxBytes: MAX_UPLOAD_BYTES, timeoutMs: 10_000, deadlineMs: 20_000, maxRedirects: 3 } as const;

type Limits = { maxBytes: number; timeoutMs: number; deadlineMs: number; maxRedirects: number };

/** One GET under the SSRF guard: the answer's head, or a refusal naming why. */
function getOnce(url: URL, policy: WebhookPolicy, timeoutMs: number, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const host = bareHost(url);
    // A literal address never goes through the lookup: check it here.
    if (isIP(host) && !policy.allowPrivate && isPrivateAddress(host)) return reject(new BlockedAddressError(host));
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, {
      method: 'GET',
      headers: { accept: 'image/jpeg, image/png, image/webp, */*;q=0.5', 'user-agent': 'Vitrin-Photo-Fetch/1' },
      lookup: guardedLookup(policy),
      timeout: timeoutMs,
      signal,
    });
    req.on('response', resolve);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** A URL the fetch may go to: http(s), no credentials, https where the policy asks for it. */
function checkedUrl(raw: string, policy: WebhookPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('VALIDATION', M.api.errors.photoUrlInvalid);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new AppError('VALIDATION', M.api.errors.photoUrlInvalid);
  if (policy.requireHttps && url.protocol !== 'https:') throw new AppError('VALIDATION', M.api.errors.photoUrlHttps);
  return url;
}

/**
 * Fetches the photo at `raw` into the file `target` with the webhook's SSRF guard: every address
 * the name resolves to is checked inside the socket's own lookup (loopback, private, link-local,
 * CGNAT … refused unless the operator allows private addresses), a redirect is followed at most
 * `maxRedirects` times and each hop is checked the same way, the body may not exceed `maxBytes`
 * (413), and the whole fetch ends after `deadlineMs` (`timeoutMs` of silence). What it holds is
 * judged afterwards by its content, as every upload is, never by the answer's Content-Type.
 */
export async function fetchPhoto(raw: string, policy: WebhookPolicy, target: string, limits: Limits = PHOTO_URL_LIMITS): Promise<number> {
  let url = checkedUrl(raw, policy);
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(new Error('deadline')), limits.deadlineMs);
  try {
    for (let hop = 0; ; hop++) {
      let res: http.IncomingMessage;
      try {
        res = await getOnce(url, policy, limits.timeoutMs, abort.signal);
      } catch (err) {
        if (err instanceof BlockedAddressError) throw new AppError('VALIDATION', M.api.errors.photoUrlPrivate);
        if (abort.signal.aborted || (err as Error).message === 'timeout')
          throw new AppError('VALIDATION', M.api.errors.photoUrlTimeout(Math.round(limits.deadlineMs / 1000)));
        throw new AppError('VALIDATION', M.api.errors.photoUrlUnreachable);
      }
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= limits.maxRedirects) throw new AppError('VALIDATION', M.api.errors.photoUrlRedirects(limits.maxRedirects));
        url = checkedUrl(new URL(res.headers.location, url).href, policy);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new AppError('VALIDATION', M.api.errors.photoUrlStatus(status));
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes) {
        res.destroy();
        throw new AppError('QUOTA_EXCEEDED', M.generation.fileTooLarge);
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (size > limits.maxBytes) cb(new AppError('QUOTA_EXCEEDED', M.generation.fileTooLarge));
          else cb(null, chunk);
        },
      });
      try {
        await pipeline(res, counter, createWriteStream(target), { signal: abort.signal });
      } catch (err) {
        await rm(target, { force: true });
        if (err instanceof AppError) throw err;
        if (abort.signal.aborted) throw new AppError('VALIDATION', M.api.errors.photoUrlTimeout(Math.round(limits.deadlineMs / 1000)));
        throw new AppError('VALIDATION', M.api.errors.photoUrlUnreachable);
      }
      return size;
    }
  } finally {
    clearTimeout(deadline);
  }
}

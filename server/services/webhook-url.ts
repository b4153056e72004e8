import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Env } from '../env';
import { AppError } from '../errors';
import { M } from '../../shared/messages';

/**
 * Webhook URLs are the seller's, so a request to one must not reach this server's own network
 * (SSRF): loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and
 * reserved ranges are refused. What counts is the address the name resolves to when the
 * request is made (checked inside the socket's own lookup, so a name cannot resolve to a public
 * address for the check and to a private one for the connection).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an address (v4, v6, or v4 mapped into v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    // ::ffff:a.b.c.d written in hex (::ffff:7f00:1) is still IPv4 underneath.
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return BLOCKED.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
    }
    return BLOCKED.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

export type WebhookPolicy = { requireHttps: boolean; allowPrivate: boolean };

/** https is required in production (NODE_ENV=production, or an https PUBLIC_URL); private addresses only when the operator allows them. */
export function webhookPolicy(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'API_WEBHOOKS_ALLOW_PRIVATE'>): WebhookPolicy {
  return {
    requireHttps: env.NODE_ENV === 'production' || !!env.PUBLIC_URL?.startsWith('https:'),
    allowPrivate: env.API_WEBHOOKS_ALLOW_PRIVATE === 'true',
  };
}

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`webhook address refused: ${address}`);
  }
}

/** dns.lookup for the webhook request's socket: every address it yields is checked before connecting. */
export function guardedLookup(policy: WebhookPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as Array<{ address: string; family: number }>;
      const bad = policy.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad || !list.length) return callback(new BlockedAddressError(bad?.address ?? hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The URL's host without IPv6 brackets. */
export const bareHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks a webhook URL when the seller saves it: a clear Turkish refusal now rather than failed
 * deliveries later. Delivery checks the resolved address again (the name may change).
 */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('VALIDATION', M.api.errors.webhookInvalid);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new AppError('VALIDATION', M.api.errors.webhookInvalid);
  if (policy.requireHttps && url.protocol !== 'https:') throw new AppError('VALIDATION', M.api.errors.webhookHttps);
  if (policy.allowPrivate) return url;
  const host = bareHost(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new AppError('VALIDATION', M.api.errors.webhookPrivate);
    return url;
  }
  const addresses = await new Promise<Array<{ address: string }>>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
  ).catch(() => {
    throw new AppError('VALIDATION', M.api.errors.webhookUnresolved);
  });
  if (!addresses.length) throw new AppError('VALIDATION', M.api.errors.webhookUnresolved);
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new AppError('VALIDATION', M.api.errors.webhookPrivate);
  return url;
}

/**
 * POSTs a webhook body under the policy: never follows redirects (a 3xx is just an answer), reads
 * at most a little of the answer, gives up after `timeoutMs` of silence or `deadlineMs` in all (a
 * receiver that trickles a byte now and then never holds a sender longer). Resolves with the
 * status code; rejects with the reason it could not be sent.
 */
export function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookPolicy,
  timeoutMs = 10_000,
  deadlineMs = 15_000,
): Promise<number> {
  let deadline: NodeJS.Timeout | undefined;
  const posted = new Promise<number>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return reject(new Error('invalid URL'));
    }
    if (policy.requireHttps && url.protocol !== 'https:') return reject(new Error('https required'));
    const host = bareHost(url);
    // A literal address never goes through lookup: check it here.
    if (isIP(host) && !policy.allowPrivate && isPrivateAddress(host)) return reject(new BlockedAddressError(host));
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(policy),
        timeout: timeoutMs,
      },
      (res) => {
        res.resume(); // the answer's body is not needed
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    deadline = setTimeout(() => req.destroy(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
    req.on('error', reject);
    req.end(body);
  });
  return posted.finally(() => clearTimeout(deadline));
}

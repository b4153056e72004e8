import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../server/services/api-keys';
import { log, setProcessLogger, silentLogger } from '../server/lib/log';
import { productPhoto } from '../tests/providers/fixtures';
import { signedInServer } from './signed-in-server';

/**
 * Issue 34 item 9: how long `POST /api/v1/images` takes to answer (202) now that the cut-out is
 * judged by the worker, and how long a 402 for an empty balance takes. Sequential requests with a
 * live key over real HTTP to a server with no job workers (an idle machine: nothing else competes
 * for the cores), each with a fresh photo (a real product photo, and a 12 MP one), without
 * `allowFramed` (the ordinary call); and the product photo with `subject`, the product's box, which
 * a worker would cut with after the answer (D71). The seller's upload limit is cleared between requests.
 */
export type ApiAcceptanceBench = {
  requests: number;
  photo: { p50: number; p95: number; max: number };
  photo12mp: { p50: number; p95: number; max: number };
  withSubject: { p50: number; p95: number; max: number };
  refused402: { p50: number; p95: number; max: number };
  loadAvg1m: number;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!);
};
const summary = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: Math.round(Math.max(...xs)) });

export async function benchApiAcceptance(requests = 40, databaseUrl?: string): Promise<ApiAcceptanceBench> {
  // The request lines of ~70 requests are not figures (the logger is given back at the end).
  const previousLogger = log();
  setProcessLogger(silentLogger);
  const { server, userId, close } = await signedInServer(databaseUrl);
  try {
    const { db } = server.deps;
    const { key } = await createApiKey(db, userId, 'bench');
    const coffee = readFileSync(fileURLToPath(new URL('../tests/fixtures/photos/coffee.jpg', import.meta.url)));
    const big = await productPhoto(4000, 3000);
    // A loose box around the cup: nothing is cut before the 202, so its fit does not change the time.
    const subject = JSON.stringify({ x: 0.15, y: 0.2, width: 0.7, height: 0.7 });
    const post = async (bytes: Buffer, n: number, expect: number, fields: Record<string, string> = {}) => {
      await db.deleteFrom('rate_limits').execute();
      const fd = new FormData();
      // Each request is a new upload (stored and re-encoded again) with its own prompt.
      fd.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'urun.jpg');
      fd.append('prompt', `mermer zemin ${n}`);
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/images`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: fd });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== expect) throw new Error(`expected ${expect}, got ${res.status}`);
      return ms;
    };
    await db.updateTable('users').set({ credits_balance: 1_000_000 }).where('id', '=', userId).execute();
    // Warm-up (the first request loads sharp and the routes).
    for (let i = 0; i < 3; i++) await post(coffee, -i, 202);
    const photo: number[] = [];
    const photo12mp: number[] = [];
    for (let i = 0; i < requests; i++) photo.push(await post(coffee, i, 202));
    for (let i = 0; i < Math.ceil(requests / 4); i++) photo12mp.push(await post(big, i, 202));
    const withSubject: number[] = [];
    for (let i = 0; i < Math.ceil(requests / 4); i++) withSubject.push(await post(coffee, i, 202, { subject }));
    await db.updateTable('users').set({ credits_balance: 0 }).where('id', '=', userId).execute();
    const refused: number[] = [];
    for (let i = 0; i < Math.ceil(requests / 2); i++) refused.push(await post(coffee, i, 402));
    return {
      requests,
      photo: summary(photo),
      photo12mp: summary(photo12mp),
      withSubject: summary(withSubject),
      refused402: summary(refused),
      loadAvg1m: Number(loadavg()[0]!.toFixed(2)),
    };
  } finally {
    await close();
    setProcessLogger(previousLogger);
  }
}

export function printApiAcceptance(r: ApiAcceptanceBench): void {
  const line = (s: { p50: number; p95: number; max: number }) => `p50 ${s.p50} ms, p95 ${s.p95} ms, en uzun ${s.max} ms`;
  console.log(
    `API kabulü (POST /api/v1/images → 202, dekupaj işçide): ürün fotoğrafı ${line(r.photo)}; 12 MP fotoğraf ${line(r.photo12mp)}; subject ile ${line(r.withSubject)}; boş bakiye 402: ${line(r.refused402)} (${r.requests} istek, yük ${r.loadAvg1m})`,
  );
}

// `node --import tsx bench/api-acceptance.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  printApiAcceptance(await benchApiAcceptance());
}

import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { get } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { SELLER_LIMITS } from '../shared/constants';

/**
 * Fair share under exports (issue 22 (docs/history.md)): the server's RSS idle, then while seller A's data export
 * of 20 photos (each with a 4-image run) is built and downloaded and 20 `square` exports are asked
 * for at once (A's per-seller limit of them, seller C the rest); meanwhile other sellers sign in one after the other, and their p95 is taken.
 * The server is a child process (embedded database, job workers inside it) reading files the
 * parent wrote, so neither the load nor the fixtures count in its memory.
 */
export type ExportsBenchFiles = {
  uploads: string[];
  runs: string[][];
  cutouts: string[];
  photoSize: { width: number; height: number };
};
export type ExportsMemory = {
  idleMb: number;
  peakMb: number;
  exportsMs: number;
  dataExportMs: number;
  dataExportMb: number;
  /** Sign-ins before the exports start, for the machine's own figure. */
  idleSignInP95Ms: number;
  signIns: number;
  signInP50Ms: number;
  signInP95Ms: number;
  signInMaxMs: number;
};

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

/** A photo-like 12 MP JPEG (noise keeps it the size of a real one), the white image, a scene and the cut-out. */
async function writeFiles(root: string, photos: number): Promise<ExportsBenchFiles> {
  const W = 4240;
  const H = 2827;
  const noisy = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#b89a7a', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .blur(1.2)
      .jpeg({ quality: 90 })
      .toBuffer();
  const ellipse = Buffer.from(
    `<svg width="${W}" height="${H}"><ellipse cx="${W / 2}" cy="${H / 2}" rx="${W / 4}" ry="${H / 3}" fill="#5a3414"/></svg>`,
  );
  const put = (key: string, bytes: Buffer) => {
    mkdirSync(dirname(join(root, key)), { recursive: true });
    writeFileSync(join(root, key), bytes);
  };
  put('bench/photo.jpg', await noisy(W, H));
  put('bench/white.jpg', await noisy(4096, 4096));
  put('bench/scene.jpg', await noisy(4096, 2731));
  // A cut-out as the studio stores it: the photo's own pixels with the product's alpha (about as large as a real one).
  const alpha = await sharp(ellipse).extractChannel(3).toBuffer();
  put(
    'bench/cutout.png',
    await sharp(readFileSync(join(root, 'bench/photo.jpg')))
      .joinChannel(alpha)
      .png()
      .toBuffer(),
  );
  const files: ExportsBenchFiles = { uploads: [], runs: [], cutouts: [], photoSize: { width: W, height: H } };
  const copy = (from: string, key: string) => {
    mkdirSync(dirname(join(root, key)), { recursive: true });
    copyFileSync(join(root, from), join(root, key));
    return key;
  };
  for (let i = 0; i < photos; i++) {
    files.uploads.push(copy('bench/photo.jpg', `bench/uploads/${i}.jpg`));
    files.cutouts.push(copy('bench/cutout.png', `bench/cutouts/${i}.png`));
    files.runs.push([0, 1, 2, 3].map((n) => copy(n ? 'bench/scene.jpg' : 'bench/white.jpg', `bench/runs/${i}/${n}.jpg`)));
  }
  return files;
}

/**
 * A GET read to its end with node:http: an export waiting for its turn sends no bytes for a while,
 * longer than fetch's body timeout (300 s) on a loaded machine.
 */
function getStreamed(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchExportsMemory(photos = 20, parallelExports = 20): Promise<ExportsMemory> {
  const dataDir = `/tmp/vitrin-bench-exports-${process.pid}-${Date.now()}`;
  const files = await writeFiles(join(dataDir, 'files'), photos);
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./serve-exports-for-bench.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // As `npm start` runs the server: two malloc arenas, so what the studio threads' libvips frees goes back to be reused.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', BENCH_FILES: JSON.stringify(files), BENCH_DATA_DIR: dataDir },
  });
  try {
    const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { url, cookie, runId, c, others, password } = JSON.parse(first) as {
      url: string;
      cookie: string;
      runId: string;
      c: { cookie: string; runId: string };
      others: string[];
      password: string;
    };
    const pid = child.pid!;
    const signInOnce = async (n: number) => {
      const t = performance.now();
      const res = await fetch(`${url}/trpc/auth.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.8.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ email: others[n % others.length], password }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
      return performance.now() - t;
    };
    const idleLatencies: number[] = [];
    for (let n = 0; n < 30; n++) idleLatencies.push(await signInOnce(1000 + n));
    // Idle: the highest of 3 s of samples once the sign-ins are over.
    await new Promise((r) => setTimeout(r, 2000));
    let idleMb = 0;
    for (let i = 0; i < 15; i++) {
      idleMb = Math.max(idleMb, rssMb(pid));
      await new Promise((r) => setTimeout(r, 200));
    }
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 100);

    // Other sellers sign in one after another (each from its own address, as real ones would).
    let done = false;
    let signInError: unknown = null;
    const latencies: number[] = [];
    const signIns = (async () => {
      for (let n = 0; !done; n++) latencies.push(await signInOnce(n));
    })().catch((err: unknown) => void (signInError = err));

    const asA = { cookie, origin: url, 'content-type': 'application/json' };
    const drain = async (res: Response) => {
      let bytes = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    };
    const t0 = performance.now();
    const dataExport = (async () => {
      await fetch(`${url}/trpc/auth.requestExport`, { method: 'POST', headers: asA, body: '{}' }).then((r) => r.arrayBuffer());
      for (;;) {
        const r = await fetch(`${url}/trpc/auth.exportStatus`, { headers: asA });
        const status = ((await r.json()) as { result: { data: { id: string; status: string } | null } }).result.data;
        if (status?.status === 'failed') throw new Error('data export failed');
        if (status?.status === 'ready') {
          const bytes = await drain(await fetch(`${url}/api/exports/${status.id}`, { headers: asA }));
          return { ms: performance.now() - t0, bytes };
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // A asks for as many as its limit allows at once, seller C for the rest.
    const exports = Promise.all(
      Array.from({ length: parallelExports }, async (_, i) => {
        const [who, run] = i < SELLER_LIMITS.exports.limit ? [asA, runId] : [{ ...asA, cookie: c.cookie }, c.runId];
        const res = await getStreamed(`${url}/api/generations/${run}/export/square`, who);
        if (res.status !== 200) throw new Error(`export ${res.status}`);
        return res.bytes;
      }),
    ).then(() => performance.now() - t0);
    const [exportsMs, data] = await Promise.all([exports, dataExport]);
    done = true;
    await signIns;
    clearInterval(sampler);
    if (signInError) throw signInError;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      idleSignInP95Ms: Math.round(
        percentile(
          [...idleLatencies].sort((a, b) => a - b),
          0.95,
        ),
      ),
      idleMb,
      peakMb,
      exportsMs: Math.round(exportsMs),
      dataExportMs: Math.round(data.ms),
      dataExportMb: Math.round(data.bytes / 1e6),
      signIns: sorted.length,
      signInP50Ms: Math.round(percentile(sorted, 0.5)),
      signInP95Ms: Math.round(percentile(sorted, 0.95)),
      signInMaxMs: Math.round(sorted.at(-1) ?? 0),
    };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchExportsMemory(), null, 2));
}

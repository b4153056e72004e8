import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Issue 33 item 8: 60 API uploads of 9.9 MB held open (all but the last bytes sent) against a
 * server in a child process (embedded database, no job workers), 4 per seller (the in-flight
 * cap) from 15 sellers. Its RSS is read from /proc idle, at the peak while the bodies sit on the
 * server, and after the sockets are gone. Bodies are written to DATA_DIR/tmp/uploads, so the
 * peak should stay within idle + 300 MB (it was +413 MB for one seller when they were held in memory).
 */
export type UploadMemory = { uploads: number; idleMb: number; peakMb: number; afterMb: number; onDiskMb: number };

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

const BODY_BYTES = Math.round(9.9 * 1024 * 1024);

/** One held upload: headers and the whole body but its last 100 bytes; resolves once all of that is written. */
function heldUpload(url: URL, key: string, chunk: Buffer): { socket: Socket; sent: Promise<void> } {
  const boundary = 'benchboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
    'latin1',
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  const sent = (async () => {
    socket.write(
      `POST /api/v1/cutouts HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + BODY_BYTES + tail.length}\r\n\r\n`,
    );
    socket.write(head);
    let left = BODY_BYTES - 100;
    while (left > 0) {
      const part = chunk.subarray(0, Math.min(chunk.length, left));
      left -= part.length;
      if (!socket.write(part)) await once(socket, 'drain');
    }
  })();
  return { socket, sent };
}

export async function benchUploadMemory(sellers = 15, perSeller = 4): Promise<UploadMemory> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./serve-uploads-for-bench.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SELLERS: String(sellers) },
  });
  try {
    const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { url, dataDir, keys } = JSON.parse(first) as { url: string; dataDir: string; keys: string[] };
    await new Promise((r) => setTimeout(r, 1000));
    const idleMb = rssMb(child.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(child.pid!))), 100);
    const chunk = Buffer.alloc(256 * 1024, 7);
    const held = keys.flatMap((key) => Array.from({ length: perSeller }, () => heldUpload(new URL(url), key, chunk)));
    await Promise.all(held.map((h) => h.sent));
    // Wait until the server has taken the bytes in (the files on disk stop growing).
    const tmp = path.join(dataDir, 'tmp', 'uploads');
    const onDisk = () =>
      existsSync(tmp)
        ? readdirSync(tmp).reduce((n, d) => {
            const f = path.join(tmp, d, 'body');
            return n + statSize(f);
          }, 0)
        : 0;
    let last = -1;
    for (let i = 0; i < 600; i++) {
      const now = onDisk();
      if (now === last && now > 0) break;
      last = now;
      await new Promise((r) => setTimeout(r, 500));
    }
    const onDiskMb = Math.round(onDisk() / 1024 / 1024);
    peakMb = Math.max(peakMb, rssMb(child.pid!));
    for (const h of held) h.socket.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    clearInterval(sampler);
    const afterMb = rssMb(child.pid!);
    return { uploads: held.length, idleMb, peakMb, afterMb, onDiskMb };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

function statSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * The server's own memory, idle and under load: the server runs in a child process (embedded
 * database, no job workers) so the load generator and the benchmarks' WASM modules are not
 * counted; its RSS is read from /proc while 200 signed-in connections read their balance.
 */
export type ServerMemory = { idleMb: number; loadedMb: number };

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

export async function benchServerMemory(seconds = 8): Promise<ServerMemory> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./serve-for-bench.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { url, cookie } = JSON.parse(first) as { url: string; cookie: string };
    await new Promise((r) => setTimeout(r, 1000));
    const idleMb = rssMb(child.pid!);
    let loadedMb = idleMb;
    const sampler = setInterval(() => (loadedMb = Math.max(loadedMb, rssMb(child.pid!))), 200);
    await autocannon({ url: `${url}/trpc/credits.balance`, connections: 200, duration: seconds, headers: { cookie } });
    clearInterval(sampler);
    return { idleMb, loadedMb };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

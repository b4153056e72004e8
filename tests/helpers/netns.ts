import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';

const IP = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p));

/** Why a second host cannot be made here (the reason a test skips), or null when it can. */
export function otherHostUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces exist on Linux only';
  if (process.getuid?.() !== 0) return 'not root: creating a network namespace and a veth pair needs root';
  if (!IP) return 'the `ip` command (iproute2) is not installed';
  return null;
}

export type OtherHost = {
  /** This machine's end of the veth pair. */
  hostAddress: string;
  /** The other host's address, as the server sees it. */
  address: string;
  /**
   * A plain TCP relay running inside the other host to `hostAddress:port`: requests sent to the
   * returned base URL reach the server from `address` (a socket from another host, no header added).
   */
  relayTo: (port: number) => Promise<string>;
  close: () => Promise<void>;
};

const RELAY = `
const net = require('node:net');
const [target, port, bind] = process.argv.slice(1);
const srv = net.createServer((c) => {
  const u = net.connect(Number(port), target);
  const end = () => { c.destroy(); u.destroy(); };
  c.pipe(u); u.pipe(c);
  for (const s of [c, u]) { s.on('error', end); s.on('close', end); }
});
srv.listen(0, bind, () => console.log(srv.address().port));
`;

const ip = (...args: string[]) => execFileSync(IP!, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/**
 * A second host on this machine: a network namespace joined to it by a veth pair with a private
 * /30 (10.x.y.z, one not in use here). Nothing is routed beyond the pair.
 */
export async function createOtherHost(): Promise<OtherHost> {
  const id = randomBytes(4).toString('hex');
  const ns = `vt-${id}`;
  const [hostIf, nsIf] = [`vth${id}a`, `vth${id}b`];
  const inUse = ip('-4', 'addr') + ip('-4', 'route');
  let prefix = '';
  for (let i = 0; i < 20 && !prefix; i++) {
    const p = `10.${randomInt(200, 250)}.${randomInt(0, 256)}.`;
    if (!inUse.includes(p)) prefix = p;
  }
  if (!prefix) throw new Error('no free 10.x.y.0/30 for the veth pair');
  const base = 4 * randomInt(0, 63);
  const hostAddress = `${prefix}${base + 1}`;
  const address = `${prefix}${base + 2}`;
  const relays: ChildProcess[] = [];
  const close = async () => {
    for (const r of relays) r.kill();
    try {
      ip('link', 'del', hostIf);
    } catch {
      // not created, or gone with the namespace
    }
    try {
      ip('netns', 'del', ns);
    } catch {
      // not created
    }
  };
  try {
    ip('netns', 'add', ns);
    ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf);
    ip('link', 'set', nsIf, 'netns', ns);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', hostIf);
    ip('link', 'set', hostIf, 'up');
    ip('-n', ns, 'addr', 'add', `${address}/30`, 'dev', nsIf);
    ip('-n', ns, 'link', 'set', nsIf, 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
  } catch (err) {
    await close();
    throw err;
  }
  const relayTo = (port: number) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(IP!, ['netns', 'exec', ns, process.execPath, '-e', RELAY, hostAddress, String(port), address], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      relays.push(child);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)));
      child.stdout!.once('data', (d: Buffer) => resolve(`http://${address}:${String(d).trim()}`));
    });
  return { hostAddress, address, relayTo, close };
}

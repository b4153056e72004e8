import net from 'node:net';

/**
 * A tiny TCP forwarder on 127.0.0.1 to `target` (e.g. PostgreSQL on 5432): what the process under
 * test connects to, so a test can cut the service away (`cut`: every connection dropped, the port
 * closed, connecting refused) and bring it back on the same port (`restore`).
 */
export type Forwarder = { port: number; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> };

export async function startForwarder(target: { host?: string; port: number }, port = 0): Promise<Forwarder> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = async (onPort: number) => {
    const s = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host ?? '127.0.0.1');
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => s.once('error', reject).listen(onPort, '127.0.0.1', () => resolve()));
    server = s;
    return (s.address() as net.AddressInfo).port;
  };
  const bound = await open(port);
  const cut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    port: bound,
    cut,
    restore: async () => {
      if (!server) await open(bound);
    },
    close: cut,
  };
}

/** A port on 127.0.0.1 where nothing listens now. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

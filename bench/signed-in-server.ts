import { rmSync } from 'node:fs';
import { openDatabase } from '../server/db';
import { readEnv } from '../server/env';
import { startServer, type RunningServer } from '../server/index';
import { signUp } from '../server/services/accounts';

export type SignedInServer = { server: RunningServer; userId: string; cookie: string; close: () => Promise<void> };

/** A server for HTTP figures (no job workers) on a fresh database, with one seller signed in over HTTP. */
export async function signedInServer(databaseUrl?: string): Promise<SignedInServer> {
  const dataDir = `/tmp/vitrin-bench-${process.pid}-${Date.now()}`;
  const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 10 } : { pgliteDir: 'memory://' });
  const env = readEnv({
    PORT: '0',
    DATA_DIR: dataDir,
    WORKER_CONCURRENCY: '0',
    ADMIN_EMAIL: 'bench@test.local',
    ADMIN_PASSWORD: 'bench-admin-1',
  } as NodeJS.ProcessEnv);
  const server = await startServer({ env, handle, log: () => {} });
  const email = 'bench-http@example.com';
  const user = await signUp(server.deps.db, { email, password: 'bench-password', fullName: 'Bench', companyName: null, phone: null });
  const signIn = await fetch(`${server.url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const close = async () => {
    await server.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, userId: user.id, cookie, close };
}

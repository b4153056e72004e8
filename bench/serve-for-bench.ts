import { openDatabase } from '../server/db';
import { readEnv } from '../server/env';
import { startServer } from '../server/index';
import { signUp } from '../server/services/accounts';

/** Child of bench/server-memory.ts: serves on an embedded database and prints its URL and a signed-in cookie. */
const dataDir = process.argv[2]!;
const handle = await openDatabase({ pgliteDir: 'memory://' });
const env = readEnv({
  PORT: '0',
  DATA_DIR: dataDir,
  WORKER_CONCURRENCY: '0',
  ADMIN_EMAIL: 'bench@test.local',
  ADMIN_PASSWORD: 'bench-admin-1',
} as NodeJS.ProcessEnv);
const server = await startServer({ env, handle, log: () => {} });
const email = 'bench-memory@example.com';
await signUp(server.deps.db, { email, password: 'bench-password', fullName: 'Bench', companyName: null, phone: null });
const res = await fetch(`${server.url}/trpc/auth.signIn`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.url },
  body: JSON.stringify({ email, password: 'bench-password' }),
});
const cookie = res.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
console.log(JSON.stringify({ url: server.url, cookie }));
process.once(
  'SIGTERM',
  () =>
    void server
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0)),
);

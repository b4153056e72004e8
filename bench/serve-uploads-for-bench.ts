import { rmSync } from 'node:fs';
import { openDatabase } from '../server/db';
import { readEnv } from '../server/env';
import { startServer } from '../server/index';
import { signUp } from '../server/services/accounts';
import { createApiKey } from '../server/services/api-keys';

/**
 * Child of bench/upload-memory.ts: a server on an embedded database (no job workers) with
 * `SELLERS` sellers, each with an API key; prints its URL, data folder and the keys.
 */
const sellers = Number(process.env.SELLERS ?? 15);
const dataDir = `/tmp/vitrin-bench-uploads-${process.pid}`;
const handle = await openDatabase({ pgliteDir: 'memory://' });
const env = readEnv({ PORT: '0', DATA_DIR: dataDir, WORKER_CONCURRENCY: '0', UPLOAD_BODY_TIMEOUT_MS: '600000' } as NodeJS.ProcessEnv);
const server = await startServer({ env, handle, log: () => {} });
const keys: string[] = [];
for (let i = 0; i < sellers; i++) {
  const user = await signUp(server.deps.db, {
    email: `bench-upload-${i}@example.com`,
    password: 'bench-password',
    fullName: 'Bench',
    companyName: null,
    phone: null,
  });
  keys.push((await createApiKey(server.deps.db, user.id, 'bench')).key);
}
console.log(JSON.stringify({ url: server.url, dataDir, keys }));
process.once(
  'SIGTERM',
  () =>
    void server
      .close()
      .then(() => handle.close())
      .then(() => rmSync(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0)),
);

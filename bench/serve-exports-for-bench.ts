import { openDatabase } from '../server/db';
import { readEnv } from '../server/env';
import { startServer } from '../server/index';
import { signUp } from '../server/services/accounts';
import type { ExportsBenchFiles } from './exports-memory';

/**
 * Child of bench/exports-memory.ts: serves on an embedded database with the job workers in this
 * process (WORKER_CONCURRENCY=1, the default deployment shape), over the files the parent wrote
 * into DATA_DIR; records seller A's uploads and runs pointing at them, signs A in and prints the
 * URL, A's cookie, the run to export and the other sellers' addresses.
 */
const files = JSON.parse(process.env.BENCH_FILES!) as ExportsBenchFiles;
const handle = await openDatabase({ pgliteDir: 'memory://' });
const env = readEnv({
  PORT: '0',
  DATA_DIR: process.env.BENCH_DATA_DIR!,
  WORKER_CONCURRENCY: '1',
  TRUST_PROXY: '1',
  ADMIN_EMAIL: 'bench@test.local',
  ADMIN_PASSWORD: 'bench-admin-1',
} as NodeJS.ProcessEnv);
const server = await startServer({ env, handle, log: () => {} });
const { db } = server.deps;
const password = 'bench-password';
const seller = await signUp(db, { email: 'bench-a@example.com', password, fullName: 'Satıcı A', companyName: null, phone: null });
let runId = '';
for (const [i, photo] of files.uploads.entries()) {
  const upload = await db
    .insertInto('uploads')
    .values({
      user_id: seller.id,
      storage_key: photo,
      mime: 'image/jpeg',
      width: files.photoSize.width,
      height: files.photoSize.height,
      size_bytes: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cutout = await db
    .insertInto('cutouts')
    .values({
      upload_id: upload.id,
      user_id: seller.id,
      storage_key: files.cutouts[i]!,
      width: files.photoSize.width,
      height: files.photoSize.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const outputs = files.runs[i]!.map((key, n) => ({ key, thumbKey: key, mime: 'image/jpeg', role: n === 0 ? 'white' : 'scene' }));
  const g = await db
    .insertInto('generations')
    .values({
      user_id: seller.id,
      upload_id: upload.id,
      cutout_id: cutout.id,
      type: 'image',
      status: 'completed',
      credits_used: 1,
      parameters: JSON.stringify({ prompt: 'mermer tezgah' }),
      outputs: JSON.stringify(outputs),
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  runId ||= g.id;
}
// Seller C has one run over A's first files: A alone may ask for only SELLER_LIMITS.exports at once.
const sellerC = await signUp(db, { email: 'bench-c@example.com', password, fullName: 'Satıcı C', companyName: null, phone: null });
const runC = await db
  .insertInto('generations')
  .values({
    user_id: sellerC.id,
    upload_id: (await db.selectFrom('uploads').select('id').where('user_id', '=', seller.id).executeTakeFirstOrThrow()).id,
    type: 'image',
    status: 'completed',
    credits_used: 1,
    parameters: JSON.stringify({ prompt: 'mermer tezgah' }),
    outputs: JSON.stringify(
      files.runs[0]!.map((key, n) => ({ key, thumbKey: key, mime: 'image/jpeg', role: n === 0 ? 'white' : 'scene' })),
    ),
    completed_at: new Date(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const others: string[] = [];
for (let i = 0; i < 5; i++) {
  const email = `bench-b${i}@example.com`;
  await signUp(db, { email, password, fullName: 'Satıcı B', companyName: null, phone: null });
  others.push(email);
}
const cookieOf = async (email: string) => {
  const signIn = await fetch(`${server.url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': '10.9.0.1' },
    body: JSON.stringify({ email, password }),
  });
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};
const cookie = await cookieOf('bench-a@example.com');
const c = { cookie: await cookieOf('bench-c@example.com'), runId: runC.id };
console.log(JSON.stringify({ url: server.url, cookie, runId, c, others, password }));
process.once(
  'SIGTERM',
  () =>
    void server
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0)),
);

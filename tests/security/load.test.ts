import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { balanceOf, ledgerSum } from '../helpers/fixtures';
import { signUp } from '../../server/services/accounts';
import type { RunningServer } from '../../server/index';

/**
 * 200 concurrent clients on PostgreSQL for LOAD_SECONDS (default 60): sign-in, balance reads,
 * uploads and generations (issue "Hardening", section 2). Loopback only, bounded in time.
 * Nothing but the rate limits may refuse a request, and afterwards every balance equals its
 * ledger sum.
 */
const PG = process.env.TEST_DATABASE_URL;
const CLIENTS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

describe.skipIf(!PG)('load (PostgreSQL)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  test(
    `${CLIENTS} clients for ${SECONDS} s: no error beyond the rate limits, balance == sum(ledger) for everyone`,
    async () => {
      const password = validSignUp().password;
      // Accounts made through the real service (argon2 included), a few at a time.
      const emails = Array.from({ length: CLIENTS }, (_, i) => `yuk-${i}@example.com`);
      for (let i = 0; i < CLIENTS; i += 20) {
        await Promise.all(
          emails
            .slice(i, i + 20)
            .map((email) => signUp(server.deps.db, { email, password, fullName: 'Yük Testi', companyName: null, phone: null })),
        );
      }
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8a27a' } })
        .jpeg()
        .toBuffer();

      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      const count = (status: number, what: string, body?: unknown) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200 && status !== 201 && status !== 429) unexpected.push(`${what} ${status} ${JSON.stringify(body).slice(0, 200)}`);
      };
      const deadline = Date.now() + SECONDS * 1000;

      await Promise.all(
        emails.map(async (email, i) => {
          const c = new HttpClient(server.url);
          c.headers['x-forwarded-for'] = `10.66.${Math.floor(i / 250)}.${i % 250}`;
          const signIn = await c.mutate('auth.signIn', { email, password });
          count(signIn.status, 'signIn', signIn.error);
          if (signIn.status !== 200) return;
          const fd = new FormData();
          fd.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'urun.jpg');
          const up = await c.raw('/api/uploads', { method: 'POST', body: fd });
          const upBody = (await up.json()) as { uploadId: string };
          count(up.status, 'upload', upBody);
          let generations = 0;
          for (let n = 0; Date.now() < deadline; n++) {
            const r = await c.query('credits.balance');
            count(r.status, 'balance', r.error);
            // A few generations each (1 credit apiece, well inside the 10 trial credits).
            if (n % 25 === 0 && generations < 3 && up.status === 201) {
              const g = await c.mutate('generations.createImage', {
                uploadId: upBody.uploadId,
                prompt: 'beyaz fon, stüdyo ışığı',
                allowFramed: true,
              });
              count(g.status, 'createImage', g.error);
              generations++;
            }
          }
        }),
      );

      expect(unexpected.slice(0, 5)).toEqual([]);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(CLIENTS * 2);
      const users = await server.deps.db.selectFrom('users').select('id').execute();
      for (const u of users) expect(await ledgerSum(server.deps.db, u.id)).toBe(await balanceOf(server.deps.db, u.id));
      console.log('[load] answers by status:', Object.fromEntries(statuses));
    },
    (SECONDS + 120) * 1000,
  );
});

import { Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db';

export function healthRoutes(db: Db): Router {
  const r = Router();
  r.get('/healthz', async (_req, res) => {
    let dbOk = false;
    try {
      await sql`select 1`.execute(db);
      dbOk = true;
    } catch {
      dbOk = false;
    }
    res.status(dbOk ? 200 : 503).json({ ok: dbOk, db: dbOk });
  });
  return r;
}

import { Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { readiness } from '../services/operations';

/** The probes' paths: the only answers under them come from here, never the web page. */
const PROBES = ['/livez', '/readyz', '/healthz', '/metrics'];

/**
 * The probes (docs/operations.md, Health): `/livez` the process answers; `/readyz` it should get
 * traffic (database, migrations, storage, not draining: 200, else 503 naming what failed);
 * `/healthz` the database answers (kept for existing monitors). Any other path under these names
 * (`/readyz/x`, `/metrics.json`) is a plain 404, never the web page's HTML that a probe would take for 200.
 */
export function healthRoutes(deps: { db: Db; storage: Storage; draining: () => boolean }): Router {
  const r = Router();
  r.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true });
  });
  r.get('/readyz', async (_req, res) => {
    const { ready, checks } = await readiness({ db: deps.db, storage: deps.storage, draining: deps.draining() });
    const failed = Object.entries(checks)
      .filter(([name, ok]) => (name === 'draining' ? ok : !ok))
      .map(([name]) => name);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ ok: ready, checks, ...(failed.length ? { failed } : {}) });
  });
  r.get('/healthz', async (_req, res) => {
    let dbOk = false;
    try {
      await sql`select 1`.execute(deps.db);
      dbOk = true;
    } catch {
      dbOk = false;
    }
    res.status(dbOk ? 200 : 503).json({ ok: dbOk, db: dbOk });
  });
  return r;
}

/** After every route: a request under a probe's name that nothing answered is 404 in plain text. */
export function probeNotFound(): Router {
  const r = Router();
  r.use((req, res, next) => {
    const path = req.path;
    if (!PROBES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`))) return next();
    res.locals.route = '(probe-unknown)';
    res.status(404).type('text/plain').send('Not found\n');
  });
  return r;
}

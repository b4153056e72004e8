import { expect } from 'vitest';
import { rmSync } from 'node:fs';
import { startServer, type RunningServer, type StartOptions } from '../../server/index';
import { readEnv } from '../../server/env';
import { silentLogger } from '../../server/lib/log';
import { openDatabase } from '../../server/db';
import { freshDatabase } from './db';
import type { ApiError, ApiResult, InputOf, MutationPath, OutputOf, QueryPath } from './api';
import type { AppCode } from '../../shared/constants';

/** The whole server on an ephemeral port over a fresh database; `close` tears both down. */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
  opts: {
    log?: (line: string) => void;
    listenHost?: string;
    webhookSender?: StartOptions['webhookSender'];
    /** Request and job lines (default: none). */
    logger?: StartOptions['logger'];
    clientDir?: string;
    /** A database opened by the test (e.g. through a TCP forwarder it can cut); closed by the test. */
    handle?: StartOptions['handle'];
  } = {},
): Promise<RunningServer> {
  const handle = opts.handle ?? (await freshDatabase());
  const env = readEnv({
    PORT: '0',
    DATA_DIR: `/tmp/vitrin-test-${process.pid}-${Date.now()}`,
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-secret-1',
    WORKER_CONCURRENCY: '1',
    // Tests read e-mails from the log and the outbox, also those run as production.
    EMAIL_LOG_LINKS: 'true',
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  const running = await startServer({
    env,
    handle,
    log: opts.log ?? (() => {}),
    logger: opts.logger ?? silentLogger,
    clientDir: opts.clientDir,
    listenHost: opts.listenHost,
    webhookSender: opts.webhookSender,
  });
  return {
    ...running,
    close: async (closeOpts) => {
      await running.close(closeOpts);
      if (!opts.handle) await handle.close();
      if (env.DATA_DIR.startsWith('/tmp/vitrin-test-')) rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process-alike over the SAME database as `first`: on Postgres it opens its own
 * connection pool to that database; on PGlite (one in-memory instance) it shares the handle.
 */
export async function startSecondServer(first: RunningServer, envOverrides: Record<string, string> = {}): Promise<RunningServer> {
  const url = (first.handle as { url?: string }).url;
  const handle = url ? await openDatabase({ databaseUrl: url, poolSize: 5 }) : first.handle;
  const env = readEnv({
    PORT: '0',
    DATA_DIR: first.deps.env.DATA_DIR, // the same storage, as a second process would have
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-secret-1',
    WORKER_CONCURRENCY: '1',
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  const running = await startServer({ env, handle, log: () => {}, logger: silentLogger });
  return {
    ...running,
    close: async () => {
      await running.close();
      if (url) await handle.close();
    },
  };
}

/** A tRPC answer over HTTP as `ApiResult` (see there for why both fields are typed as present). */
async function answerOf<T>(res: Response): Promise<ApiResult<T>> {
  const body = (await res.json()) as { result?: { data: T }; error?: ApiError };
  return { status: res.status, data: body.result?.data as T, error: body.error as ApiError };
}

/** Keeps the cookies of `Set-Cookie` lines in `jar` as a browser would (a cleared or expired one is dropped). */
export function keepSetCookies(jar: Map<string, string>, lines: string[]): void {
  for (const c of lines) {
    const [pair = ''] = c.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (/max-age=0/i.test(c) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** A tiny cookie-keeping client for tRPC over real HTTP, sending a same-site Origin. */
export class HttpClient {
  cookies = new Map<string, string>();
  /** Extra headers sent with every request (e.g. X-Forwarded-For with TRUST_PROXY=1). */
  headers: Record<string, string> = {};
  /** The raw Set-Cookie lines of the last response. */
  lastSetCookies: string[] = [];
  constructor(
    readonly base: string,
    public origin: string | null = base,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(res: Response) {
    this.lastSetCookies = res.headers.getSetCookie();
    keepSetCookies(this.cookies, this.lastSetCookies);
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) if (!headers.has(k)) headers.set(k, v);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (this.origin && init.method && init.method !== 'GET') headers.set('origin', this.origin);
    const res = await fetch(this.base + path, { ...init, headers });
    this.keepCookies(res);
    return res;
  }

  async query<P extends QueryPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>> {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const res = await this.raw(`/trpc/${proc}${qs}`);
    return answerOf<OutputOf<P>>(res);
  }

  /** For tests of refused input: `input` is sent as it is, not held to the procedure's input type. */
  async queryUnchecked<P extends QueryPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>> {
    return this.query(proc, input as InputOf<P>);
  }

  /** The cookie header this client would send (for WebSocket upgrades). */
  cookieString(): string {
    return this.cookieHeader();
  }

  async mutate<P extends MutationPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>> {
    const res = await this.raw(`/trpc/${proc}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input ?? {}),
    });
    return answerOf<OutputOf<P>>(res);
  }

  /** For tests of refused input: `input` is sent as it is, not held to the procedure's input type. */
  async mutateUnchecked<P extends MutationPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>> {
    return this.mutate(proc, input as InputOf<P>);
  }
}

/** What POST /api/uploads answers: the upload (201), or the REST error body; the status says which. */
export type UploadAnswer = {
  uploadId: string;
  url: string;
  width: number;
  height: number;
  error: { message: string; data: { appCode: AppCode } };
};

/** POST /api/uploads (multipart field `file`) as this client: the status and the JSON answer. */
export async function upload(c: HttpClient, bytes: Buffer, name: string, type = 'image/jpeg') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await c.raw('/api/uploads', { method: 'POST', body: fd });
  return { status: res.status, body: (await res.json()) as UploadAnswer };
}

/** The same for a photo that must be accepted: asserts 201 and returns the upload. */
export async function uploaded(c: HttpClient, bytes: Buffer, name: string) {
  const r = await upload(c, bytes, name);
  expect(r.status).toBe(201);
  const { uploadId, url, width, height } = r.body;
  return { uploadId, url, width, height };
}

export const validSignUp = (email = 'ayse@example.com') => ({
  fullName: 'Ayşe Yılmaz',
  email,
  password: 'gizli-sifre',
  confirmPassword: 'gizli-sifre',
  companyName: 'Ahşap Atölyesi',
  phone: '+90 555 000 00 00',
  acceptTerms: true as const,
});

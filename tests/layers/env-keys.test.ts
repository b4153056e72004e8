import { expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ZEnv } from '../../server/env';

// Issue 36: the environment is read in one place (server/env.ts, which validates it) and every key is
// documented in .env.example.

const root = new URL('../../', import.meta.url).pathname;

/** Reads of process.env outside server/env.ts that are still to move there (another change is moving them). */
const READ_ELSEWHERE: { file: string; key: string; why: string }[] = [
  { file: 'server/studio/pool.ts', key: 'STUDIO_THREADS', why: 'read where the pool is made; server/env.ts is to parse it and pass it in' },
  { file: 'server/studio/pool.ts', key: 'STUDIO_THREADS_PER_SELLER', why: 'as STUDIO_THREADS' },
  { file: 'server/email/links.ts', key: 'PUBLIC_URL', why: 'the fallback when a caller passes no Env; to be passed in' },
  { file: 'server/email/links.ts', key: 'PORT', why: 'as PUBLIC_URL' },
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every `process.env` in server/: the key read (`*` when the whole object is used). */
function envReads(): { file: string; key: string }[] {
  return files(join(root, 'server')).flatMap((f) => {
    const file = relative(root, f);
    return [...readFileSync(f, 'utf8').matchAll(/process\.env(?:\.([A-Z0-9_]+)|\[['"]([A-Z0-9_]+)['"]\])?/g)].map((m) => ({
      file,
      key: m[1] ?? m[2] ?? '*',
    }));
  });
}

const example = readFileSync(join(root, '.env.example'), 'utf8');
const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

test('every process.env read in server/ goes through server/env.ts or is listed with a reason', () => {
  const reads = envReads();
  expect(reads.length).toBeGreaterThan(0);
  const outside = reads.filter((r) => r.file !== 'server/env.ts' && !READ_ELSEWHERE.some((a) => a.file === r.file && a.key === r.key));
  expect(outside).toEqual([]);
  // env.ts reads the whole environment, never one key past its schema (readEnv and readEnvOrExit).
  expect(new Set(reads.filter((r) => r.file === 'server/env.ts').map((r) => r.key))).toEqual(new Set(['*']));
});

test('.env.example lists every key server/env.ts knows, and every key read elsewhere', () => {
  const keys = [...Object.keys(ZEnv.shape), ...READ_ELSEWHERE.map((r) => r.key)];
  expect(keys.filter((k) => !documented.has(k))).toEqual([]);
});

test('.env.example lists no key the server does not read', () => {
  const known = new Set([...Object.keys(ZEnv.shape), ...READ_ELSEWHERE.map((r) => r.key)]);
  expect([...documented].filter((k) => !known.has(k))).toEqual([]);
});

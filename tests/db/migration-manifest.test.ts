import { expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrations } from '../../migrations';
import { ROOT } from '../helpers/process';

/**
 * Issue 33 item 2: a migration on main is never edited (Kysely never runs it again, so a database
 * made by its first version keeps the old schema). migrations/manifest.json holds each migration
 * file's SHA-256. A NEW migration is added to migrations/index.ts and to the manifest with the line
 * this test prints; a listed one is never changed or removed: write a new migration instead.
 */
const dir = path.join(ROOT, 'migrations');
const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
const files = readdirSync(dir).filter((f) => /^\d{4}-\d\d-\d\dT.*\.ts$/.test(f));
const hashOf = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(dir, file)))
    .digest('hex');

test('every listed migration is still there, byte for byte', () => {
  for (const [file, hash] of Object.entries(manifest)) {
    expect(files, `${file} is listed in migrations/manifest.json but gone: a landed migration is never removed`).toContain(file);
    expect(hashOf(file), `${file} changed after it landed: undo the edit and write a new migration instead`).toBe(hash);
  }
});

test('every migration file is listed in the manifest and in migrations/index.ts', () => {
  for (const file of files) {
    expect(manifest[file], `new migration ${file}: add  "${file}": "${hashOf(file)}"  to migrations/manifest.json`).toBeDefined();
  }
  expect(Object.keys(migrations).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
});

import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgTemplate, dropPgDatabase, pgliteTemplateTarball } from './db-template';

/**
 * Once per `vitest` run, before any test file: migrate one template database, which every
 * `freshDatabase()` then copies (PGlite: `loadDataDir` from a tarball; PostgreSQL:
 * `create database … template`). Starting and migrating a PGlite takes 15–25 s on a busy
 * machine; a copy takes 2–6 s (docs/decisions.md D44).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = await createPgTemplate(serverUrl);
    project.provide('pgTemplate', name);
    return () => dropPgDatabase(serverUrl, name);
  }
  const file = join(tmpdir(), `vitrin-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, await pgliteTemplateTarball());
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

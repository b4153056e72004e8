import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/process';

/**
 * Every place that ends live sessions announces them (`announceEndedSessions`), which drops them from the
 * session cache of this process at once and of every other process through the bus, and closes their
 * sockets (docs/decisions.md D59). An ending that is not announced would leave the
 * session usable for the cache's few seconds in every process that had it cached.
 */
const ENDS = /deleteFrom\(\s*'(admin_)?sessions'\s*\)|\bdeleteSession\(|\bdeleteOwnerSessions\(/g;
const ANNOUNCES = /\bannounceEndedSessions\(/g;
/** Defines the deletions; its own deletes remove rows already invalid (expired, bad owner) or are the sweep's. */
const DEFINES = 'server/auth/sessions.ts';

function serverFiles(dir = path.join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(ROOT, full)] : [];
  });
}

describe('session endings are announced', () => {
  const files = serverFiles().filter((f) => f !== DEFINES);
  const ending = files
    .map((file) => {
      const code = readFileSync(path.join(ROOT, file), 'utf8');
      const calls = code.replace(/^import .*$/gm, '');
      return { file, ends: (calls.match(ENDS) ?? []).length, announces: (calls.match(ANNOUNCES) ?? []).length };
    })
    .filter((f) => f.ends > 0);

  test('the scan finds the known endings (sign-in, sign-out, password, disable, deletion)', () => {
    expect(ending.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'server/routers/auth.ts',
        'server/routers/admin/index.ts',
        'server/services/accounts.ts',
        'server/services/password-reset.ts',
        'server/services/admin/users.ts',
        'server/services/account-deletion.ts',
      ]),
    );
  });

  test('each file announces at least as many times as it ends sessions', () => {
    const silent = ending.filter((f) => f.announces < f.ends);
    expect(silent, JSON.stringify(silent)).toEqual([]);
  });
});

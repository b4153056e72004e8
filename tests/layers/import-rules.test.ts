import { expect, test } from 'vitest';
import { ESLint } from 'eslint';

// eslint.config.js keeps the server's layers (docs/architecture.md): an import of a layer above fails
// the lint. Checked on code that is linted as if it stood at the named path (nothing is written).
const eslint = new ESLint({
  // The layer rules need no types; the type-aware rules would look for these paths in tsconfig.json.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
  },
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports') || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

test.each([
  ['server/db/probe.ts', "import { getSettings } from '../services/settings';\nexport const x = getSettings;\n"],
  ['server/providers/payments/probe.ts', "import { tryPriceCents } from '../../services/prices';\nexport const x = tryPriceCents;\n"],
  ['server/email/probe.ts', "import { getSettings } from '../services/settings';\nexport const x = getSettings;\n"],
  ['server/services/probe.ts', "import { DataExportWorker } from '../jobs/data-exports';\nexport const x = DataExportWorker;\n"],
  ['server/trpc/probe.ts', "import { appRouter } from '../routers';\nexport const x = appRouter;\n"],
  ['server/services/admin/probe.ts', "import { createApp } from '../../app';\nexport const x = createApp;\n"],
  [
    'server/http/probe.ts',
    "import type { Db } from '../db';\nexport const q = (db: Db) => db.selectFrom('users').selectAll().execute();\n",
  ],
])('%s: an upward import (or a query above services) fails the lint', async (filePath, code) => {
  expect(await layerErrors(filePath, code)).not.toEqual([]);
});

test.each([
  ['server/services/probe.ts', "import { claimLeased } from '../db/lease';\nexport const x = claimLeased;\n"],
  ['server/http/probe.ts', "import { appRouter } from '../routers';\nexport const x = appRouter;\n"],
  ['server/email/probe.ts', "import { PollLoop } from '../lib/poll-loop';\nexport const x = PollLoop;\n"],
])('%s: a downward import passes', async (filePath, code) => {
  expect(await layerErrors(filePath, code)).toEqual([]);
});

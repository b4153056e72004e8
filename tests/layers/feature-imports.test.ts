import { expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// docs/architecture.md: a page folder (client/features/app/<page>, client/features/admin/<page>) never
// imports another page folder's parts; what two pages share lives in their area's common/ folder or in
// client/features/common.

const root = new URL('../../', import.meta.url).pathname;
const AREAS = ['client/features/app', 'client/features/admin'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The page folder a repository path belongs to (`client/features/app/billing`), or undefined. */
function pageOf(path: string): string | undefined {
  for (const area of AREAS) {
    const rest = path.startsWith(`${area}/`) ? path.slice(area.length + 1).split('/') : [];
    if (rest.length > 1 && rest[0] !== 'common') return `${area}/${rest[0]}`;
  }
  return undefined;
}

/** Imports from `file` (repository path) into another page folder. */
function crossPageImports(file: string, text: string): string[] {
  const own = pageOf(file);
  if (!own) return [];
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => relative(root, resolve(root, dirname(file), m[1]!)))
    .filter((target) => {
      const page = pageOf(`${target}.ts`) ?? pageOf(target);
      return page !== undefined && page !== own;
    });
}

test('the check sees an import of another page folder, and allows common/', () => {
  const f = 'client/features/app/subscription/SubscriptionPage.tsx';
  expect(crossPageImports(f, "import { useDashboard } from '../dashboard/useDashboard';")).toEqual([
    'client/features/app/dashboard/useDashboard',
  ]);
  expect(crossPageImports(f, "import { useDashboard } from '../../common/useDashboard';")).toEqual([]);
  expect(crossPageImports(f, "import { CopyField } from '../../common/CopyField';")).toEqual([]);
  expect(crossPageImports(f, "import { X } from './CurrentPlanCard';")).toEqual([]);
});

test('no page folder imports another page folder', () => {
  const found = AREAS.filter((a) => existsSync(join(root, a))).flatMap((area) =>
    files(join(root, area)).flatMap((f) => {
      const file = relative(root, f);
      return crossPageImports(file, readFileSync(f, 'utf8')).map((t) => `${file} → ${t}`);
    }),
  );
  expect(found).toEqual([]);
});

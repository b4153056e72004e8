import { readFileSync } from 'node:fs';

/**
 * JavaScript budgets per first visit (issue "Speed and accessibility"), measured by size-limit
 * with brotli as served. Which chunks a route loads comes from Vite's build manifest: the entry,
 * the route's lazily loaded modules, and everything they import statically.
 */
const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));

function chunksOf(...modules) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`size-limit: ${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  ['index.html', ...modules].forEach(visit);
  return [...seen].map((key) => `dist/client/${manifest[key].file}`);
}

export default [
  { name: 'First visit to / (landing)', path: chunksOf('client/features/landing/LandingPage.tsx'), limit: '200 KiB' },
  { name: 'First visit to /pricing', path: chunksOf('client/features/pricing/PricingPage.tsx'), limit: '200 KiB' },
  {
    name: 'Seller dashboard /app',
    path: chunksOf('client/layouts/CustomerLayout.tsx', 'client/features/app/dashboard/DashboardPage.tsx'),
    limit: '260 KiB',
  },
  {
    name: 'Admin dashboard /admin',
    path: chunksOf('client/layouts/AdminLayout.tsx', 'client/features/admin/dashboard/AdminDashboardPage.tsx'),
    limit: '400 KiB',
  },
];

/**
 * Prints the JavaScript each route of the web app downloads (gzipped), from the Vite manifest of
 * the last build: the entry chunk and its static imports, plus the route's lazy chunks and theirs.
 * Chunks a route loads only on demand later (Ace on the settings page) are listed separately.
 *
 *   npm run build && npm run bench:web-size
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The login page's budget (the web issue): 250 KB of gzipped JavaScript. */
const LOGIN_BUDGET_KB = 250;

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const routes: Record<string, string[]> = {
  '/login': ['src/app/routes/login.tsx'],
  '/register': ['src/app/routes/register.tsx'],
  '/forgot-password': ['src/app/routes/forgot-password.tsx'],
  '/reset-password': ['src/app/routes/reset-password.tsx'],
  '/admin': ['src/app/routes/admin-layout.tsx', 'src/app/routes/dashboard.tsx'],
  '/admin/profile': ['src/app/routes/admin-layout.tsx', 'src/app/routes/profile.tsx'],
  '/admin/settings': ['src/app/routes/admin-layout.tsx', 'src/app/routes/settings.tsx'],
  '/admin/templates': ['src/app/routes/admin-layout.tsx', 'src/app/routes/templates.tsx'],
  '/admin/pricing': ['src/app/routes/admin-layout.tsx', 'src/app/routes/pricing.tsx'],
  '/admin/subscription': ['src/app/routes/admin-layout.tsx', 'src/app/routes/subscription.tsx'],
  '/admin/templates/:templateName': [
    'src/app/routes/admin-layout.tsx',
    'src/app/routes/template-details.tsx',
  ],
  '/some/unknown/path': ['src/app/routes/not-found.tsx'],
};

const gzipKb = new Map<string, number>();
const sizeOf = (file: string) => {
  let kb = gzipKb.get(file);
  if (kb === undefined) {
    kb = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
    gzipKb.set(file, kb);
  }
  return kb;
};

/** A chunk and everything it imports statically (what the browser fetches together). */
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  chunk.imports?.forEach((child) => closure(child, seen));
  return seen;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');

const files = (keys: Iterable<string>) =>
  new Set([...keys].map((key) => manifest[key]?.file).filter((f): f is string => Boolean(f)));
const total = (set: Set<string>) => [...set].reduce((sum, file) => sum + sizeOf(file), 0);

const rows = Object.entries(routes).map(([route, modules]) => {
  const keys = closure(entryKey);
  modules.forEach((module) => closure(module, keys));
  const loaded = files(keys);
  const onDemand = new Set<string>();
  for (const key of keys) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      if (!modules.includes(dynamic) && !dynamic.startsWith('src/app/routes/')) {
        files(closure(dynamic)).forEach((file) => !loaded.has(file) && onDemand.add(file));
      }
    }
  }
  return { route, kb: total(loaded), chunks: loaded.size, onDemandKb: total(onDemand) };
});

console.log('JavaScript per route (gzipped, from apps/web/dist):\n');
console.log(
  `${'route'.padEnd(34)}${'initial KB'.padStart(12)}${'chunks'.padStart(8)}${'on demand KB'.padStart(15)}`,
);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(34)}${row.kb.toFixed(1).padStart(12)}${String(row.chunks).padStart(8)}${row.onDemandKb.toFixed(1).padStart(15)}`,
  );
}
const login = rows.find((row) => row.route === '/login');
if (login) {
  const verdict = login.kb <= LOGIN_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\n/login loads ${login.kb.toFixed(1)} KB: ${verdict} the ${LOGIN_BUDGET_KB} KB budget.`,
  );
  if (login.kb > LOGIN_BUDGET_KB) process.exitCode = 1;
}

// The route weight check of `npm test` (issue 19, ADR 024): reads the Vite manifest of the build the browser tests
// just made (BUILD_DIR, default dist/) and fails when a route's initial JS (gzip: the entry's and the page's
// static imports) passes 120 KB, or a route still above it passes its recorded ceiling, or a route fetches more than
// 12 files first (bench/lib/web.mjs).
import fs from 'node:fs';
import path from 'node:path';
import {
  ROUTE_JS_BUDGET,
  ROUTE_JS_CEILINGS,
  ROUTE_JS_FILES_BUDGET,
  initialJs,
  routeBudgetViolations,
  routeJs,
} from '../bench/lib/web.mjs';

const webDir = path.join(process.env.BUILD_DIR ?? 'dist', 'web');
if (!fs.existsSync(path.join(webDir, '.vite/manifest.json'))) {
  console.error(`No Vite manifest in ${webDir}: build first (npm run build).`);
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const routes = routeJs(webDir);
const landing = initialJs(webDir);
routes['(landing)'] = landing;
for (const [route, r] of Object.entries(routes).sort(([, a], [, b]) => b.gzip - a.gzip)) {
  const ceiling = ROUTE_JS_CEILINGS[route];
  const note = ceiling ? `  (over the budget; ceiling ${ceiling} KB)` : '';
  console.log(`${kb(r.gzip).padStart(9)} ${String(r.files.length).padStart(3)} files  ${route}${note}`);
}
const bad = routeBudgetViolations(routes);
if (bad.length) {
  for (const b of bad) {
    console.error(
      `✗ ${b.route}: ${kb(b.gzip)} of initial JS in ${b.files} files, allowed ${kb(b.allowed)} in ${ROUTE_JS_FILES_BUDGET}`,
    );
  }
  process.exit(1);
}
console.log(`Every route within ${kb(ROUTE_JS_BUDGET)} (or its recorded ceiling) and ${ROUTE_JS_FILES_BUDGET} files.`);

// Writes lock entries for the native packages of other platforms that this machine's npm registry does not serve.
//
// Tailwind's oxide engine ships one optional package per platform. The registry reachable here answers 404 for the
// ones this machine cannot use, so `npm install` leaves them out of package-lock.json, and `npm ci` then refuses the
// lock as out of sync ("Missing: @tailwindcss/oxide-darwin-arm64@ from lock file"). The entries below are what a
// full registry records: npm ci skips them on a platform they do not fit (os/cpu), so nothing is downloaded, and on
// such a platform the registry serves them. Run after changing the tailwindcss version: `node scripts/lock-platform-packages.mjs`.
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
if (!oxide) throw new Error('@tailwindcss/oxide is not in the lock file');
let added = 0;
for (const [name, version] of Object.entries(oxide.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = name.replace('@tailwindcss/oxide-', '');
  const [os, cpu] = platform === 'wasm32-wasi' ? [null, 'wasm32'] : platform.split('-');
  lock.packages[key] = {
    version,
    resolved: `https://registry.npmjs.org/${name}/-/oxide-${platform}-${version}.tgz`,
    cpu: [cpu],
    dev: true,
    license: 'MIT',
    optional: true,
    ...(os ? { os: [os] } : {}),
    engines: { node: '>= 20' },
  };
  added += 1;
}
const { '': root, ...rest } = lock.packages;
lock.packages = { '': root, ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))) };
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform package entries added`);

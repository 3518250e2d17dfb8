// `npm start`: builds what is missing or out of date, then runs the server (PGlite in ./data by default).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const stamp = 'dist/.build-stamp';

function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(p));
    else if (!/\.test\.tsx?$/.test(entry.name)) max = Math.max(max, fs.statSync(p).mtimeMs);
  }
  return max;
}

const sourcesChanged = () => {
  if (!fs.existsSync(stamp) || !fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/web/index.html'))
    return true;
  const built = fs.statSync(stamp).mtimeMs;
  // The build's own configuration counts too (vite.config.ts writes the compressed assets, for one).
  const configs = ['package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs']
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.statSync(f).mtimeMs);
  return Math.max(newest('src'), newest('drizzle'), ...configs) > built;
};

if (sourcesChanged()) {
  console.log('Building CrowdMix…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run dev`: the API with tsx watch on :5000 and Vite with hot reload on :5173 (proxying /api and /ws).
import { spawn } from 'node:child_process';

const env = { NODE_ENV: 'development', ...process.env };
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
console.log('\n  CrowdMix dev → http://localhost:5173 (API on :5000)\n');
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

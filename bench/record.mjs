// Renders bench/results/latest.json as bench/RESULTS.md (the committed copy of the last full run's table).
// Usage: node bench/record.mjs
import fs from 'node:fs';
import { renderTable } from './lib/util.mjs';

const r = JSON.parse(fs.readFileSync('bench/results/latest.json', 'utf8'));
const m = r.machine;
const pgVersion = m.postgres ? m.postgres.split(' on ')[0] : 'PGlite only';
const sizes = Object.entries(r.sizes)
  .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
  .join(', ');
const text = `# Benchmark results

\`npm run bench${r.driver === 'pglite' ? ' -- --pglite' : ''}${r.quick ? ' -- --quick' : ''}\` on ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${Math.round(r.seconds / 60)} min.

- Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB RAM, shared with other jobs (load average 15–25 during the run).
- Node ${m.node}; ${pgVersion}; PGlite ${m.pglite}.
- Data: ${sizes}.
- Each ratio: ${r.rounds} rounds of ${r.duration} s, figure and baseline alternating, median of the per-round ratios.

${renderTable(r.rows)}

Every round's numbers are in \`bench/results/latest.json\` when you run it yourself. What the scenarios measure:
[bench/README.md](README.md).
`;
fs.writeFileSync('bench/RESULTS.md', text);
console.log(text);

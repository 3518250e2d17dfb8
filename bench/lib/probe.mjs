// `node bench/lib/probe.mjs <url> <seconds>`: GETs <url> one request after another (keep-alive) for <seconds>
// and prints every latency in ms as a JSON array. Run as its own process, so that the figure is what a client
// sees of the server, not of the benchmark's own busy event loop.
import http from 'node:http';

const [url, seconds] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
const until = performance.now() + Number(seconds) * 1000;

function once() {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t));
      })
      .on('error', reject);
  });
}

while (performance.now() < until) {
  times.push(await once());
  await new Promise((r) => setTimeout(r, 5));
}
agent.destroy();
process.stdout.write(JSON.stringify(times));

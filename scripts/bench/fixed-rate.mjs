// The fixed-rate departures load of the live benchmark (server.ts fixedRateLoad), in a process of
// its own that does nothing else. Measured from the benchmark's own process, the load paused for
// that process's garbage collections (10-20 ms every few seconds, with its heap and a promise kept
// per request), and the pauses read as the server's. Plain JavaScript, so no compiler's heap is
// loaded beside it; collected once before it starts, and nothing kept per request but its time in
// one preallocated array, so no full collection falls inside the run. Each request is timed from
// the moment it was due (no coordinated omission), or from when it was sent if the timer sent it
// early. Its input ({ baseUrl, paths, rate, seconds }) is the first message; it answers
// { startWall, latencies } (NaN: failed) and goes.
import { Agent, get } from 'node:http';

const input = await new Promise((resolve) => process.once('message', resolve));
const { hostname, port } = new URL(input.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const total = Math.round(input.rate * input.seconds);
const latencies = new Float64Array(total).fill(Number.NaN);
const headers = { 'accept-encoding': 'gzip, deflate, br' };
const ignore = () => undefined;
let done = 0;
let finish = ignore;
const finished = new Promise((resolve) => {
  finish = resolve;
});
const settle = () => {
  done++;
  if (done === total) finish();
};
globalThis.gc?.();
const start = performance.now() + 50;
const startWall = Date.now() + 50;

function one(i) {
  const from = Math.max(start + (i * 1000) / input.rate, performance.now());
  const request = get(
    { agent, host: hostname, port, path: input.paths[i % input.paths.length], headers, timeout: 10_000 },
    (response) => {
      response.on('data', ignore);
      response.on('end', () => {
        if (response.statusCode !== undefined && response.statusCode < 300)
          latencies[i] = performance.now() - from;
        settle();
      });
    },
  );
  request.on('timeout', () => request.destroy(new Error('timed out')));
  request.on('error', settle);
}

for (let i = 0; i < total; i++) {
  const wait = start + (i * 1000) / input.rate - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  one(i);
}
await finished;
agent.destroy();
process.send({ startWall, latencies: [...latencies] }, () => process.disconnect());

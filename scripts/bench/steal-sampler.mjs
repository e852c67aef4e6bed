// The host's steal, timed (live benchmark, live.ts interleaved): on a virtual machine the host
// may keep a core from it for tens of milliseconds ("steal" in /proc/stat), and every answer
// waiting then waits that long, whichever server it asked. This process reads /proc/stat every
// 2 ms and notes each moment a core's steal grew: [from, to] (wall-clock ms, the two readings
// around it). Plain JavaScript, nothing else running in it. Its first message is { cores } (the
// cores to watch, e.g. ['0', '1']); the message 'stop' makes it answer { moments } and go.
import { readFileSync } from 'node:fs';

const { cores } = await new Promise((resolve) => process.once('message', resolve));
const names = cores.map((c) => `cpu${c} `);
const moments = [];
function read() {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  return names.map((name) =>
    Number(
      lines
        .find((l) => l.startsWith(name))
        ?.trim()
        .split(/\s+/)[8] ?? 0,
    ),
  );
}
let last = read();
let lastAt = Date.now();
const timer = setInterval(() => {
  const now = read();
  const at = Date.now();
  if (now.some((v, i) => v > last[i])) moments.push([lastAt, at]);
  last = now;
  lastAt = at;
}, 2);
process.once('message', () => {
  clearInterval(timer);
  process.send({ moments }, () => process.disconnect());
});

/**
 * Asks a server's /healthz every 20 ms until its standard input closes, then prints the
 * answers' times as JSON ({ sentAt: ms after start, took: ms }[]) on standard output.
 *
 * A process of its own, as a visitor's client is: the bench's own process holds the national
 * timetable and the figures of earlier phases, and its garbage collection would be counted as
 * the server's pauses.
 */
const base = process.argv[2];
if (!base) throw new Error('usage: node healthz-poller.mjs <base url>');
// One question first, not counted: the client's own start (its connection, its compiled code).
await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
const answers = [];
const started = performance.now();
let asking = true;
process.stdin.on('end', () => {
  asking = false;
});
process.stdin.resume();
while (asking) {
  const t = performance.now();
  try {
    await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer());
  } catch {
    // A timeout counts as its full 30 s.
  }
  answers.push({ sentAt: t - started, took: performance.now() - t });
  await new Promise((r) => setTimeout(r, 20));
}
process.stdout.write(JSON.stringify(answers));

#!/usr/bin/env node
// Prints the gzip size of what a first visit downloads before the timetable home can render:
// the entry script, the stylesheets and the modulepreloaded chunks that dist/index.html names.
// Fails (exit 1) above the budget. Lazy chunks (other pages, the calendar, admin) don't count.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 80 * 1024;
// The build folder: packages/web/dist, or the one given as the first argument.
const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** Every local asset the page loads up front: module scripts, modulepreloads and stylesheets. */
function initialAssets(page) {
  const assets = new Set();
  for (const [tag] of page.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^(?:[a-z]+:)?\/\//i.test(src) || src.startsWith('data:')) continue;
    const isScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') assets.add(src.replace(/^\//, ''));
  }
  return [...assets];
}

const rows = initialAssets(html).map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
if (rows.length === 0) {
  console.error('bundle-size: dist/index.html names no scripts or stylesheets');
  process.exit(1);
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const width = Math.max(...rows.map((r) => r.file.length));
console.log('Initial public JS+CSS (what the timetable home loads first):');
for (const r of rows)
  console.log(`  ${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const js = rows.filter((r) => r.file.endsWith('.js')).reduce((sum, r) => sum + r.gzip, 0);
console.log(`  total gzip ${kb(total)} (JS ${kb(js)}, CSS ${kb(total - js)}); budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error(`bundle-size: the initial bundle is ${kb(total - BUDGET_BYTES)} over budget`);
  process.exit(1);
}

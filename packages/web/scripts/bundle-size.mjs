#!/usr/bin/env node
// Prints the gzip size of what a first visit downloads before the timetable home can render:
// the entry script, the stylesheets and the modulepreloaded chunks that dist/index.html names,
// plus the message catalogue of the visitor's language (i18n/index.ts fetches it before the
// first render; the larger of the two counts). Fails (exit 1) above the budget. Lazy chunks
// (other pages and their texts, the calendar, admin) don't count.
// Then the same for the stop widget other sites frame (dist/embed.html, issue 42): its entry, its
// stylesheet and the larger of its two language chunks, under a budget of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 80 * 1024;
const WIDGET_BUDGET_BYTES = 12 * 1024;
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

const measure = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const rows = initialAssets(html).map(measure);
if (rows.length === 0) {
  console.error('bundle-size: dist/index.html names no scripts or stylesheets');
  process.exit(1);
}
// The home's catalogues: assets/en-<hash>.js and assets/lt-<hash>.js (not the *-pages ones).
const catalogues = readdirSync(join(dist, 'assets'))
  .filter((name) => /^(?:en|lt)-[\w-]{8}\.js$/.test(name))
  .map((name) => measure(`assets/${name}`));
if (catalogues.length !== 2) {
  console.error(`bundle-size: expected the en and lt catalogue chunks, found ${catalogues.length}`);
  process.exit(1);
}
for (const c of catalogues) console.log(`  (catalogue ${c.file}: gzip ${(c.gzip / 1024).toFixed(2)} KB)`);
rows.push(catalogues.reduce((a, b) => (b.gzip > a.gzip ? b : a)));

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const width = Math.max(...rows.map((r) => r.file.length));
console.log('Initial public JS+CSS (what the timetable home loads first, with the larger catalogue):');
for (const r of rows)
  console.log(`  ${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const js = rows.filter((r) => r.file.endsWith('.js')).reduce((sum, r) => sum + r.gzip, 0);
console.log(`  total gzip ${kb(total)} (JS ${kb(js)}, CSS ${kb(total - js)}); budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error(`bundle-size: the initial bundle is ${kb(total - BUDGET_BYTES)} over budget`);
  process.exit(1);
}

// The stop widget: a page of its own, nothing of the app's bundle in it.
const widgetRows = initialAssets(readFileSync(join(dist, 'embed.html'), 'utf8')).map(measure);
const widgetWords = readdirSync(join(dist, 'assets'))
  .filter((name) => /^widget-words-(?:en|lt)-[\w-]{8}\.js$/.test(name))
  .map((name) => measure(`assets/${name}`));
if (widgetRows.length === 0 || widgetWords.length !== 2) {
  console.error('bundle-size: dist/embed.html names no files, or the widget has not its two language chunks');
  process.exit(1);
}
widgetRows.push(widgetWords.reduce((a, b) => (b.gzip > a.gzip ? b : a)));
console.log('Stop widget (/embed/stop/{id}: what a framing page loads, with the larger language chunk):');
const widgetWidth = Math.max(...widgetRows.map((r) => r.file.length));
for (const r of widgetRows)
  console.log(`  ${r.file.padEnd(widgetWidth)}  ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
const widgetTotal = widgetRows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`  total gzip ${kb(widgetTotal)}; budget ${kb(WIDGET_BUDGET_BYTES)}`);
if (widgetTotal > WIDGET_BUDGET_BYTES) {
  console.error(`bundle-size: the stop widget is ${kb(widgetTotal - WIDGET_BUDGET_BYTES)} over its budget`);
  process.exit(1);
}

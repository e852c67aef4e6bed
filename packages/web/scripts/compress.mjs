#!/usr/bin/env node
// Compresses the built text assets once, at build time: x.js -> x.js.br and x.js.gz beside it.
// The server sends the one the browser asks for (Accept-Encoding; @fastify/static's
// preCompressed), so no request pays for compression. index.html is written per request
// (titles and Open Graph tags per page, server/src/web-pages.ts) and is left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|css|svg|json|webmanifest|txt|map)$/;
// Smaller files gain nothing worth a second file (and a header costs bytes too).
const MIN_BYTES = 1024;

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
  before += bytes.length;
  after += br.length;
}
console.log(
  `compress: ${count} files, ${(before / 1024).toFixed(1)} KB -> ${(after / 1024).toFixed(1)} KB brotli (gzip beside)`,
);

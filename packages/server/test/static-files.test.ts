import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env.ts';
import { realDataApp } from './helpers.ts';

/**
 * The built app's files: compressed once at build time (web/scripts/compress.mjs) and sent in
 * the encoding the browser asks for; hashed assets kept a year, pages asked again each time.
 */
let dist: string;
let app: FastifyInstance;
// Text that compresses, over the script's 1 KB threshold.
// The service worker (a classic script over 1 KB, so it has .br and .gz beside it).
const WORKER = `self.addEventListener('fetch', () => {});\n${'// kept\n'.repeat(200)}`;
const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `M${i}`))};\n`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc12345.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny-abc12345.css'), 'body{margin:0}');
  writeFileSync(
    join(dist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(1200)}</svg>`,
  );
  writeFileSync(join(dist, 'sw.js'), WORKER);
  writeFileSync(join(dist, 'site.webmanifest'), JSON.stringify({ name: 'x', start_url: '/' }));
  execFileSync(process.execPath, [join(REPO_ROOT, 'packages/web/scripts/compress.mjs'), dist]);
  ({ app } = await realDataApp({ env: { WEB_DIST_DIR: dist } }));
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the build compresses once', () => {
  it('writes .br and .gz beside each text file over 1 KB, leaving small files and index.html alone', () => {
    const js = join(dist, 'assets', 'index-abc12345.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(SCRIPT);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(SCRIPT.length / 3);
    expect(existsSync(join(dist, 'favicon.svg.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-abc12345.css.br'))).toBe(false);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(false);
  });
});

describe('files go out in the encoding the browser asks for', () => {
  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('Accept-Encoding %j gets %s', async (accept, encoding, decode) => {
    const res = await get('/assets/index-abc12345.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('a client that asks for no encoding gets the file as it is', async () => {
    const res = await get('/assets/index-abc12345.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year, unasked (immutable), compressed or not', async () => {
    for (const encoding of ['br', undefined]) {
      const res = await get('/assets/index-abc12345.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/tiny-abc12345.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('keeps files without a hash an hour, and has every page asked again (no-cache)', async () => {
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('public, max-age=3600');
    for (const page of ['/', '/browse', '/no/such/page']) {
      const res = await get(page);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('the service worker and the manifest (offline use, issue 15)', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
    [undefined, (body: Buffer) => body],
  ] as const)(
    '/sw.js (encoding %s) is asked again every time: no-cache, never a year',
    async (encoding, decode) => {
      const res = await get('/sw.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res.rawPayload).toString()).toBe(WORKER);
    },
  );

  it("the Content Security Policy lets our own worker and manifest in, and nobody else's", async () => {
    for (const path of ['/', '/sw.js', '/site.webmanifest']) {
      const csp = String((await get(path)).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("script-src 'self'");
    }
  });

  it('the manifest goes out as a manifest, kept an hour like the icons', async () => {
    const res = await get('/site.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

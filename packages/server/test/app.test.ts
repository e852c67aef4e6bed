import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';

describe('server skeleton', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Timetable</title><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const db = await createTestDb();
    app = await buildApp({ db, env: parseEnv({ LOG_LEVEL: 'silent', WEB_DIST_DIR: webDist }) });
  });
  afterAll(() => app.close());

  it('answers /healthz after checking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the web app at / and falls back to index.html for client routes', async () => {
    // Client routes get the app (an empty database: no line exists, so a line page is a 404).
    for (const [url, status] of [
      ['/', 200],
      ['/browse', 200],
      ['/admin-panel/lines', 200],
      ['/browse/13/40/80?dir=Out%20bound', 404],
      ['/no/such/page', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('answers unknown /api and /trpc paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/trpc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: expect.any(String) });
    }
    const procedure = await app.inject({ method: 'GET', url: '/trpc/nope.nothing' });
    expect(procedure.statusCode).toBe(404);
    expect(procedure.json()).toMatchObject({
      error: { message: 'No procedure found on path "nope.nothing"' },
    });
  });

  it('mounts tRPC at /trpc', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/health.check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: { status: 'ok' } } });
  });
});

describe('env', () => {
  it('applies the defaults and resolves relative paths against the repository root', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DB_PATH).toMatch(/\/data\/timetable\.sqlite$/);
  });

  it('takes a blank PORT or BACKUP_KEEP as unset (the defaults), not as 0', () => {
    expect(parseEnv({ PORT: '', BACKUP_KEEP: '  ' })).toMatchObject({ PORT: 3000, BACKUP_KEEP: 14 });
  });

  it('rejects a bad PORT with a message naming it', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

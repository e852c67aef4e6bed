import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, realDataApp, type TestApp } from './helpers.ts';

/** GET /metrics: the Prometheus text format, figures that move, few series, and not public. */
const TOKEN = 'scrape-token-0123456789';
const clock = fixedClock('2026-03-04T07:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.app.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format read back: every sample line, and every name's HELP and TYPE. */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (sample === null) throw new Error(`not the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    samples.push({ name: sample[1] as string, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

async function scrape() {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('/metrics', () => {
  it('is the Prometheus text format, with the figures an operator watches', async () => {
    const { samples, types } = await scrape();
    expect(types.get('bus_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('bus_kept_answers_total')).toBe('counter');
    expect(types.get('bus_sign_in_refusals_total')).toBe('counter');
    for (const name of [
      'bus_event_loop_delay_seconds',
      'bus_event_loop_utilization_ratio',
      'bus_database_bytes',
      'bus_data_change_id',
      'bus_data_last_change_timestamp_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ])
      expect(types.get(name), name).toBe('gauge');
    for (const s of samples.filter((x) => x.name.startsWith('bus_')))
      expect(Number.isNaN(s.value), s.name).toBe(false);
    const utilization = value(samples, 'bus_event_loop_utilization_ratio');
    expect(utilization).toBeGreaterThanOrEqual(0);
    expect(utilization).toBeLessThanOrEqual(1);
    // The real data was imported by the test helper: its time is known.
    expect(value(samples, 'bus_data_last_change_timestamp_seconds', { event: 'import' })).toBeGreaterThan(0);
  });

  it('moves with the requests: departures worked out, kept, confirmed; a refused sign-in', async () => {
    const before = (await scrape()).samples;
    const url = `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-10' }))}`;
    const first = await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'boss', password: 'not the password' }),
      remoteAddress: '10.1.0.9',
    });
    const after = (await scrape()).samples;
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(moved('bus_kept_answers_total', { outcome: 'miss' })).toBe(1);
    expect(moved('bus_kept_answers_total', { outcome: 'hit' })).toBe(1);
    expect(moved('bus_kept_answers_total', { outcome: 'not_modified' })).toBe(1);
    const departures = { route: '/trpc/timetable.departures', method: 'GET' };
    expect(moved('bus_http_request_duration_seconds_count', { ...departures, status: '200' })).toBe(2);
    expect(moved('bus_http_request_duration_seconds_count', { ...departures, status: '304' })).toBe(1);
    expect(moved('bus_sign_in_refusals_total', { reason: 'wrong' })).toBe(1);
  });

  it('labels requests by route pattern, never by URL: odd paths add no series', async () => {
    const series = async () =>
      new Set(
        (await scrape()).samples
          .filter((s) => s.name === 'bus_http_request_duration_seconds_count')
          .map((s) => JSON.stringify(s.labels)),
      );
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/nope-${i}?x=${i}` });
    const settled = await series();
    for (let i = 0; i < 200; i++) {
      await t.app.inject({ method: 'GET', url: `/api/nope-${i}-${Math.random()}` });
      await t.app.inject({ method: 'GET', url: `/browse/${1000 + i}` });
      await t.app.inject({ method: 'GET', url: `/calendar/trip/${i + 1}.ics` });
    }
    const grown = await series();
    // At most one series per route pattern, method and status the new requests met.
    expect(grown.size - settled.size).toBeLessThanOrEqual(3);
    for (const labels of grown) expect(labels).not.toMatch(/nope-\d|\/browse\/1\d{3}|\d+\.ics/);
  });

  it('answers this machine and the token only: 404 for anyone else', async () => {
    const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await ask('127.0.0.1')).statusCode).toBe(200);
    expect((await ask('::1')).statusCode).toBe(200);
    // From elsewhere, or through a proxy on this machine, without the token: as if no such path.
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toMatch(/bus_/);
    expect((await ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await ask('203.0.113.7', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(
      404,
    );
    // The scrape with the token works from anywhere.
    const scraped = await ask('203.0.113.7', { authorization: `Bearer ${TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toMatch(/^# HELP /m);
  });
});

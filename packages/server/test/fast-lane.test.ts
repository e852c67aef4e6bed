import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, realDataApp, type TestApp } from './helpers.ts';

// The fast lane must answer exactly what tRPC's adapter answers for the same call. A batch of
// two procedures always goes through the adapter, so its first element is the reference.
let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
});
afterAll(() => t.app.close());

async function both(path: string, input: unknown) {
  const encoded = encodeURIComponent(JSON.stringify(input));
  const fast = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encoded}` });
  const fastBatch = await t.app.inject({
    method: 'GET',
    url: `/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`,
  });
  const adapter = await t.app.inject({
    method: 'GET',
    url: `/trpc/${path},health.check?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`,
  });
  const reference = (adapter.json() as unknown[])[0];
  return { fast, fastBatch, reference };
}

describe('the tRPC fast lane for hot public queries', () => {
  it.each([
    ['timetable.departures', { from: 1, date: '2026-03-04' }],
    ['timetable.departures', { from: 1, dir: 'City bound', date: '2026-03-11' }],
    ['timetable.departures', {}],
    ['timetable.searchStops', { query: 'anyksc' }],
    ['timetable.searchStops', { query: '' }],
  ])('%s %j answers as the adapter does', async (path, input) => {
    const { fast, fastBatch, reference } = await both(path, input);
    expect(fast.statusCode).toBe(200);
    expect(fast.json()).toEqual(reference);
    expect(fastBatch.json()).toEqual([reference]);
    // Byte for byte: the adapter writes compact JSON, as JSON.stringify does.
    expect(fast.body).toBe(JSON.stringify(reference));
    expect(fastBatch.body).toBe(JSON.stringify([reference]));
    // Asked again, the kept answer is the same bytes.
    const again = await both(path, input);
    expect(again.fast.body).toBe(fast.body);
    expect(again.fastBatch.body).toBe(fastBatch.body);
  });

  it('reports invalid input with the same status and error shape as the adapter', async () => {
    const { fast, reference } = await both('timetable.departures', { from: 'abc' });
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toEqual(reference);
    expect(fast.body).toBe(JSON.stringify(reference));
    expect((fast.json() as { error: { message: string } }).error.message).toMatch(/from/);
    expect(JSON.stringify(fast.json())).not.toContain('stack');
  });

  it('answers malformed JSON input with a parse error, not a crash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/timetable.departures?input=%7Bnope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { data: { code: 'PARSE_ERROR' } } });
  });
});

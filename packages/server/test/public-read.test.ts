import type { OpenedDatabase } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policiesOf } from '../src/public-read/cache-policy.ts';
import { ifNoneMatch } from '../src/public-read/etag.ts';
import { readContext, serializedAnswers } from '../src/public-read/read-context.ts';
import { TIMETABLE_CACHE } from '../src/trpc/routers/timetable.ts';
import { fixedClock, realDataApp, type TestApp } from './helpers.ts';

/**
 * The read side's own promises (public-read/): one tag matcher for every public answer, cache
 * policies declared by each procedure (none declared: not cached), and the change stamp read
 * once per request.
 */

const clock = fixedClock('2026-03-04T07:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock });
});
afterAll(() => t.app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('ifNoneMatch (RFC 9110 13.1.2, weak comparison)', () => {
  it.each([
    { header: '"a"', match: true },
    { header: 'W/"a"', match: true },
    { header: '"b", "a"', match: true },
    { header: '"b",W/"a"', match: true },
    { header: '*', match: true },
    { header: '"b"', match: false },
    { header: '"A"', match: false },
    { header: 'a', match: false },
    { header: '', match: false },
  ])('$header: $match', ({ header, match }) => {
    expect(ifNoneMatch(header, '"a"')).toBe(match);
  });
  it('a weak tag of ours matches a strong one asked for, and no header matches nothing', () => {
    expect(ifNoneMatch('"a"', 'W/"a"')).toBe(true);
    expect(ifNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('a calendar feed answers 304 like every public answer', () => {
  it.each(['/calendar/stop/1.ics?dir=Out+bound', '/calendar/trip/1.ics'])(
    '%s: to its tag in a list, weak, and to *',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      for (const header of [`"other", ${etag}`, `W/${etag}`, `"x", W/${etag}, "y"`, '*']) {
        const again = await get(url, { 'if-none-match': header });
        expect(again.statusCode, header).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': '"other", W/"else"' })).statusCode).toBe(200);
    },
  );
});

describe('cache settings: one record beside the public router', () => {
  it('caches what declares minute or day, and nothing that declares never', () => {
    const policies = policiesOf({
      declaredMinute: { cache: 'minute' },
      declaredDay: { cache: 'day', publishing: true },
      declaredNever: { cache: 'never' },
      plain: {},
    });
    expect([...policies.keys()].sort()).toEqual(['declaredDay', 'declaredMinute']);
    expect(policies.get('declaredMinute')).toMatchObject({ byMinute: true, publishing: false });
    expect(policies.get('declaredDay')).toMatchObject({ byMinute: false, publishing: true });
  });

  it('the app: every timetable query is cached as its entry says; health.check has none', () => {
    const policies = policiesOf(TIMETABLE_CACHE);
    expect(policies.get('timetable.departures')).toMatchObject({ byMinute: true, fastLane: true });
    expect(policies.get('timetable.searchStops')).toMatchObject({ byMinute: false, fastLane: true });
    expect(policies.get('timetable.linePrint')).toMatchObject({ publishing: true });
    expect(policies.has('health.check')).toBe(false);
    expect([...policies.keys()].every((p) => p.startsWith('timetable.'))).toBe(true);
  });

  it('an undeclared procedure is neither tagged nor kept', async () => {
    const first = await get('/trpc/health.check');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['cache-control']).toBeUndefined();
    // Not kept, while a declared one is, in the same generation and minute.
    const search = '/trpc/timetable.searchStops?input=%7B%22query%22%3A%22ank%22%7D';
    const declared = await get(search);
    expect(declared.headers.etag).toMatch(/^"/);
    const kept = serializedAnswers(readContext(t.db, clock));
    expect(kept.get(search)).toBe(declared.body);
    expect(kept.get('/trpc/health.check')).toBeUndefined();
  });
});

/** Counts the runs of the change stamp's statements (dataStamp: PRAGMA data_version + total_changes()). */
function countStampRuns(db: OpenedDatabase): { runs: () => number } {
  let runs = 0;
  const prepare = db.sqlite.prepare.bind(db.sqlite);
  db.sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (source === 'PRAGMA data_version' || source === 'SELECT total_changes()') {
      const get = statement.get.bind(statement);
      statement.get = ((...params: unknown[]) => {
        runs++;
        return get(...(params as []));
      }) as typeof statement.get;
    }
    return statement;
  }) as typeof db.sqlite.prepare;
  return { runs: () => runs };
}

describe('the change stamp is read once per request', () => {
  it('a public answer missing the cache reads the stamp once (its two statements), a departures miss once more in the index', async () => {
    // A database of its own, whose stamp statements are prepared (and counted) from the start.
    const own = await realDataApp({ clock });
    try {
      const counted = countStampRuns(own.db);
      // Warm: the snapshot is loaded (once per generation: it reads the stamp itself).
      const warm = await own.app.inject({
        method: 'GET',
        url: '/trpc/timetable.searchStops?input=%7B%22query%22%3A%22x%22%7D',
      });
      expect(warm.statusCode).toBe(200);
      // Nothing is written between the requests below: one generation, every request a miss.
      const miss = async (url: string) => {
        const before = counted.runs();
        const res = await own.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.etag, url).toMatch(/^"/);
        return (counted.runs() - before) / 2;
      };
      const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
      expect(await miss(`/trpc/timetable.searchStops?input=${input({ query: 'ank' })}`)).toBe(1);
      expect(await miss(`/trpc/timetable.lines?input=${input({ from: 1 })}`)).toBe(1);
      expect(await miss('/trpc/timetable.stopPair?input=%7B%22fromId%22%3A1%7D')).toBe(1);
      // Departures: the request's one read, and the departures index's own check after its query
      // (db's findDepartureCandidates: another process may have written meanwhile). Five before.
      // A Monday: today's and tomorrow's (Wednesday, Thursday) are worked out before the server
      // says it is ready (prepareServing).
      expect(await miss(`/trpc/timetable.departures?input=${input({ from: 1, date: '2026-03-09' })}`)).toBe(
        2,
      );
      // Kept: answered from the request's one read.
      expect(await miss(`/trpc/timetable.departures?input=${input({ from: 1, date: '2026-03-09' })}`)).toBe(
        1,
      );
      expect(
        await miss(
          `/trpc/timetable.departures?batch=1&input=${input({ 0: { from: 1, date: '2026-03-06' } })}`,
        ),
      ).toBe(2);
    } finally {
      await own.app.close();
    }
  });
});

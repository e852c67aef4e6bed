import {
  addDays,
  CALENDAR_WINDOW_DAYS,
  type DepartureItem,
  dayTypeOf,
  PRINT_WINDOW_DAYS,
  serviceDayContext,
  windowDates,
} from '@bus/core';
import { listHolidays, listYearlyRules } from '@bus/db';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentGeneration } from '../src/public-read/generation.ts';
import type { LinePrintAnswer, StopPosterAnswer } from '../src/public-read/printed-timetable.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

/**
 * The printed timetables (timetable.stopPoster, timetable.linePrint) and the calendar feeds
 * (/calendar/...ics) through app.inject on the real Anykščiai data, checked against what the
 * public departures say date by date.
 */

// Thursday 26 November 2026, 12:00 in Vilnius.
const TODAY = '2026-11-26';
const CLOCK = fixedClock('2026-11-26T10:00:00Z');

let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp({ clock: CLOCK });
});
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

interface Selection {
  from: number;
  to: number | null;
  dir: 'Out bound' | 'City bound';
}

/** The home's departures of one date. */
async function departuresOn(selection: Selection, date: string): Promise<DepartureItem[]> {
  const res = await trpcQuery<{ items: DepartureItem[] }>(t.app, 'timetable.departures', {
    ...selection,
    date,
  });
  expect(res.status).toBe(200);
  return res.data.items;
}

const SELECTIONS: Selection[] = [
  { from: 1, to: null, dir: 'Out bound' },
  { from: 1, to: null, dir: 'City bound' },
  { from: 1, to: 71, dir: 'Out bound' },
  { from: 2, to: null, dir: 'City bound' },
];

describe('timetable.stopPoster', () => {
  // From today (no date given), and from 21 December: Christmas, New Year, the end and the new
  // start of the school term, the 1st Friday of January.
  const CASES = [null, '2026-12-21'].flatMap((start) =>
    SELECTIONS.map((selection) => ({ start, ...selection })),
  );
  it.each(CASES)(
    'is exact against the departures of every date of the window: %o',
    async ({ start, ...selection }) => {
      const from = start ?? TODAY;
      const res = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', {
        ...selection,
        ...(start === null ? {} : { date: start }),
      });
      expect(res.status).toBe(200);
      const { poster } = res.data;
      const dates = windowDates(from, PRINT_WINDOW_DAYS);
      expect([poster.validFrom, poster.validTo]).toEqual([from, addDays(from, PRINT_WINDOW_DAYS - 1)]);
      const [rules, holidays] = await Promise.all([listYearlyRules(t.db.kysely), listHolidays(t.db.kysely)]);
      const onDate = new Map<string, Set<string>>();
      for (const date of dates)
        onDate.set(
          date,
          new Set((await departuresOn(selection, date)).map((d) => `${d.tripId}|${d.timeDepart}`)),
        );
      let entries = 0;
      for (const column of poster.columns) {
        const typeDates = dates.filter(
          (d) => dayTypeOf(serviceDayContext(d, rules, holidays)) === column.dayType,
        );
        expect(column.dateCount).toBe(typeDates.length);
        const listed = new Set<string>();
        for (const entry of column.hours.flat()) {
          entries++;
          const time = `${String(Math.floor(entry.minute / 60)).padStart(2, '0')}:${String(entry.minute % 60).padStart(2, '0')}`;
          const key = `${entry.tripId}|${time}`;
          listed.add(key);
          const ran = typeDates.filter((d) => onDate.get(d)?.has(key));
          if (entry.footnote === null) expect(ran).toEqual(typeDates);
          else {
            const footnote = poster.footnotes.find((f) => f.mark === entry.footnote);
            expect(footnote?.dates).toEqual(ran);
            expect(ran.length).toBeLessThan(typeDates.length);
          }
        }
        // Every departure of every date of the column is on the poster.
        for (const d of typeDates) for (const key of onDate.get(d) ?? []) expect(listed.has(key)).toBe(true);
      }
      expect(entries).toBeGreaterThan(0);
    },
  );

  it('names the stop, the destination and the site address (from the Publishing settings, fresh after a save), as timetable.site does', async () => {
    const url = `/trpc/timetable.stopPoster?input=${encodeURIComponent(JSON.stringify({ from: 1, to: 71, dir: 'Out bound' }))}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const body = first.json().result.data as StopPosterAnswer;
    expect(body.stop).toEqual({ id: 1, name: 'Anykščių AS' });
    expect(body.destination?.id).toBe(71);
    expect(body.siteUrl).toBeNull();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    // timetable.site says the same address alone (the stop page's widget code uses it).
    const site = await t.app.inject({ method: 'GET', url: '/trpc/timetable.site' });
    expect(site.json().result.data).toEqual({ siteUrl: null });
    const siteTag = site.headers.etag as string;
    expect(siteTag).toBeTruthy();

    const admin = adminClient(t.app, t.adminToken);
    const overview = await admin.query<{ savedAt: string | null }>('admin.publishing.get');
    const saved = await admin.mutate('admin.publishing.save', {
      siteUrl: 'https://autobusai.anyksciai.lt/',
      publisherName: null,
      publisherContact: null,
      operators: [],
      windowDays: 365,
      baseSavedAt: overview.data.savedAt,
    });
    expect(saved.status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json().result.data as StopPosterAnswer).siteUrl).toBe('https://autobusai.anyksciai.lt/');
    const siteAfter = await t.app.inject({
      method: 'GET',
      url: '/trpc/timetable.site',
      headers: { 'if-none-match': siteTag },
    });
    expect(siteAfter.statusCode).toBe(200);
    expect(siteAfter.json().result.data).toEqual({ siteUrl: 'https://autobusai.anyksciai.lt/' });
  });

  it('names the destination only where the departures use it (from the home station going out)', async () => {
    const elsewhere = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', {
      from: 2,
      to: 71,
      dir: 'City bound',
    });
    expect(elsewhere.data.destination).toBeNull();
    const cityBus = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', {
      from: 1,
      to: 71,
      dir: 'City bound',
    });
    expect(cityBus.data.destination).toBeNull();
  });

  it('answers an unknown stop with NOT_FOUND', async () => {
    const res = await trpcQuery(t.app, 'timetable.stopPoster', { from: 99999 });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('Bus stop 99999 does not exist');
  });
});

describe('timetable.linePrint', () => {
  it('prints every trip that runs in the window, per direction, with its times at its stops', async () => {
    const res = await trpcQuery<LinePrintAnswer>(t.app, 'timetable.linePrint', { id: 1 });
    expect(res.status).toBe(200);
    const { print, line } = res.data;
    expect(line.name).toBe('M35');
    const timetable = await trpcQuery<{
      schedules: { trips: { id: number; boundFor: string; timeList: (string | null)[] }[] }[];
    }>(t.app, 'timetable.lineTimetable', { id: 1 });
    const trips = timetable.data.schedules.flatMap((s) => s.trips);
    expect(print.directions.length).toBeGreaterThan(0);
    for (const direction of print.directions) {
      for (const column of direction.columns) {
        const trip = trips.find((x) => x.id === column.tripId);
        expect(trip?.boundFor).toBe(direction.boundFor);
        // The column's times, read down the rows, are the trip's times in travel order.
        expect(column.times.filter((x) => x !== null)).toEqual(trip?.timeList.filter((x) => x !== null));
      }
    }
  });

  it('answers an unknown line with NOT_FOUND', async () => {
    const res = await trpcQuery(t.app, 'timetable.linePrint', { id: 99999 });
    expect(res.status).toBe(404);
  });
});

interface ParsedEvent {
  uid: string;
  start: string;
  tzid: string | null;
  summary: string;
  location: string;
  utc: string;
}

/** Reads an .ics back with ical.js, its own time zone registered, so times convert to UTC. */
function parseIcs(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (!vtimezone) throw new Error('no VTIMEZONE');
  // Registered by its TZID, so each DTSTART;TZID=Europe/Vilnius is read in the file's own zone.
  ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  return {
    name: String(calendar.getFirstPropertyValue('name') ?? calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      const start = event.startDate;
      return {
        uid: event.uid,
        start: start.toString(),
        tzid: v.getFirstProperty('dtstart')?.getParameter('tzid') as string | null,
        summary: event.summary,
        location: event.location,
        utc: start.toJSDate().toISOString(),
      };
    }),
  };
}

describe('GET /calendar/stop/{stopId}.ics', () => {
  it('holds, on each of the next 60 days, exactly the departures the home lists for that day', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?dir=Out+bound&to=71' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toContain('BEGIN:VTIMEZONE');
    const { name, events } = parseIcs(res.body);
    expect(name).toContain('Anykščių AS');
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const want: string[] = [];
    for (const date of windowDates(TODAY, CALENDAR_WINDOW_DAYS))
      for (const d of await departuresOn({ from: 1, to: 71, dir: 'Out bound' }, date))
        want.push(`${date}T${d.timeDepart}:00 ${d.lineName} → ${d.name}`);
    const got = events.map((e) => `${e.start} ${e.summary}`);
    expect(got.sort()).toEqual(want.sort());
    expect(events.every((e) => e.tzid === 'Europe/Vilnius' && e.location === 'Anykščių AS')).toBe(true);
    // Winter time in Vilnius is UTC+2.
    const one = events[0] as ParsedEvent;
    expect(Date.parse(one.utc)).toBe(Date.parse(`${one.start}+02:00`));
  });

  it('answers 304 to its ETag, a new feed after an admin save (a new public holiday empties working-day trips)', async () => {
    const url = '/calendar/stop/1.ics?dir=City+bound';
    const first = await t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    const date = '2026-12-02'; // a Wednesday
    const before = parseIcs(first.body).events.filter((e) => e.start.startsWith(date)).length;
    const admin = adminClient(t.app, t.adminToken);
    const saved = await admin.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'Test day',
      month: 12,
      day: 2,
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const onDate = parseIcs(after.body).events.filter((e) => e.start.startsWith(date));
    const home = await departuresOn({ from: 1, to: null, dir: 'City bound' }, date);
    expect(onDate.length).toBe(home.length);
    expect(onDate.length).toBeLessThan(before);
    await admin.mutate('admin.holidays.delete', {
      id: saved.data.id,
      baseVersion: await versionNow(t, { kind: 'holiday', id: saved.data.id }),
    });
  });

  it('writes one feed, and works out one departures answer, whatever destination the departures ignore', async () => {
    const feeds = () => currentGeneration(t.db).feeds.size;
    const answers = () => currentGeneration(t.db).answers.size;
    // Another stop than the home station, and the home station City bound: `to` does not count.
    for (const [path, dir] of [
      ['/calendar/stop/2.ics', 'Out+bound'],
      ['/calendar/stop/1.ics', 'City+bound'],
    ] as const) {
      const none = await t.app.inject({ method: 'GET', url: `${path}?dir=${dir}` });
      expect(none.statusCode).toBe(200);
      const kept = feeds();
      for (const to of [71, 72, 99999]) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?dir=${dir}&to=${to}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(none.body);
      }
      expect(feeds()).toBe(kept);
    }
    // The departures of those selections are kept once too.
    for (const selection of [
      { from: 2, dir: 'Out bound' },
      { from: 1, dir: 'City bound' },
    ] as const) {
      const none = await departuresOn({ ...selection, to: null }, TODAY);
      const kept = answers();
      for (const to of [71, 72, 99999]) expect(await departuresOn({ ...selection, to }, TODAY)).toEqual(none);
      expect(answers()).toBe(kept);
    }
    // From the home station going out the destination counts: a feed of its own.
    const before = feeds();
    const to71 = await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?dir=Out+bound&to=71' });
    const to72 = await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?dir=Out+bound&to=72' });
    expect(to71.body).not.toBe(to72.body);
    expect(feeds()).toBeGreaterThanOrEqual(before + 1);
  });

  it('takes as an id only a safe integer', async () => {
    for (const id of ['9007199254740992', '9999999999999999']) {
      const stop = await t.app.inject({ method: 'GET', url: `/calendar/stop/${id}.ics` });
      expect(stop.statusCode).toBe(404);
      expect(stop.json().message).toBe(`No such calendar: stop ${id}.ics`);
      const trip = await t.app.inject({ method: 'GET', url: `/calendar/trip/${id}.ics` });
      expect(trip.statusCode).toBe(404);
      expect(trip.json().message).toBe(`No such calendar: trip ${id}.ics`);
      const to = await t.app.inject({ method: 'GET', url: `/calendar/stop/1.ics?to=${id}` });
      expect(to.statusCode).toBe(400);
      expect(to.json().message).toBe('to must be a stop id (a positive whole number)');
    }
    // The largest safe one is an id like any other (no such stop).
    const largest = await t.app.inject({ method: 'GET', url: '/calendar/stop/9007199254740991.ics' });
    expect(largest.statusCode).toBe(404);
    expect(largest.json().message).toBe('Bus stop 9007199254740991 does not exist');
  });

  it("names in its ETag the origin its links go to: the request's host unless Publishing names the site", async () => {
    const url = '/calendar/trip/1.ics';
    const admin = adminClient(t.app, t.adminToken);
    const publish = async (siteUrl: string | null) => {
      const overview = await admin.query<{ savedAt: string | null }>('admin.publishing.get');
      const saved = await admin.mutate('admin.publishing.save', {
        siteUrl,
        publisherName: null,
        publisherContact: null,
        operators: [],
        windowDays: 365,
        baseSavedAt: overview.data.savedAt,
      });
      expect(saved.status).toBe(200);
    };
    // Content lines unfolded (RFC 5545 3.1), as a calendar app reads them.
    const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
    const get = (host: string, etag?: string) =>
      t.app.inject({ method: 'GET', url, headers: { host, ...(etag ? { 'if-none-match': etag } : {}) } });

    await publish(null);
    const a = await get('a.example');
    const b = await get('b.example');
    expect(unfolded(a.body)).toContain('http://a.example/trip/1');
    expect(unfolded(b.body)).toContain('http://b.example/trip/1');
    expect(a.headers.etag).not.toBe(b.headers.etag);
    // A copy made for a.example is not confirmed to b.example: it gets its own.
    const other = await get('b.example', a.headers.etag as string);
    expect(other.statusCode).toBe(200);
    expect(unfolded(other.body)).toContain('http://b.example/trip/1');
    expect((await get('a.example', a.headers.etag as string)).statusCode).toBe(304);

    // With the site's address every host gets the same feed, and a copy is good for all.
    await publish('https://autobusai.anyksciai.lt/');
    const site = await get('a.example');
    expect(unfolded(site.body)).toContain('https://autobusai.anyksciai.lt/trip/1');
    expect((await get('b.example')).headers.etag).toBe(site.headers.etag);
    expect((await get('b.example', site.headers.etag as string)).statusCode).toBe(304);
  });

  it('refuses a bad direction or destination, and an unknown stop', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?dir=Sideways' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('dir must be "Out bound" or "City bound"');
    expect((await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?to=x' })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/calendar/stop/99999.ics' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Bus stop 99999 does not exist');
    expect((await t.app.inject({ method: 'GET', url: '/calendar/stop/abc.ics' })).statusCode).toBe(404);
  });
});

/**
 * RFC 5545's form, read off the bytes: CRLF after every content line (3.1), no line longer than
 * 75 octets and a fold never inside a UTF-8 character (3.1), VERSION and PRODID once in the
 * calendar (3.6), DTSTAMP, UID and DTSTART once in every VEVENT (3.6.1), and the VTIMEZONE of the
 * TZID every DTSTART names (3.2.19).
 */
function expectRfc5545(body: string): void {
  expect(body.endsWith('\r\n')).toBe(true);
  const raw = body.slice(0, -2).split('\r\n');
  for (const line of raw) {
    expect(line).not.toMatch(/[\r\n]/);
    const bytes = Buffer.from(line, 'utf8');
    expect(bytes.length).toBeLessThanOrEqual(75);
    // A folded line is whole characters: no U+FFFD from a cut multi-byte sequence.
    expect(bytes.toString('utf8')).toBe(line);
  }
  // Unfolded (a CRLF and one space or tab join the lines), each component's properties.
  const lines = body
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
  const name = (line: string) => /^[A-Z-]+/.exec(line)?.[0];
  // The calendar's own properties: those at depth 1 (inside VCALENDAR, outside its components).
  const top: string[] = [];
  let depth = 0;
  for (const line of lines) {
    if (line.startsWith('END:')) depth--;
    else if (depth === 1 && !line.startsWith('BEGIN:')) top.push(line);
    if (line.startsWith('BEGIN:')) depth++;
  }
  expect(depth).toBe(0);
  expect(top.filter((l) => name(l) === 'VERSION')).toEqual(['VERSION:2.0']);
  expect(top.filter((l) => name(l) === 'PRODID')).toHaveLength(1);
  expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
  expect(lines).toContain('TZID:Europe/Vilnius');
  let event: string[] | null = null;
  let events = 0;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = [];
    else if (line === 'END:VEVENT' && event) {
      events++;
      for (const required of ['DTSTAMP', 'UID', 'DTSTART'])
        expect(
          event.filter((l) => name(l) === required),
          `${required} in ${event.join(' | ')}`,
        ).toHaveLength(1);
      expect(event.find((l) => name(l) === 'DTSTAMP')).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      expect(event.find((l) => name(l) === 'DTSTART')).toMatch(/^DTSTART;TZID=Europe\/Vilnius:\d{8}T\d{6}$/);
      event = null;
    } else event?.push(line);
  }
  expect(events).toBeGreaterThan(0);
}

describe('the feeds are RFC 5545', () => {
  it.each([
    '/calendar/stop/1.ics?dir=Out+bound',
    '/calendar/stop/1.ics?dir=Out+bound&to=71',
    '/calendar/stop/1.ics?dir=City+bound',
    '/calendar/trip/1.ics',
  ])('%s: CRLF, folded at 75 octets on whole characters, DTSTAMP, UID, DTSTART, VTIMEZONE', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectRfc5545(res.body);
  });
});

describe('GET /calendar/trip/{tripId}.ics', () => {
  it('has one event on each date the trip leaves in the departures, at its first stop and time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calendar/trip/1.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseIcs(res.body);
    // Trip 1 (M35, Out bound) leaves the home station; its dates in the home's departures:
    const want: string[] = [];
    for (const date of windowDates(TODAY, CALENDAR_WINDOW_DAYS)) {
      const item = (await departuresOn({ from: 1, to: null, dir: 'Out bound' }, date)).find(
        (d) => d.tripId === 1,
      );
      if (item) want.push(`${date}T${item.timeDepart}:00`);
    }
    expect(want.length).toBeGreaterThan(0);
    expect(events.map((e) => e.start)).toEqual(want);
    expect(events.every((e) => e.location === 'Anykščių AS' && e.summary.startsWith('M35 → '))).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(events[0]?.uid).toBe(`trip1-${want[0]?.slice(0, 10).replaceAll('-', '')}@anyksciai-bus-timetable`);
  });

  it('answers an unknown trip with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calendar/trip/99999.ics' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Trip 99999 does not exist');
  });
});

describe('the time zone across the change to summer time', () => {
  it('writes Vilnius wall-clock times that read back as UTC+2 before 2027-03-28 and UTC+3 after', async () => {
    const spring = await adminApp({ clock: fixedClock('2027-03-20T10:00:00Z') });
    try {
      const res = await spring.app.inject({ method: 'GET', url: '/calendar/trip/1.ics' });
      expect(res.statusCode).toBe(200);
      const { events } = parseIcs(res.body);
      const winter = events.filter((e) => e.start < '2027-03-28');
      const summer = events.filter((e) => e.start > '2027-03-29');
      expect(winter.length).toBeGreaterThan(0);
      expect(summer.length).toBeGreaterThan(0);
      for (const e of winter) expect(Date.parse(e.utc)).toBe(Date.parse(`${e.start}+02:00`));
      for (const e of summer) expect(Date.parse(e.utc)).toBe(Date.parse(`${e.start}+03:00`));
    } finally {
      await spring.app.close();
      await spring.db.kysely.destroy();
    }
  });
});

import type { DepartureItem } from '@bus/core';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinePrintAnswer, StopPosterAnswer } from '../src/public-read/printed-timetable.ts';
import { type AdminTestApp, adminApp, adminClient, tokenFor } from './admin-helpers.ts';
import { trpcQuery } from './helpers.ts';

/**
 * Issue 27 in what leaves the site: the Atom feed of notices (/changes.atom), the calendar
 * feeds (a stop's feed drops the cancelled departures, a trip's keeps them STATUS:CANCELLED,
 * both carry changed times) and the printed timetables' notices, on the real data.
 */

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;
// The clock moves: each save's history entry has its own time (the entries' `updated`).
let now = Date.parse('2026-12-01T07:30:00Z');
const clock = () => new Date(now);
const ORIGIN = 'https://autobusai.example.lt';
const THURSDAY = '2026-12-03';
const NEXT_THURSDAY = '2026-12-10';

let cancelled: DepartureItem;
let moved: DepartureItem;
const ids = { cancel: 0, retime: 0, notice: 0, past: 0, far: 0 };

async function save(input: Record<string, unknown>, baseVersion = 0): Promise<number> {
  const result = await client.mutate<{ id: number }>('admin.serviceChanges.save', {
    id: null,
    baseVersion,
    ...input,
  });
  expect(result.status, result.message).toBe(200);
  return result.data.id;
}

beforeAll(async () => {
  t = await adminApp({ clock, env: { PUBLIC_ORIGIN: [ORIGIN] } });
  client = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  const { data } = await trpcQuery<{ items: DepartureItem[] }>(t.app, 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: THURSDAY,
  });
  // Two departures of trips that leave the home station (their first stop), of different trips.
  [cancelled, moved] = data.items.filter(
    (d, i, all) => all.findIndex((x) => x.tripId === d.tripId) === i,
  ) as [DepartureItem, DepartureItem];
  ids.past = await save({ kind: 'notice', from: '2026-11-01', until: '2026-11-30', titleLt: 'Praėjęs' });
  now += 60_000;
  ids.cancel = await save({
    kind: 'cancel',
    from: THURSDAY,
    tripIds: [cancelled.tripId],
    reason: 'remontas',
  });
  now += 60_000;
  ids.retime = await save({ kind: 'retime', from: THURSDAY, tripIds: [moved.tripId], shiftMinutes: 15 });
  now += 60_000;
  ids.notice = await save({
    kind: 'notice',
    from: null,
    until: null,
    titleLt: 'Kelionės bilietai <nuo> gruodžio & kt.',
    textLt: 'Bilietus galima įsigyti autobuse.',
    url: 'https://example.lt/bilietai?a=1&b=2',
  });
  ids.far = await save({
    kind: 'notice',
    from: '2027-02-01',
    until: '2027-02-03',
    titleLt: 'Vasario darbai',
  });
  // The notice is reworded later: its entry's `updated` is that save.
  now = Date.parse('2026-12-01T08:00:00Z');
  const list = await client.query<{ items: { id: number; version: number }[] }>(
    'admin.serviceChanges.list',
    {},
  );
  const version = list.data.items.find((c) => c.id === ids.notice)?.version as number;
  await save(
    {
      id: ids.notice,
      kind: 'notice',
      from: null,
      until: null,
      titleLt: 'Kelionės bilietai <nuo> gruodžio & kt.',
      textLt: 'Bilietus galima įsigyti autobuse ir stotyje.',
      titleEn: 'Tickets',
      textEn: 'Tickets are sold on the bus and at the station.',
      url: 'https://example.lt/bilietai?a=1&b=2',
    },
    version,
  );
});
afterAll(() => t.app.close());

/** XML well-formedness as far as the feed needs it: every element closed in order, one root. */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  // No markup characters outside tags and entities.
  expect(body.replace(/<[^<>]*>/g, '').replace(/&(?:amp|lt|gt|quot|apos);/g, '')).not.toMatch(/[<>&]/);
  const stack: string[] = [];
  let roots = 0;
  for (const [, close, name, selfClose] of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name as string);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

interface AtomEntry {
  lang: string | null;
  id: string;
  title: string;
  updated: string;
  summary: string;
  content: string;
  links: string[];
}

const xmlUnescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

function entries(xml: string): AtomEntry[] {
  return [...xml.matchAll(/<entry( xml:lang="(\w+)")?>([\s\S]*?)<\/entry>/g)].map(([, , lang, inner]) => {
    const one = (tag: string) =>
      xmlUnescape(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(inner ?? '')?.[1] ?? '');
    return {
      lang: lang ?? null,
      id: one('id'),
      title: one('title'),
      updated: one('updated'),
      summary: one('summary'),
      content: one('content'),
      links: [...(inner ?? '').matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)"/g)].map(
        ([, rel, href]) => `${rel} ${xmlUnescape(href ?? '')}`,
      ),
    };
  });
}

describe('GET /changes.atom', () => {
  it('is an Atom 1.0 feed of the current and upcoming notices, in Lithuanian, with absolute links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/changes.atom' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = res.body;
    expectWellFormed(xml);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="lt">');
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${ORIGIN}/changes.atom"/>`);
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${ORIGIN}/changes"/>`);
    expect(xml).toMatch(/<id>tag:anyksciai-bus-timetable,2026:service-changes<\/id>/);
    expect(xml).toContain('<updated>2026-12-01T08:00:00Z</updated>');
    const got = entries(xml);
    // Newest save first; the past notice is not there.
    expect(got.map((e) => e.id)).toEqual(
      [ids.notice, ids.far, ids.retime, ids.cancel].map(
        (id) => `tag:anyksciai-bus-timetable,2026:service-change:${id}`,
      ),
    );
    const [notice, far, , cancel] = got as [AtomEntry, AtomEntry, AtomEntry, AtomEntry];
    expect(notice).toMatchObject({
      lang: null,
      title: 'Kelionės bilietai <nuo> gruodžio & kt.',
      updated: '2026-12-01T08:00:00Z',
      summary: 'Iki atskiro pranešimo',
      content: 'Iki atskiro pranešimo\n\nBilietus galima įsigyti autobuse ir stotyje.',
    });
    expect(notice.links).toEqual([
      `alternate ${ORIGIN}/changes#notice-${ids.notice}`,
      'related https://example.lt/bilietai?a=1&b=2',
    ]);
    expect(far).toMatchObject({ summary: 'Galioja 2027 m. vasario 1–3 d.', updated: '2026-12-01T07:33:00Z' });
    expect(cancel.summary).toBe('Galioja gruodžio 3 d.');
    expect(cancel.updated).toBe('2026-12-01T07:31:00Z');
    expect(cancel.content).toContain(`Maršrutai: ${cancelled.lineName}`);
    expect(cancel.content).toContain('Priežastis: remontas.');
  });

  it('?lang=en gives the English texts, a notice without them in Lithuanian marked so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/changes.atom?lang=en' });
    expect(res.statusCode).toBe(200);
    expectWellFormed(res.body);
    expect(res.body).toContain('xml:lang="en"');
    expect(res.body).toContain(`href="${ORIGIN}/changes.atom?lang=en"`);
    const got = entries(res.body);
    const notice = got.find((e) => e.id.endsWith(`:${ids.notice}`));
    expect(notice).toMatchObject({
      lang: null,
      title: 'Tickets',
      summary: 'Until further notice',
      content: 'Until further notice\n\nTickets are sold on the bus and at the station.',
    });
    const far = got.find((e) => e.id.endsWith(`:${ids.far}`));
    expect(far).toMatchObject({ lang: 'lt', title: 'Vasario darbai', summary: 'Valid 1–3 February 2027' });
    const cancel = got.find((e) => e.id.endsWith(`:${ids.cancel}`));
    expect(cancel?.title).toMatch(/^Trip cancelled: /);
    expect(cancel?.content).toContain(`Lines: ${cancelled.lineName}`);
  });

  it('answers 304 to its ETag and a new feed after a save; refuses another language', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/changes.atom' });
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const same = await t.app.inject({
      method: 'GET',
      url: '/changes.atom',
      headers: { 'if-none-match': tag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const bad = await t.app.inject({ method: 'GET', url: '/changes.atom?lang=de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('lang must be "lt" or "en"');
    now = Date.parse('2026-12-01T09:00:00Z');
    const added = await save({ kind: 'notice', from: '2026-12-05', until: '2026-12-05', titleLt: 'Naujas' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/changes.atom',
      headers: { 'if-none-match': tag },
    });
    expect(after.statusCode).toBe(200);
    expect(entries(after.body)[0]?.id).toBe(`tag:anyksciai-bus-timetable,2026:service-change:${added}`);
    expect(after.body).toContain('<updated>2026-12-01T09:00:00Z</updated>');
  });
});

interface IcsEvent {
  uid: string;
  start: string;
  summary: string;
  status: string | null;
  description: string;
}

function icsEvents(body: string): IcsEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      start: event.startDate.toString(),
      summary: event.summary,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      description: event.description ?? '',
    };
  });
}

const minutesLater = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

describe('the calendar feeds with service changes', () => {
  it("a stop's feed drops Thursday's cancelled departure (not the next Thursday's) and moves the changed one", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calendar/stop/1.ics?dir=Out+bound' });
    expect(res.statusCode).toBe(200);
    const events = icsEvents(res.body);
    const on = (d: DepartureItem, date: string) =>
      events.filter((e) => e.uid.startsWith(`trip${d.tripId}-${date.replaceAll('-', '')}-s1-`));
    expect(on(cancelled, THURSDAY)).toEqual([]);
    expect(on(cancelled, NEXT_THURSDAY).map((e) => e.start)).toEqual([
      `${NEXT_THURSDAY}T${cancelled.timeDepart}:00`,
    ]);
    const [changed] = on(moved, THURSDAY);
    expect(changed?.start).toBe(`${THURSDAY}T${minutesLater(moved.timeDepart, 15)}:00`);
    // The event keeps its planned time's UID: a subscribed calendar moves it.
    expect(changed?.uid).toBe(
      `trip${moved.tripId}-${THURSDAY.replaceAll('-', '')}-s1-${moved.timeDepart.replace(':', '')}@anyksciai-bus-timetable`,
    );
    expect(on(moved, NEXT_THURSDAY).map((e) => e.start)).toEqual([`${NEXT_THURSDAY}T${moved.timeDepart}:00`]);
  });

  it("a trip's feed keeps Thursday's event marked STATUS:CANCELLED; a changed trip's event has the new times", async () => {
    const trip = icsEvents(
      (await t.app.inject({ method: 'GET', url: `/calendar/trip/${cancelled.tripId}.ics` })).body,
    );
    const thursday = trip.find((e) => e.start.startsWith(THURSDAY));
    const nextWeek = trip.find((e) => e.start.startsWith(NEXT_THURSDAY));
    // At its planned time, as the next Thursday's, and marked.
    expect(thursday?.start.slice(10)).toBe(nextWeek?.start.slice(10));
    expect(thursday?.status).toBe('CANCELLED');
    expect(thursday?.summary).toMatch(/^Cancelled: /);
    expect(thursday?.description.split('\n')[0]).toBe('Cancelled: remontas');
    expect(nextWeek?.status).toBeNull();
    expect(nextWeek?.summary).not.toMatch(/^Cancelled/);
    const other = icsEvents(
      (await t.app.inject({ method: 'GET', url: `/calendar/trip/${moved.tripId}.ics` })).body,
    );
    const changed = other.find((e) => e.start.startsWith(THURSDAY));
    const planned = other.find((e) => e.start.startsWith(NEXT_THURSDAY));
    const plannedTime = planned?.start.slice(11, 16) as string;
    expect(changed).toMatchObject({ status: null, start: `${THURSDAY}T${minutesLater(plannedTime, 15)}:00` });
    expect(changed?.description.split('\n')[0]).toMatch(new RegExp(`^${minutesLater(plannedTime, 15)} `));
    expect(planned?.description.split('\n')[0]).toMatch(new RegExp(`^${plannedTime} `));
  });
});

describe('the printed timetables print the notices of their four weeks', () => {
  it('the stop poster from today: the network notice and Thursday’s changes, not February’s nor November’s', async () => {
    const { data } = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', {
      from: 1,
      dir: 'Out bound',
    });
    expect(data.poster.validFrom).toBe('2026-12-01');
    const printed = data.notices?.map((n) => n.id) ?? [];
    expect(printed).toEqual(expect.arrayContaining([ids.cancel, ids.retime, ids.notice]));
    expect(printed).not.toContain(ids.far);
    expect(printed).not.toContain(ids.past);
    const later = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', {
      from: 1,
      dir: 'Out bound',
      date: '2027-01-20',
    });
    expect(later.data.notices?.map((n) => n.id)).toEqual(expect.arrayContaining([ids.notice, ids.far]));
    expect(later.data.notices?.map((n) => n.id)).not.toContain(ids.cancel);
  });

  it("the line print: its line's cancellation, not another line's", async () => {
    const { data } = await trpcQuery<LinePrintAnswer>(t.app, 'timetable.linePrint', { id: cancelled.lineId });
    expect(data.notices?.map((n) => n.id)).toContain(ids.cancel);
    expect(data.notices?.find((n) => n.id === ids.cancel)).toMatchObject({ kind: 'cancel', from: THURSDAY });
    const { data: lines } = await trpcQuery<{ id: number }[]>(t.app, 'timetable.lines', {});
    const other = lines.find((l) => l.id !== cancelled.lineId && l.id !== moved.lineId) as { id: number };
    const otherPrint = await trpcQuery<LinePrintAnswer>(t.app, 'timetable.linePrint', { id: other.id });
    expect(otherPrint.data.notices?.map((n) => n.id)).not.toContain(ids.cancel);
    expect(otherPrint.data.notices?.map((n) => n.id)).toContain(ids.notice);
  });
});

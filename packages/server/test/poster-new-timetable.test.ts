import { addDays, type DepartureItem, type PosterEntry, type StopPoster } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StopPosterAnswer } from '../src/public-read/printed-timetable.ts';
import type { NewTimetableResult } from '../src/services/admin/new-timetable.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient, shiftCopies } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

/**
 * The stop poster across a new timetable on the real Anykščiai data:
 * M35 (line 1) gets a new timetable from Monday 14 December 2026 with every copy 10 minutes
 * later; the poster of stop 1 out bound for four weeks from 7 December says so and shows the old
 * times until 13 December and the new ones from 14 December, each as the departures say.
 */

// Thursday 26 November 2026, 12:00 in Vilnius.
const CLOCK = fixedClock('2026-11-26T10:00:00Z');
const M35 = 1;
const SELECTION = { from: 1, to: null, dir: 'Out bound' } as const;
const CHANGE = '2026-12-14';
const START = '2026-12-07';

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await adminApp({ clock: CLOCK });
  admin = adminClient(t.app, t.adminToken);
});
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

async function poster(date: string): Promise<StopPosterAnswer> {
  const res = await trpcQuery<StopPosterAnswer>(t.app, 'timetable.stopPoster', { ...SELECTION, date });
  expect(res.status).toBe(200);
  return res.data;
}

/** M35's departures of one date as the home lists them: 'minute@trip'. */
async function m35On(date: string): Promise<string[]> {
  const res = await trpcQuery<{ items: DepartureItem[] }>(t.app, 'timetable.departures', {
    ...SELECTION,
    date,
  });
  expect(res.status).toBe(200);
  return res.data.items
    .filter((i) => i.lineId === M35)
    .map((i) => `${Number(i.timeDepart.slice(0, 2)) * 60 + Number(i.timeDepart.slice(3, 5))}@${i.tripId}`)
    .sort();
}

/** The departures of M35 on any of `dates`: 'minute@trip'. */
async function m35OnAny(dates: readonly string[]): Promise<string[]> {
  const all = new Set<string>();
  for (const date of dates) for (const entry of await m35On(date)) all.add(entry);
  return [...all].sort();
}

/** M35's entries of a poster's working-day column (plain or footnoted): 'minute@trip'. */
const m35Workdays = (part: StopPoster | undefined) =>
  (part?.columns.find((c) => c.dayType === 'workdays')?.hours.flat() ?? [])
    .filter((e: PosterEntry) => e.lineId === M35)
    .map((e) => `${e.minute}@${e.tripId}`)
    .sort();

/** The working days of the poster from 7 December: before 14 December, and from it (24, 25 December and 1 January are holidays). */
const OLD_WORKDAYS = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];
const NEW_WORKDAYS = ['14', '15', '16', '17', '18', '21', '22', '23', '28', '29', '30', '31'].map(
  (d) => `2026-12-${d}`,
);

describe('timetable.stopPoster across a new timetable', () => {
  it('without a dated schedule the poster is one part and notes nothing', async () => {
    const answer = await poster(START);
    expect(answer.newTimetableFrom).toBeNull();
    expect(answer.parts).toEqual([answer.poster]);
  });

  it('spanning the change: two parts, the old times until the day before, the new from the date', async () => {
    const oldTuesday = await m35On('2026-12-08');
    expect(oldTuesday.length).toBeGreaterThan(0);
    const loaded = (await admin.query<LineSchedules>('admin.schedules.byLine', { lineId: M35 })).data;
    const made = await admin.mutate<NewTimetableResult>('admin.schedules.newTimetableFrom', {
      from: CHANGE,
      baseVersions: [{ lineId: M35, version: loaded.version }],
    });
    expect(made.message).toBeUndefined();
    const copyIds = new Set(made.data.copies.map((c) => c.copyId));
    const now = (await admin.query<LineSchedules>('admin.schedules.byLine', { lineId: M35 })).data;
    const copies = now.schedules.filter((s) => copyIds.has(s.id));
    const saved = await shiftCopies(admin, M35, copyIds, 10);
    expect(saved.message).toBeUndefined();

    const answer = await poster(START);
    expect(answer.newTimetableFrom).toBe(CHANGE);
    expect(answer.parts.map((p) => [p.validFrom, p.validTo])).toEqual([
      [START, addDays(CHANGE, -1)],
      [CHANGE, addDays(START, 27)],
    ]);
    const [before, after] = answer.parts;
    // Each part's working-day column holds the departures of its own working days.
    expect(m35Workdays(before)).toEqual(await m35OnAny(OLD_WORKDAYS));
    expect(m35Workdays(after)).toEqual(await m35OnAny(NEW_WORKDAYS));
    const newTuesday = await m35On('2026-12-15');
    // The new part holds the copies' trips only, 10 minutes later; the old part none of them.
    const copyTrips = new Set(copies.flatMap((s) => s.trips.map((trip) => trip.id)));
    const tripOf = (entry: string) => Number(entry.split('@')[1]);
    const minuteOf = (entry: string) => Number(entry.split('@')[0]);
    expect(newTuesday.every((e) => copyTrips.has(tripOf(e)))).toBe(true);
    expect(oldTuesday.some((e) => copyTrips.has(tripOf(e)))).toBe(false);
    expect(newTuesday.map(minuteOf).sort((a, b) => a - b)).toEqual(
      oldTuesday.map((e) => minuteOf(e) + 10).sort((a, b) => a - b),
    );
    const m35Of = (part: StopPoster | undefined) =>
      (part?.columns.flatMap((c) => c.hours.flat()) ?? []).filter((e) => e.lineId === M35);
    expect(m35Of(before).some((e) => copyTrips.has(e.tripId))).toBe(false);
    expect(m35Of(after).every((e) => copyTrips.has(e.tripId))).toBe(true);
    // The whole-window poster (the notices' window) stays the four weeks.
    expect([answer.poster.validFrom, answer.poster.validTo]).toEqual([START, addDays(START, 27)]);
  });

  it('from the change date or later: only the new times, the change noted; four weeks on, not noted', async () => {
    const onDate = await poster(CHANGE);
    expect(onDate.newTimetableFrom).toBe(CHANGE);
    expect(onDate.parts).toHaveLength(1);
    expect(onDate.parts[0]).toEqual(onDate.poster);
    const january = ['04', '05', '06', '07', '08'].map((d) => `2027-01-${d}`);
    expect(m35Workdays(onDate.parts[0])).toEqual(await m35OnAny([...NEW_WORKDAYS, ...january]));
    const later = await poster(addDays(CHANGE, 28));
    expect(later.newTimetableFrom).toBeNull();
  });
});

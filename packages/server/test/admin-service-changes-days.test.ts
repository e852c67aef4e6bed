import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineTrips, ServiceChangePreview } from '../src/services/admin/service-change-days.ts';
import type { VersionedServiceChange } from '../src/services/admin/service-changes.ts';
import { type AdminTestApp, adminApp, adminClient, tokenFor } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

// The staff screen's reads (issue 27): a line's trips on a date, and the preview of a date.
let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;
// 2026-12-01 09:30 in Vilnius, a Tuesday.
const clock = fixedClock('2026-12-01T07:30:00Z');

// Line M24 (id 20) of the real data runs on Thursdays only, all year but not on public holidays:
// two schedules, each a trip out from Anykščių AS to Nausodė and one back.
const M24 = 20;
const THURSDAY = '2026-12-03';

beforeAll(async () => {
  t = await adminApp({ clock });
  client = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
});
afterAll(() => t.app.close());

const lineTrips = async (input: unknown) => client.query<LineTrips>('admin.serviceChanges.lineTrips', input);
const preview = async (date: string) =>
  (await client.query<ServiceChangePreview>('admin.serviceChanges.preview', { date })).data;
const save = async (input: Record<string, unknown>) => {
  const result = await client.mutate<VersionedServiceChange>('admin.serviceChanges.save', {
    id: null,
    baseVersion: 0,
    ...input,
  });
  expect(result.status, result.message).toBe(200);
  return result.data;
};

describe('admin.serviceChanges.lineTrips', () => {
  it("lists a line's trips of a date in both directions, by first time, with their stops in travel order", async () => {
    const { status, data } = await lineTrips({ lineId: M24, date: THURSDAY });
    expect(status).toBe(200);
    expect(data.lineName).toBe('M24');
    expect(
      data.trips.map((trip) => [trip.id, trip.boundFor, trip.firstTime, trip.firstStop, trip.lastStop]),
    ).toEqual([
      [126, 'Out bound', '07:50', 'Anykščių AS', 'Nausodė'],
      [127, 'City bound', '08:45', 'Nausodė', 'Anykščių AS'],
      [128, 'Out bound', '12:40', 'Anykščių AS', 'Nausodė'],
      [129, 'City bound', '13:25', 'Nausodė', 'Anykščių AS'],
    ]);
    const back = data.trips[1];
    expect(back?.stops.slice(0, 2)).toEqual([
      { index: 0, stopId: expect.any(Number), name: 'Nausodė', time: '08:45' },
      { index: 1, stopId: expect.any(Number), name: 'Titeikiai', time: '08:49' },
    ]);
    expect(back?.stops.at(-1)).toMatchObject({ index: 16, name: 'Anykščių AS', time: '09:35' });
    expect(data.trips.every((trip) => trip.cancelledBy === null && trip.retimedBy === null)).toBe(true);
  });

  it('follows the regular timetable: none on a Friday, none on Christmas Eve (a public holiday Thursday)', async () => {
    expect((await lineTrips({ lineId: M24, date: '2026-12-04' })).data.trips).toEqual([]);
    expect((await lineTrips({ lineId: M24, date: '2026-12-24' })).data.trips).toEqual([]);
    expect((await lineTrips({ lineId: M24, date: '2026-12-31' })).data.trips).toHaveLength(4);
  });

  it('agrees with the public line timetable on which schedules run (school-term rule included)', async () => {
    // M35 (line 1) has an all-year weekday schedule and one of the school year (rule 3).
    for (const date of ['2026-12-02', '2026-12-28', '2026-12-27']) {
      const timetable = await t.app.inject({
        method: 'GET',
        url: `/trpc/timetable.lineTimetable?input=${encodeURIComponent(JSON.stringify({ id: 1, date }))}`,
      });
      const answer = timetable.json().result.data as {
        schedules: {
          runsOnWeekly: string[];
          runsOnYearlyId: number;
          runsOnPublicHolidays: boolean;
          trips: { id: number }[];
        }[];
        activeRuleIds: number[];
        isHoliday: boolean;
      };
      const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'long',
        timeZone: 'UTC',
      });
      const expected = answer.schedules
        .filter(
          (s) =>
            s.runsOnWeekly.includes(weekday.toUpperCase()) &&
            answer.activeRuleIds.includes(s.runsOnYearlyId) &&
            (!answer.isHoliday || s.runsOnPublicHolidays),
        )
        .flatMap((s) => s.trips.map((trip) => trip.id))
        .sort((a, b) => a - b);
      const { data } = await lineTrips({ lineId: 1, date });
      expect(
        data.trips.map((trip) => trip.id).sort((a, b) => a - b),
        date,
      ).toEqual(expected);
    }
    // The school-term schedule runs on 2 December but not on 28 December (holidays).
    const term = (await lineTrips({ lineId: 1, date: '2026-12-02' })).data.trips.length;
    const holidays = (await lineTrips({ lineId: 1, date: '2026-12-28' })).data.trips.length;
    expect(term).toBeGreaterThan(holidays);
  });

  it('refuses a bad date or line with a 400 naming it', async () => {
    const badDate = await lineTrips({ lineId: M24, date: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.message).toContain('date must be a calendar date written YYYY-MM-DD');
    const noDate = await lineTrips({ lineId: M24 });
    expect(noDate.status).toBe(400);
    expect(noDate.message).toMatch(/^date:/);
    const badLine = await lineTrips({ lineId: 'M24', date: THURSDAY });
    expect(badLine.status).toBe(400);
    expect(badLine.message).toMatch(/^lineId:/);
    expect((await lineTrips({ lineId: 999_999, date: THURSDAY })).data.trips).toEqual([]);
  });
});

describe('admin.serviceChanges.preview', () => {
  it('names what the changes holding on a date do, and marks the trips of the line list', async () => {
    const cancel = await save({ kind: 'cancel', from: '2026-12-10', tripIds: [126], reason: 'kelio darbai' });
    const retime = await save({
      kind: 'retime',
      from: '2026-12-10',
      until: '2026-12-17',
      tripIds: [128],
      shiftMinutes: 10,
      stopTimes: [{ tripId: 128, index: 15, time: '13:50' }],
    });
    const stops = t.db.sqlite
      .prepare("SELECT id, name FROM stop WHERE name IN ('Troškūnai', 'Vaidlonys') ORDER BY name LIMIT 2")
      .all() as { id: number; name: string }[];
    const [troskunai, vaidlonys] = stops as [{ id: number; name: string }, { id: number; name: string }];
    const closure = await save({
      kind: 'closure',
      from: '2026-12-07',
      until: null,
      stopIds: [troskunai.id],
      insteadStopId: vaidlonys.id,
    });
    const notice = await save({
      kind: 'notice',
      titleLt: 'Šventinis eismas',
      from: '2026-12-24',
      until: '2026-12-26',
    });

    const day = await preview('2026-12-10');
    expect(day.today).toBe('2026-12-01');
    expect(day.items.map((c) => c.id)).toEqual([cancel.id, retime.id, closure.id]);
    const [cancelled, retimed, closed] = day.items;
    expect(cancelled).toMatchObject({
      status: 'upcoming',
      reason: 'kelio darbai',
      lines: [{ id: M24, name: 'M24' }],
    });
    expect(cancelled?.trips).toEqual([
      {
        id: 126,
        lineId: M24,
        lineName: 'M24',
        firstTime: '07:50',
        firstStop: 'Anykščių AS',
        lastStop: 'Nausodė',
        runs: true,
        changedTimes: [],
      },
    ]);
    expect(retimed?.trips[0]?.changedTimes[0]).toEqual({
      index: 0,
      stopName: 'Anykščių AS',
      planned: '12:40',
      time: '12:50',
    });
    expect(retimed?.trips[0]?.changedTimes.at(-1)).toEqual({
      index: 15,
      stopName: 'Nausodė',
      planned: '13:25',
      time: '13:50',
    });
    expect(closed).toMatchObject({ stops: [troskunai], insteadStop: vaidlonys, trips: [] });

    // A Friday: the retime still holds, but its trip does not run (and the cancel is over).
    const friday = await preview('2026-12-11');
    expect(friday.items.map((c) => c.id)).toEqual([retime.id, closure.id]);
    expect(friday.items[0]?.trips[0]?.runs).toBe(false);
    expect((await preview('2026-12-25')).items.map((c) => c.id)).toEqual([closure.id, notice.id]);
    expect((await preview('2026-12-06')).items).toEqual([]);

    const marked = (await lineTrips({ lineId: M24, date: '2026-12-10' })).data.trips;
    expect(marked.find((trip) => trip.id === 126)?.cancelledBy).toEqual({
      id: cancel.id,
      title: cancel.titleLt,
    });
    expect(marked.find((trip) => trip.id === 128)?.retimedBy).toEqual({
      id: retime.id,
      title: retime.titleLt,
    });
    expect(marked.find((trip) => trip.id === 127)).toMatchObject({ cancelledBy: null, retimedBy: null });
  });

  it('refuses a date that is not one', async () => {
    const result = await client.query('admin.serviceChanges.preview', { date: '10.12.2026' });
    expect(result.status).toBe(400);
    expect(result.message).toContain('date must be a calendar date written YYYY-MM-DD');
  });
});

import type { DepartureItem } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { VersionedServiceChange } from '../src/services/admin/service-changes.ts';
import { adminAppPerFile } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The departures answers with service changes (issue 27), on the real Anykščiai data:
 * the tRPC answer marks cancelled and not-served departures in their place, carries changed
 * times with the planned one, and lists the notices; the old home-from path leaves the
 * cancelled and not-served out and carries the changed times. Dates around a change answer
 * byte for byte as before.
 */

// 2026-12-01 09:30 in Vilnius, a Tuesday.
const clock = fixedClock('2026-12-01T07:30:00Z');
const TODAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';
const THURSDAY = '2026-12-03';
const FRIDAY = '2026-12-04';

const file = adminAppPerFile({ clock });

const departuresUrl = (from: number, date: string) =>
  `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from, dir: 'Out bound', date }))}`;

/** The tRPC answer as sent: its body text, parsed data and entity tag. */
async function departures(from: number, date: string) {
  const res = await file.t.app.inject({ method: 'GET', url: departuresUrl(from, date) });
  expect(res.statusCode).toBe(200);
  const data = (res.json() as { result: { data: DeparturesResult } }).result.data;
  return { body: res.body, data, etag: res.headers.etag };
}

async function homeFrom(from: number, date: string) {
  const res = await file.t.app.inject({
    method: 'GET',
    url: `/api/scheduleItem/home-from?qdate=${date}&qdir=Out%20bound&qbstopfrom=${from}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { tripId: number; timeDepart: string; tooLate: boolean }[];
}

async function save(change: Record<string, unknown>): Promise<VersionedServiceChange> {
  const saved = await file.client.mutate<VersionedServiceChange>('admin.serviceChanges.save', {
    id: null,
    baseVersion: 0,
    ...change,
  });
  expect(saved.status, saved.message).toBe(200);
  return saved.data;
}

const trip = (items: readonly DepartureItem[], tripId: number) =>
  items.find((i) => i.tripId === tripId) as DepartureItem;

describe('departures with service changes', () => {
  it('a cancelled trip stays in its place on that Thursday only, with the reason; old REST leaves it out', async () => {
    const before = {
      wed: await departures(1, WEDNESDAY),
      thu: await departures(1, THURSDAY),
      fri: await departures(1, FRIDAY),
      restThu: await homeFrom(1, THURSDAY),
    };
    // Panevėžys at 10:20 (trip 43) runs on weekdays.
    for (const day of [before.wed, before.thu, before.fri])
      expect(trip(day.data.items, 43).timeDepart).toBe('10:20');
    expect(before.thu.data.notices).toBeUndefined();

    const cancel = await save({ kind: 'cancel', from: THURSDAY, tripIds: [43], reason: 'kelio darbai' });

    const thu = await departures(1, THURSDAY);
    // The data moved on: the answer's tag with it.
    expect(thu.etag).not.toBe(before.thu.etag);
    expect(thu.data.items).toHaveLength(before.thu.data.items.length);
    const at = before.thu.data.items.findIndex((i) => i.tripId === 43);
    expect(thu.data.items[at]).toEqual({
      ...before.thu.data.items[at],
      cancelled: true,
      reason: 'kelio darbai',
      changeId: cancel.id,
    });
    // Every other departure as it was.
    expect(thu.data.items.filter((i) => i.tripId !== 43)).toEqual(
      before.thu.data.items.filter((i) => i.tripId !== 43),
    );
    // The notice the cancel wrote for itself, in both languages.
    expect(thu.data.notices).toEqual([
      {
        id: cancel.id,
        kind: 'cancel',
        from: THURSDAY,
        until: THURSDAY,
        titleLt: cancel.titleLt,
        textLt: 'Gruodžio 3 d. šis reisas nevyksta. Priežastis: kelio darbai.',
        titleEn: cancel.titleEn,
        textEn: 'On 3 December this trip does not run. Reason: kelio darbai.',
        url: null,
      },
    ]);
    // Wednesday and Friday: the very same bytes as before the change.
    expect((await departures(1, WEDNESDAY)).body).toBe(before.wed.body);
    expect((await departures(1, FRIDAY)).body).toBe(before.fri.body);

    // The old path: the cancelled trip left out, the rest as before.
    const restThu = await homeFrom(1, THURSDAY);
    expect(restThu.map((i) => i.tripId)).toEqual(
      before.restThu.map((i) => i.tripId).filter((id) => id !== 43),
    );
    expect(restThu).toEqual(before.restThu.filter((i) => i.tripId !== 43));
  });

  it('a cancel without a reason gives its Lithuanian title as the reason', async () => {
    const before = await departures(1, '2026-12-17');
    const cancel = await save({ kind: 'cancel', from: '2026-12-17', tripIds: [46] });
    const after = await departures(1, '2026-12-17');
    expect(trip(after.data.items, 46)).toEqual({
      ...trip(before.data.items, 46),
      cancelled: true,
      reason: cancel.titleLt,
      changeId: cancel.id,
    });
    expect(cancel.titleLt).toMatch(/^Atšauktas reisas \d\d:\d\d \(Panevėžys\)$/);
  });

  it('a retimed trip gets its new time, the planned one, its new place and tooLate by the new time', async () => {
    const before = await departures(1, TODAY);
    const restBefore = await homeFrom(1, TODAY);
    // Svėdasai at 09:15 (trip 100) has left at 09:30; 70 minutes later it leaves at 10:25.
    expect(trip(before.data.items, 100)).toMatchObject({ timeDepart: '09:15', tooLate: true });
    const retime = await save({ kind: 'retime', from: TODAY, tripIds: [100], shiftMinutes: 70 });

    const after = await departures(1, TODAY);
    const moved = trip(after.data.items, 100);
    expect(moved).toEqual({
      ...trip(before.data.items, 100),
      tooLate: false,
      timeDepart: '10:25',
      plannedTime: '09:15',
      changeId: retime.id,
    });
    // Ordered by the new time: after both 10:20 departures, before 11:00.
    const times = after.data.items.map((i) => i.timeDepart);
    expect(times).toEqual([...times].sort());
    const index = after.data.items.indexOf(moved);
    expect(after.data.items[index - 1]?.timeDepart).toBe('10:20');
    expect(after.data.items[index + 1]?.timeDepart).toBe('11:00');
    expect(after.data.items.filter((i) => i.tripId !== 100)).toEqual(
      before.data.items.filter((i) => i.tripId !== 100),
    );
    expect(after.data.notices?.map((n) => n.id)).toEqual([retime.id]);

    // The old path carries the new time, in its order, with tooLate by it.
    const rest = await homeFrom(1, TODAY);
    expect(rest).toHaveLength(restBefore.length);
    expect(rest.find((i) => i.tripId === 100)).toMatchObject({ timeDepart: '10:25:00', tooLate: false });
    const restTimes = rest.map((i) => i.timeDepart);
    expect(restTimes).toEqual([...restTimes].sort());

    // Further along the trip the stops' times move by as much (the next stop of the trip here).
    const later = await departures(33, TODAY);
    const at33 = trip(later.data.items, 100);
    expect(at33.plannedTime).toBeDefined();
    const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
    expect(minutes(at33.timeDepart) - minutes(at33.plannedTime as string)).toBe(70);
  });

  it('a typed time at a stop wins over the shift there', async () => {
    // Trip 51 (Utena, 11:40 from the station) on 2026-12-08: index 0 is the station.
    const before = await departures(1, '2026-12-08');
    expect(trip(before.data.items, 51).timeDepart).toBe('11:40');
    await save({
      kind: 'retime',
      from: '2026-12-08',
      tripIds: [51],
      shiftMinutes: 10,
      stopTimes: [{ tripId: 51, index: 0, time: '11:45' }],
    });
    const after = await departures(1, '2026-12-08');
    expect(trip(after.data.items, 51)).toMatchObject({ timeDepart: '11:45', plannedTime: '11:40' });
  });

  it('at a closed stop every departure is not served, within the closure dates only', async () => {
    const wed = await departures(33, '2026-12-09');
    const thuBefore = await departures(33, '2026-12-10');
    const home = await departures(1, '2026-12-10');
    const closure = await save({
      kind: 'closure',
      from: '2026-12-10',
      until: '2026-12-11',
      stopIds: [33],
      insteadStopId: 1,
    });
    for (const date of ['2026-12-10', '2026-12-11']) {
      const { data } = await departures(33, date);
      expect(data.items.length).toBeGreaterThan(10);
      for (const item of data.items) expect(item).toMatchObject({ notServed: true, changeId: closure.id });
      expect(data.notices).toEqual([
        expect.objectContaining({
          id: closure.id,
          kind: 'closure',
          insteadStopId: 1,
          insteadStopName: 'Anykščių AS',
        }),
      ]);
      // The old path cannot say so: it answers none.
      expect(await homeFrom(33, date)).toEqual([]);
    }
    expect(trip((await departures(33, '2026-12-10')).data.items, 63)).toEqual({
      ...trip(thuBefore.data.items, 63),
      notServed: true,
      changeId: closure.id,
    });
    // The day before, and the stop to use instead: served as ever.
    expect((await departures(33, '2026-12-09')).body).toBe(wed.body);
    const homeAfter = await departures(1, '2026-12-10');
    expect(homeAfter.data.items).toEqual(home.data.items);
    // ... where the closure's notice is shown (it names the stop to use).
    expect(homeAfter.data.notices?.map((n) => n.id)).toEqual([closure.id]);
  });

  it('a notice about the whole network is in every answer of its dates; removing a change undoes it', async () => {
    const before = await departures(33, '2026-12-22');
    const notice = await save({
      kind: 'notice',
      from: '2026-12-22',
      until: '2026-12-22',
      titleLt: 'Šventinis eismas',
    });
    const after = await departures(33, '2026-12-22');
    expect(after.data.items).toEqual(before.data.items);
    expect(after.data.notices).toEqual([
      {
        id: notice.id,
        kind: 'notice',
        from: '2026-12-22',
        until: '2026-12-22',
        titleLt: 'Šventinis eismas',
        textLt: null,
        titleEn: null,
        textEn: null,
        url: null,
      },
    ]);
    const removed = await file.client.mutate('admin.serviceChanges.delete', {
      id: notice.id,
      baseVersion: notice.version,
    });
    expect(removed.status, removed.message).toBe(200);
    const back = await departures(33, '2026-12-22');
    expect(back.body).toBe(before.body);
    expect(back.etag).not.toBe(after.etag);
  });
});

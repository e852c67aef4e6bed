import {
  formatTime,
  NO_CHANGE_RULES,
  parseTime,
  plannedVisits,
  type RideTrip,
  rideVisits,
  scheduleRunsOn,
  serviceDayContext,
  timetableTrips,
} from '@bus/core';
import { referenceEarliestArrival } from '@bus/core/planner-reference';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { type JourneysAnswer, planJourneysAnswer, planShareOf } from '../src/public-read/journeys.ts';
import { readContext } from '../src/public-read/read-context.ts';
import type { TripSchedule } from '../src/public-read/timetable.ts';
import { adminAppPerFile } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

// Friday 27 November 2026, 12:00 in Vilnius.
const clock = fixedClock('2026-11-27T10:00:00Z');
const WEDNESDAY = '2026-12-02';
const CHRISTMAS = '2026-12-25';
const ANYKSCIAI = 1;
const KAVARSKAS = 27;
const UTENA = 115;
const SVEDASAI = 168;
const TROSKUNAI = 85;
const VIKONYS = 8;

const file = adminAppPerFile({ clock });

// These tests ask what a plan answers, not when the server refuses to plan: planning's share of
// the event loop (journeys.ts) is forgotten before each, so a loaded machine, where each plan
// takes longer, cannot turn an answer into 'try again in a few seconds' (plan-bounds.test.ts
// tests the refusal).
const forgetShare = () => planShareOf(file.t.db).clear();
beforeEach(forgetShare);

async function plan(input: Record<string, unknown>): Promise<JourneysAnswer> {
  const res = await trpcQuery<JourneysAnswer>(file.t.app, 'timetable.plan', input);
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  return res.data;
}

/** Journeys as short text: "10:40-13:00 113:27>1 51:1>115" (trip:from>to per leg). */
const text = (answer: JourneysAnswer) =>
  answer.journeys.map(
    (j) =>
      `${j.depart}-${j.arrive} ${j.legs.map((l) => `${l.tripId}:${l.fromStopId}>${l.toStopId}`).join(' ')}`,
  );

/** Every leg rides its trip as the trip page shows it on the date, and every change takes 2 minutes or more. */
async function expectRideable(answer: JourneysAnswer, date: string) {
  for (const journey of answer.journeys) {
    expect(journey.changes).toBe(journey.legs.length - 1);
    expect(journey.depart).toBe(journey.legs[0]?.depart);
    expect(journey.arrive).toBe(journey.legs.at(-1)?.arrive);
    for (const [i, leg] of journey.legs.entries()) {
      const res = await trpcQuery<TripSchedule>(file.t.app, 'timetable.tripSchedule', {
        id: leg.tripId,
        date,
      });
      const { schedule, lineInfo } = res.data;
      expect(lineInfo.name).toBe(leg.lineName);
      const trip = schedule.trips.find((x) => x.id === leg.tripId);
      const stops = (trip?.route.stopsArr ?? []).map((s) => s.id);
      const travel = trip?.routeDirReversed ? stops.reverse() : stops;
      const at = travel.findIndex((s, k) => s === leg.fromStopId && trip?.timeList[k] === leg.depart);
      const to = travel.findIndex((s, k) => k > at && s === leg.toStopId && trip?.timeList[k] === leg.arrive);
      expect(at, JSON.stringify(leg)).toBeGreaterThanOrEqual(0);
      expect(to, JSON.stringify(leg)).toBeGreaterThan(at);
      const next = journey.legs[i + 1];
      if (next !== undefined)
        expect(parseTime(next.depart) as number).toBeGreaterThanOrEqual(
          (parseTime(leg.arrive) as number) + 2,
        );
    }
  }
}

describe('timetable.plan on the real Anykščiai data', () => {
  it('plans Kavarskas -> Utena on a weekday: a change at Anykščių AS, each leg as its trip runs', async () => {
    const answer = await plan({ from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '06:00' });
    expect(text(answer)).toEqual(['10:40-13:00 113:27>1 51:1>115', '15:15-18:10 84:27>1 53:1>115']);
    expect(answer.journeys[0]?.legs.map((l) => l.lineName)).toEqual(['Kavarskas m27?', 'Utena']);
    expect(answer.stops).toEqual([
      { id: ANYKSCIAI, name: 'Anykščių AS' },
      { id: KAVARSKAS, name: 'Kavarskas' },
      { id: UTENA, name: 'Utenos AS' },
    ]);
    await expectRideable(answer, WEDNESDAY);
    // Arriving by 20:00: the same two, the latest first found.
    const by = await plan({ from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '20:00', arriveBy: true });
    expect(text(by)).toEqual(text(answer));
    // After the last one leaves, nothing more that day.
    expect((await plan({ from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '15:16' })).journeys).toEqual([]);
  });

  it('plans Svėdasai -> Troškūnai: a change at Vikonys where it is quicker than Anykščių AS', async () => {
    const answer = await plan({ from: SVEDASAI, to: TROSKUNAI, date: WEDNESDAY, time: '05:00' });
    expect(text(answer)).toEqual([
      '07:05-07:32 99:168>8 41:8>85',
      '09:57-10:40 101:168>8 43:8>85',
      '15:46-17:50 105:168>1 48:1>85',
    ]);
    await expectRideable(answer, WEDNESDAY);
  });

  it('plans a holiday by its holiday services only', async () => {
    expect((await plan({ from: KAVARSKAS, to: UTENA, date: CHRISTMAS, time: '05:00' })).journeys).toEqual([]);
    const answer = await plan({ from: ANYKSCIAI, to: UTENA, date: CHRISTMAS, time: '05:00' });
    expect(answer.journeys.length).toBeGreaterThan(0);
    await expectRideable(answer, CHRISTMAS);
    for (const leg of answer.journeys.flatMap((j) => j.legs)) {
      const res = await trpcQuery<TripSchedule>(file.t.app, 'timetable.tripSchedule', { id: leg.tripId });
      expect(res.data.schedule.runsOnPublicHolidays, `trip ${leg.tripId}`).toBe(true);
    }
    const weekday = await plan({ from: ANYKSCIAI, to: UTENA, date: WEDNESDAY, time: '05:00' });
    expect(text(weekday)).not.toEqual(text(answer));
  });

  it('agrees with a simple reference planner on 2,000 random pairs and times over four dates', async () => {
    const dataset = await loadDefaultDataset();
    const trips = timetableTrips(dataset);
    let seed = 2026;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const read = readContext(file.t.db, clock);
    let compared = 0;
    let reached = 0;
    for (const date of [WEDNESDAY, '2026-12-05', '2026-12-06', CHRISTMAS]) {
      // The day's rides worked out from the dataset itself, by core's service-day rule.
      const day = serviceDayContext(date, dataset.yearlyRules, dataset.holidays);
      const rides: RideTrip[] = trips
        .filter((trip) => scheduleRunsOn(trip.schedule, day))
        .map((trip) => {
          const visits = rideVisits(plannedVisits(trip.travel, trip.planned));
          return {
            tripId: trip.tripId,
            lineId: trip.lineId,
            stops: visits.map((v) => v.stopId),
            minutes: visits.map((v) => v.minute),
          };
        });
      // Stops the day's buses serve (a stop nothing serves that day joins nothing).
      const stopIds = [...new Set(rides.flatMap((r) => r.stops))].sort((a, b) => a - b);
      for (let q = 0; q < 500; q++) {
        const from = stopIds[random(stopIds.length)] as number;
        let to = stopIds[random(stopIds.length)] as number;
        if (to === from) to = stopIds[(stopIds.indexOf(from) + 1) % stopIds.length] as number;
        const time = 240 + random(1140);
        forgetShare();
        const answer = await planJourneysAnswer(read, { from, to, date, time: formatTime(time) });
        const earliest = answer.journeys.length === 0 ? null : answer.journeys.map((j) => j.arrive).sort()[0];
        const expected = referenceEarliestArrival(rides, NO_CHANGE_RULES, from, to, time, 4);
        expect(earliest, `${from} -> ${to} on ${date} at ${formatTime(time)}`).toBe(
          expected === null ? null : formatTime(expected),
        );
        compared++;
        if (expected !== null) reached++;
      }
    }
    expect(compared).toBe(2000);
    // Not a comparison of empty answers: a good share of the pairs is joined by buses.
    expect(reached).toBeGreaterThan(400);
  });
});

describe('timetable.plan refuses bad input: 400 naming it', () => {
  it.each([
    [
      { from: KAVARSKAS, to: KAVARSKAS, date: WEDNESDAY, time: '06:00' },
      'to: from and to must be different stops',
    ],
    [
      { from: KAVARSKAS, to: UTENA, date: '2026-02-30', time: '06:00' },
      'date: date must be a calendar date written YYYY-MM-DD',
    ],
    [
      { from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '6:00' },
      'time: time must be a time of day written HH:MM',
    ],
    [
      { from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '24:00' },
      'time: time must be a time of day written HH:MM',
    ],
    [{ to: UTENA, date: WEDNESDAY, time: '06:00' }, 'from: from must be a positive whole number'],
    [{ from: 'x', to: UTENA, date: WEDNESDAY, time: '06:00' }, 'from: from must be a positive whole number'],
    [
      { from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '06:00', arriveBy: 'yes' },
      'arriveBy: arriveBy must be true or false',
    ],
  ])('%j', async (input, message) => {
    const res = await trpcQuery(file.t.app, 'timetable.plan', input);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(message);
  });

  it('an unknown stop: 404 naming it', async () => {
    const res = await trpcQuery(file.t.app, 'timetable.plan', {
      from: 99999,
      to: UTENA,
      date: WEDNESDAY,
      time: '06:00',
    });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('Bus stop 99999 does not exist');
  });
});

describe('timetable.plan follows what staff save', () => {
  it('leaves out a cancelled trip on its date only (the service changes)', async () => {
    const saved = await file.client.mutate('admin.serviceChanges.save', {
      id: null,
      baseVersion: 0,
      kind: 'cancel',
      from: WEDNESDAY,
      until: WEDNESDAY,
      tripIds: [41],
      titleLt: 'Reisas atšauktas',
    });
    expect(saved.status, saved.message).toBe(200);
    const answer = await plan({ from: SVEDASAI, to: TROSKUNAI, date: WEDNESDAY, time: '05:00' });
    // The 07:05 from Svėdasai now goes on to Anykščių AS for a later bus to Troškūnai.
    expect(text(answer)).toEqual([
      '07:05-08:50 99:168>1 46:1>85',
      '09:57-10:40 101:168>8 43:8>85',
      '15:46-17:50 105:168>1 48:1>85',
    ]);
    const thursday = await plan({ from: SVEDASAI, to: TROSKUNAI, date: '2026-12-03', time: '05:00' });
    expect(text(thursday)[0]).toBe('07:05-07:32 99:168>8 41:8>85');
  });

  it('takes a stop’s own change time and a change place, saved on the Changes between buses screen', async () => {
    const loaded = await file.client.query<{ version: number }>('admin.changeRules.get');
    // Vikonys takes 6 minutes to change: the 07:10 arrival misses the 07:15 bus.
    const saved = await file.client.mutate<{ version: number; stopNames: { id: number; name: string }[] }>(
      'admin.changeRules.save',
      { stopMinutes: [{ stopId: VIKONYS, minutes: 6 }], places: [], baseVersion: loaded.data.version },
    );
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.stopNames).toEqual([{ id: VIKONYS, name: 'Vikonys' }]);
    const answer = await plan({ from: SVEDASAI, to: TROSKUNAI, date: '2026-12-03', time: '05:00' });
    expect(text(answer)[0]).not.toBe('07:05-07:32 99:168>8 41:8>85');

    // A stop that does not exist: 404 naming it, nothing saved.
    const unknown = await file.client.mutate('admin.changeRules.save', {
      stopMinutes: [{ stopId: 99999, minutes: 3 }],
      places: [],
      baseVersion: saved.data.version,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Bus stop 99999 does not exist');
    const same = await file.client.mutate('admin.changeRules.save', {
      stopMinutes: [],
      places: [{ stopA: VIKONYS, stopB: VIKONYS, walkMinutes: 3 }],
      baseVersion: saved.data.version,
    });
    expect(same.status).toBe(400);
    expect(
      (await file.client.query<{ stopMinutes: unknown[] }>('admin.changeRules.get')).data.stopMinutes,
    ).toEqual([{ stopId: VIKONYS, minutes: 6 }]);
  });

  it('keeps the settings in the history, as one set, and puts an earlier set back', async () => {
    type Entry = { id: number; kind: string; version: number; restorable: boolean; summary: string };
    const history = await file.client.query<{ items: Entry[] }>('admin.history.list', {
      kind: 'change_rules',
    });
    expect(history.status, history.message).toBe(200);
    const entry = history.data.items[0] as Entry;
    expect(entry).toMatchObject({ kind: 'change_rules', summary: 'Changes between buses', restorable: true });
    const restored = await file.client.mutate('admin.history.restore', {
      id: entry.id,
      baseVersion: entry.version,
    });
    expect(restored.status, restored.message).toBe(200);
    // Before the first save there were none: the planner changes at Vikonys in 2 minutes again.
    expect(
      (await file.client.query<{ stopMinutes: unknown[] }>('admin.changeRules.get')).data.stopMinutes,
    ).toEqual([]);
    const answer = await plan({ from: SVEDASAI, to: TROSKUNAI, date: '2026-12-03', time: '05:00' });
    expect(text(answer)[0]).toBe('07:05-07:32 99:168>8 41:8>85');
  });
});

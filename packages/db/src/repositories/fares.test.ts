import type { FareRule, TimetableDataset } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../connection.ts';
import { replaceTimetable } from './dataset.ts';
import {
  deleteConcession,
  deleteFareRule,
  deleteThroughFare,
  getFareRule,
  getThroughFare,
  insertConcession,
  insertFareRule,
  insertThroughFare,
  listConcessions,
  listFareRules,
  listStopFareUsage,
  listStopThroughFareUsage,
  listThroughFares,
  restoreConcessionRow,
  restoreFareRuleRow,
  restoreThroughFareRow,
  throughFareIdFrom,
  updateFareRule,
  updateThroughFare,
} from './fares.ts';
import { deleteLineDeep } from './lines.ts';

/** Two lines on three stops: enough for rules of each kind, pairs and the foreign keys. */
const TIMETABLE: TimetableDataset = {
  format: 'bus-timetable',
  version: 1,
  stops: [
    { id: 1, name: 'Anykščių AS', coords: null, defaultOption: true },
    { id: 2, name: 'Vikonys', coords: null, defaultOption: false },
    { id: 3, name: 'Troškūnai', coords: null, defaultOption: false },
  ],
  holidays: [],
  yearlyRules: [],
  lines: [1, 2].map((id) => ({
    id,
    name: `M${id}`,
    routeStart: null,
    routeEnd: null,
    routeType: 'Regional Bus' as const,
    operator: null,
    anykStationPlatform: null,
    price: null,
    via: null,
    enabledSeasonalYearlyRuleFilter: false,
    customNotes: [],
    routes: [{ id, routeNotes: null, stopIds: [1, 2, 3], distanceMeters: [1200, 3400] }],
  })),
  schedules: [],
};

async function db() {
  const opened = await createTestDb();
  replaceTimetable(opened.sqlite, TIMETABLE);
  return opened;
}

const flat = { lineId: 1, validFrom: '2027-01-01', method: { kind: 'flat', cents: 100 } } as const;
const bands: Omit<FareRule, 'id'> = {
  lineId: 2,
  validFrom: '2027-01-01',
  method: {
    kind: 'bands',
    bands: [
      { upToMeters: 2000, cents: 80 },
      { upToMeters: 10000, cents: 150 },
    ],
  },
  roundingCents: 10,
  minimumCents: 50,
  pairs: [
    { fromStopId: 3, toStopId: 1, cents: 120 },
    { fromStopId: 1, toStopId: 2, cents: 70 },
  ],
};

describe('fare rules', () => {
  it('are stored and read back with their bands in order and their pairs by stops', async () => {
    const { kysely, sqlite } = await db();
    const first = await insertFareRule(kysely, { ...flat, roundingCents: 1, minimumCents: 0, pairs: [] });
    const second = await insertFareRule(kysely, bands);
    expect(second).toEqual({
      ...bands,
      id: second.id,
      pairs: [
        { fromStopId: 1, toStopId: 2, cents: 70 },
        { fromStopId: 3, toStopId: 1, cents: 120 },
      ],
    });
    expect(await listFareRules(kysely)).toEqual([first, second]);
    expect(await listFareRules(kysely, { lineIds: [2] })).toEqual([second]);
    expect(
      sqlite.prepare('SELECT method, flat_cents, cents_per_km FROM fare_rule ORDER BY id').all(),
    ).toEqual([
      { method: 'flat', flat_cents: 100, cents_per_km: null },
      { method: 'bands', flat_cents: null, cents_per_km: null },
    ]);

    // A rewrite replaces the bands and pairs; a per-km rule keeps only its price per km.
    const perKm = { ...bands, method: { kind: 'perKm', centsPerKm: 7 } as const, pairs: [] };
    expect(await updateFareRule(kysely, second.id, perKm)).toBe(true);
    expect(await getFareRule(kysely, second.id)).toEqual({ ...perKm, id: second.id });
    expect(sqlite.prepare('SELECT count(*) FROM fare_band').pluck().get()).toBe(0);
    expect(await updateFareRule(kysely, 999, perKm)).toBe(false);

    expect(await deleteFareRule(kysely, first.id)).toBe(true);
    expect(await deleteFareRule(kysely, first.id)).toBe(false);
    // A restore puts it back under its old id.
    await restoreFareRuleRow(kysely, first);
    expect(await getFareRule(kysely, first.id)).toEqual(first);
    await kysely.destroy();
  });

  it('the database refuses two rules of a line from one date, a pair of one stop, a missing line or stop', async () => {
    const { kysely } = await db();
    await insertFareRule(kysely, bands);
    await expect(insertFareRule(kysely, { ...bands, pairs: [] })).rejects.toThrow(/UNIQUE/);
    await expect(
      insertFareRule(kysely, {
        ...bands,
        validFrom: '2027-02-01',
        pairs: [{ fromStopId: 2, toStopId: 2, cents: 1 }],
      }),
    ).rejects.toThrow(/CHECK/);
    await expect(
      insertFareRule(kysely, { ...bands, lineId: 9, validFrom: '2027-03-01', pairs: [] }),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(
      insertFareRule(kysely, {
        ...bands,
        validFrom: '2027-04-01',
        pairs: [{ fromStopId: 1, toStopId: 9, cents: 1 }],
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    await kysely.destroy();
  });

  it('a stop a pair names is kept from deletion, and a deleted line takes its rules with it', async () => {
    const { kysely, sqlite } = await db();
    await insertFareRule(kysely, bands);
    expect(await listStopFareUsage(kysely, 3)).toEqual([{ id: 2, name: 'M2' }]);
    expect(await listStopFareUsage(kysely, 2)).toEqual([{ id: 2, name: 'M2' }]);
    // Even once no route uses it: the foreign key holds.
    sqlite.prepare('DELETE FROM route_distance').run();
    sqlite.prepare('DELETE FROM route_stop WHERE stop_id = 3').run();
    expect(() => sqlite.prepare('DELETE FROM stop WHERE id = 3').run()).toThrow(/FOREIGN KEY/);

    expect(await deleteLineDeep(kysely, 2)).toBe(true);
    expect(await listFareRules(kysely)).toEqual([]);
    expect(sqlite.prepare('SELECT count(*) FROM fare_pair').pluck().get()).toBe(0);
    expect(await listStopFareUsage(kysely, 3)).toEqual([]);
    await kysely.destroy();
  });
});

describe('concessions', () => {
  it('are stored, changed, deleted and restored under their ids', async () => {
    const { kysely } = await db();
    const pupils = await insertConcession(kysely, { nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50 });
    const seniors = await insertConcession(kysely, { nameLt: 'Senjorai', nameEn: 'Seniors', percent: 20 });
    expect(await listConcessions(kysely)).toEqual([pupils, seniors]);
    await restoreConcessionRow(kysely, { ...pupils, percent: 10 });
    expect((await listConcessions(kysely))[0]).toEqual({ ...pupils, percent: 10 });
    expect(await deleteConcession(kysely, pupils.id)).toBe(true);
    await restoreConcessionRow(kysely, pupils);
    expect(await listConcessions(kysely)).toEqual([pupils, seniors]);
    await expect(insertConcession(kysely, { nameLt: 'X', nameEn: 'X', percent: 101 })).rejects.toThrow(
      /CHECK/,
    );
    await kysely.destroy();
  });
});

describe('through fares', () => {
  // From Vikonys (2) on M1 changing to M2 to Troškūnai (3).
  const through = {
    fromLineId: 1,
    fromStopId: 2,
    toLineId: 2,
    toStopId: 3,
    validFrom: '2027-01-01',
    cents: 180,
    changeMinutes: 45,
  };

  it('are stored, found by their journey either way round, changed, deleted and restored under their ids', async () => {
    const { kysely } = await db();
    const first = await insertThroughFare(kysely, through);
    const later = await insertThroughFare(kysely, {
      ...through,
      fromLineId: 2,
      fromStopId: 3,
      toLineId: 1,
      toStopId: 2,
      validFrom: '2027-06-01',
      cents: 200,
    });
    expect(first).toEqual({ id: 1, ...through });
    expect(await listThroughFares(kysely)).toEqual([first, later]);
    expect(await listThroughFares(kysely, { lineIds: [2] })).toEqual([first, later]);
    expect(await throughFareIdFrom(kysely, through, '2027-06-01')).toBe(later.id);
    expect(await throughFareIdFrom(kysely, through, '2027-01-01')).toBe(first.id);
    expect(await throughFareIdFrom(kysely, { ...through, toStopId: 1 }, '2027-01-01')).toBeUndefined();
    expect(await updateThroughFare(kysely, first.id, { ...through, cents: 190 })).toBe(true);
    expect((await getThroughFare(kysely, first.id))?.cents).toBe(190);
    expect(await deleteThroughFare(kysely, first.id)).toBe(true);
    expect(await updateThroughFare(kysely, first.id, through)).toBe(false);
    await restoreThroughFareRow(kysely, first);
    expect(await listThroughFares(kysely)).toEqual([first, later]);
    await expect(insertThroughFare(kysely, { ...through, toLineId: 1 })).rejects.toThrow(/CHECK/);
    await expect(insertThroughFare(kysely, { ...through, changeMinutes: 0 })).rejects.toThrow(/CHECK/);
    await kysely.destroy();
  });

  it('keep their stops from being deleted and go with either of their lines', async () => {
    const { kysely, sqlite } = await db();
    await insertThroughFare(kysely, through);
    expect(await listStopThroughFareUsage(kysely, 3)).toEqual([
      { id: 1, name: 'M1' },
      { id: 2, name: 'M2' },
    ]);
    expect(await listStopThroughFareUsage(kysely, 1)).toEqual([]);
    sqlite.prepare('DELETE FROM route_stop WHERE stop_id = 3').run();
    expect(() => sqlite.prepare('DELETE FROM stop WHERE id = 3').run()).toThrow(/FOREIGN KEY/);
    expect(await deleteLineDeep(kysely, 2)).toBe(true);
    expect(await listThroughFares(kysely)).toEqual([]);
    await kysely.destroy();
  });
});

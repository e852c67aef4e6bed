import type { Holiday, Stop } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { StopWithUsage } from '../src/services/admin/stops.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

const FAILED = "Input validation failed, check if everything's entered right";

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;
// 2026-03-04 09:30 in Vilnius, a Wednesday.
const clock = fixedClock('2026-03-04T07:30:00Z');

beforeAll(async () => {
  t = await adminApp({ clock });
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const holidays = async () => (await client.query<Holiday[]>('admin.holidays.list')).data;
const stopsWithUsage = async () => (await client.query<StopWithUsage[]>('admin.stops.listWithUsage')).data;
const holidayVersion = (id: number) => versionNow(t, { kind: 'holiday', id });
const stopVersion = (id: number) => versionNow(t, { kind: 'stop', id });

describe('admin.holidays', () => {
  it('lists the holidays by id', async () => {
    const list = await holidays();
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({ id: 1, name: 'Naujieji metai', month: 1, day: 1, version: 0 });
    expect(list.map((h) => h.id)).toEqual([...list.map((h) => h.id)].sort((a, b) => a - b));
  });

  it('creates with id null or a negative id, updates by id, deletes', async () => {
    const created = await client.mutate<Holiday>('admin.holidays.save', {
      id: null,
      name: ' Keliamoji ',
      month: 2,
      day: 29,
      baseVersion: 0,
    });
    expect(created.data).toEqual({
      id: expect.any(Number),
      name: 'Keliamoji',
      month: 2,
      day: 29,
      version: expect.any(Number),
    });
    const temp = await client.mutate<Holiday>('admin.holidays.save', {
      id: -3,
      name: 'Temp',
      month: 4,
      day: 30,
      baseVersion: 0,
    });
    expect(temp.data.id).toBeGreaterThan(created.data.id);
    const updated = await client.mutate<Holiday>('admin.holidays.save', {
      ...created.data,
      name: 'Renamed',
      day: 28,
      baseVersion: (created.data as Holiday & { version: number }).version,
    });
    expect(updated.data).toEqual({
      id: created.data.id,
      name: 'Renamed',
      month: 2,
      day: 28,
      version: expect.any(Number),
    });
    // Each save is a new version; the list shows the one the save answered.
    expect((updated.data as Holiday & { version: number }).version).toBeGreaterThan(
      (created.data as Holiday & { version: number }).version,
    );
    expect((await holidays()).find((h) => h.id === created.data.id)).toEqual(updated.data);
    const tempVersion = await holidayVersion(temp.data.id);
    expect(
      (await client.mutate('admin.holidays.delete', { id: temp.data.id, baseVersion: tempVersion })).data,
    ).toEqual({
      id: temp.data.id,
    });
    expect((await holidays()).some((h) => h.id === temp.data.id)).toBe(false);
  });

  it('answers unknown ids with NOT_FOUND', async () => {
    const save = await client.mutate('admin.holidays.save', {
      id: 9999,
      name: 'X',
      month: 1,
      day: 1,
      baseVersion: 0,
    });
    expect(save).toMatchObject({ status: 404, message: 'Holiday 9999 does not exist' });
    expect((await client.mutate('admin.holidays.delete', { id: 9999, baseVersion: 0 })).status).toBe(404);
  });

  it('refuses invalid holidays with the spec message and changes nothing', async () => {
    const before = await holidays();
    for (const input of [
      { id: null, name: '', month: 1, day: 1 },
      { id: null, name: '   ', month: 1, day: 1 },
      { id: null, month: 1, day: 1 },
      { id: null, name: 'X', month: 0, day: 1 },
      { id: null, name: 'X', month: 13, day: 1 },
      { id: null, name: 'X', month: 4, day: 31 },
      { id: null, name: 'X', month: 2, day: 30 },
      { id: null, name: 'X', month: 1, day: 0 },
      { id: null, name: 'X', month: 1.5, day: 1 },
      { id: null, name: 'X', month: 'one', day: 1 },
      { id: 1, name: 'X', month: 1 },
    ]) {
      const res = await client.mutate('admin.holidays.save', { ...input, baseVersion: 0 });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.code).toBe('BAD_REQUEST');
      expect(res.message).toBe(FAILED);
    }
    expect(await holidays()).toEqual(before);
  });

  it('a new holiday changes the public departures at once', async () => {
    const date = '2026-03-05'; // an ordinary Thursday
    const query = { from: 1, dir: 'Out bound', date };
    const before = (await client.query<DeparturesResult>('timetable.departures', query)).data.items.length;
    const holiday = await client.mutate<Holiday>('admin.holidays.save', {
      id: null,
      name: 'New',
      month: 3,
      day: 5,
      baseVersion: 0,
    });
    const during = (await client.query<DeparturesResult>('timetable.departures', query)).data.items.length;
    expect(during).toBeLessThan(before);
    await client.mutate('admin.holidays.delete', {
      id: holiday.data.id,
      baseVersion: await holidayVersion(holiday.data.id),
    });
    expect((await client.query<DeparturesResult>('timetable.departures', query)).data.items.length).toBe(
      before,
    );
  });
});

describe('admin.stops', () => {
  it('lists every stop by id, and with the lines that use it', async () => {
    const list = (await client.query<Stop[]>('admin.stops.list')).data;
    expect(list).toHaveLength(195);
    expect(list[0]).toEqual({
      id: 1,
      name: 'Anykščių AS',
      coords: null,
      defaultOption: true,
      searchNames: [],
      position: null,
      stepFree: 'unknown',
      bay: null,
    });
    const usage = await stopsWithUsage();
    expect(usage.map((u) => u.stop)).toEqual(list);
    const home = usage[0];
    expect(home?.usedInLines.length).toBe(21);
    expect(home?.usedInLines[0]).toEqual({ id: 1, name: 'M35' });
    expect(usage.every((u) => u.usedInLines.length > 0)).toBe(true);
  });

  it('searches names ignoring case and diacritics, with usage; empty lists all', async () => {
    const found = (await client.query<StopWithUsage[]>('admin.stops.search', { query: 'ANYKSCIU' })).data;
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.stop.id).toBe(1);
    expect(found.every((f) => f.stop.name.toLowerCase().includes('anykščių'))).toBe(true);
    expect(found[0]?.usedInLines.length).toBe(21);
    const siau = (await client.query<StopWithUsage[]>('admin.stops.search', { query: 'šeimyn' })).data;
    expect(siau.map((s) => s.stop.id)).toContain(3);
    expect((await client.query<StopWithUsage[]>('admin.stops.search', { query: '' })).data).toHaveLength(195);
    expect((await client.query<StopWithUsage[]>('admin.stops.search', { query: '%' })).data).toHaveLength(0);
  });

  it('creates (name only, as the line editor does), updates with the search columns, deletes an unused stop', async () => {
    const created = await client.mutate<Stop>('admin.stops.save', {
      id: null,
      name: 'Žalioji g.',
      baseVersion: 0,
    });
    expect(created.data).toEqual({
      id: expect.any(Number),
      name: 'Žalioji g.',
      coords: null,
      defaultOption: false,
      searchNames: [],
      position: null,
      stepFree: 'unknown',
      bay: null,
      version: expect.any(Number),
    });
    const temporary = await client.mutate<Stop>('admin.stops.save', {
      id: -4,
      name: 'Laikina',
      defaultOption: false,
      baseVersion: 0,
    });
    expect(temporary.data.id).toBeGreaterThan(created.data.id);
    expect(
      (
        await client.mutate('admin.stops.delete', {
          id: temporary.data.id,
          baseVersion: await stopVersion(temporary.data.id),
        })
      ).status,
    ).toBe(200);
    const legacyForm = await client.mutate<Stop>('admin.stops.save', {
      name: 'Form',
      coords: '',
      defaultOption: '',
      baseVersion: 0,
    });
    expect(legacyForm.data).toMatchObject({ coords: null, defaultOption: false });
    const updated = await client.mutate<Stop>('admin.stops.save', {
      id: created.data.id,
      name: 'Šilo g.',
      coords: 'prie miško',
      defaultOption: true,
      baseVersion: await stopVersion(created.data.id),
    });
    expect(updated.data).toEqual({
      id: created.data.id,
      name: 'Šilo g.',
      coords: 'prie miško',
      defaultOption: true,
      searchNames: [],
      position: null,
      stepFree: 'unknown',
      bay: null,
      version: expect.any(Number),
    });
    // The folded name was rewritten: the public search finds the new name without diacritics.
    const publicSearch = await client.query<Stop[]>('timetable.searchStops', { query: 'silo' });
    expect(publicSearch.data.map((s) => s.id)).toContain(created.data.id);
    const defaults = await client.query<Stop[]>('timetable.searchStops', { query: '' });
    expect(defaults.data.map((s) => s.id)).toContain(created.data.id);

    for (const id of [created.data.id, legacyForm.data.id])
      expect(
        (await client.mutate('admin.stops.delete', { id, baseVersion: await stopVersion(id) })).status,
      ).toBe(200);
    expect((await stopsWithUsage()).some((s) => s.stop.id === created.data.id)).toBe(false);
  });

  it('refuses to delete a stop a route uses (CONFLICT naming the lines) and keeps it', async () => {
    const before = await stopsWithUsage();
    const res = await client.mutate('admin.stops.delete', { id: 2, baseVersion: 0 });
    expect(res.status).toBe(409);
    expect(res.code).toBe('CONFLICT');
    expect(res.message).toBe(
      'Bus stop Techn. mokykla is used by lines: M35, M18, M18 (iki Repšėnai), Ukmergė m27?',
    );
    expect(await stopsWithUsage()).toEqual(before);
  });

  it('refuses invalid stops and unknown ids', async () => {
    for (const input of [
      { id: null, name: '' },
      { id: null, name: '  ' },
      { id: null },
      { id: null, name: 5 },
    ]) {
      const res = await client.mutate('admin.stops.save', { ...input, baseVersion: 0 });
      expect(res.status).toBe(400);
      expect(res.message).toBe(FAILED);
    }
    expect((await client.mutate('admin.stops.save', { id: 9999, name: 'X', baseVersion: 0 })).status).toBe(
      404,
    );
    expect((await client.mutate('admin.stops.delete', { id: 9999, baseVersion: 0 })).status).toBe(404);
  });
});

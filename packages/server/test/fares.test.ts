import {
  type Concession,
  concessionCents,
  englishMessage,
  type FareRoute,
  type FareRule,
  fareTable,
  priceBetween,
  serverMessage,
} from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { FareAnswer, FareTableAnswer } from '../src/public-read/fares.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { LineFull } from '../src/services/admin/lines.ts';
import {
  adminAppPerFile,
  adminClient,
  createTestUser,
  expectStopDeleteRefused,
  ok,
  saveNewStop,
  tokenFor,
  toSaveInput,
  trpc,
} from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * Fares (issue 41) through the real HTTP stack on the real Anykščiai data: staff save a flat fare
 * for M35 (line 1, route 1: Anykščių AS 1 … Dabužiai 6) and a per-km fare with a minimum, a
 * rounding step and a pair fare for M27 (line 3, route 3: Anykščių AS 1 … Kavarskas 27 …
 * Pravydžiai 32), enter M27's distances through the line editor's save, and the public
 * timetable.fare and timetable.fareTable answer what core's rules give, with the concessions;
 * no price before a rule's first day nor on a route without distances; stale saves, bad inputs
 * and callers who are not staff change nothing; the history puts a change back.
 */

// 2026-12-10 12:00 in Vilnius; the fares below start on 2027-01-01.
const clock = fixedClock('2026-12-10T10:00:00Z');
const file = adminAppPerFile({ clock });
const FROM = '2027-01-01';
const ON = '2027-01-05';

type Versioned<T> = T & { version: number };
const client = () => file.client;
/** A public call, as a visitor makes it (no token). */
const visitor = <T>(path: string, input: unknown) => trpc<T>(file.t.app, 'query', path, input);
const fare = async (input: Record<string, unknown>) => ok(visitor<FareAnswer>('timetable.fare', input));
const rules = (lineId: number) => ok(client().query<Versioned<FareRule>[]>('admin.fares.list', { lineId }));
const count = (table: string) => file.t.db.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
/** What a refused write must leave alone. */
const stored = () => ({
  rules: file.t.db.sqlite.prepare('SELECT * FROM fare_rule ORDER BY id').all(),
  pairs: count('fare_pair'),
  concessions: file.t.db.sqlite.prepare('SELECT * FROM concession ORDER BY id').all(),
  history: count('change_log'),
});

/** M27's distances from each stop to the next (metres), as staff enter them in the line editor. */
const M27_DISTANCES = [2100, 1800, 3500, 2900, 4200, 3100, 2600, 2200, 1900, 2400, 3000];
const M27_STOPS = [1, 3, 4, 24, 25, 26, 27, 28, 29, 30, 31, 32];

let pupils: Versioned<Concession>;
let seniors: Versioned<Concession>;
let flat: Versioned<FareRule>;
let perKm: Versioned<FareRule>;

/** Each concession's price of a fare, as core works it out. */
const concessionsOf = (cents: number) =>
  [pupils, seniors].map(({ version: _v, ...c }) => ({ ...c, cents: concessionCents(cents, c.percent) }));

describe('staff save fares; visitors get the prices core works out', () => {
  it('saves two concessions, a flat fare for M35 and a per-km fare for M27', async () => {
    pupils = await ok(
      client().mutate('admin.concessions.save', {
        id: null,
        nameLt: 'Moksleiviai',
        nameEn: 'Pupils',
        percent: 50,
        baseVersion: 0,
      }),
    );
    seniors = await ok(
      client().mutate('admin.concessions.save', {
        id: -1,
        nameLt: ' Senjorai ',
        nameEn: 'Seniors',
        percent: 63,
        baseVersion: 0,
      }),
    );
    expect(seniors).toEqual({
      id: pupils.id + 1,
      nameLt: 'Senjorai',
      nameEn: 'Seniors',
      percent: 63,
      version: expect.any(Number),
    });
    expect(await ok(client().query('admin.concessions.list'))).toEqual([pupils, seniors]);

    flat = await ok(
      client().mutate('admin.fares.save', {
        id: null,
        lineId: 1,
        validFrom: FROM,
        method: { kind: 'flat', cents: 150 },
        baseVersion: 0,
      }),
    );
    expect(flat).toEqual({
      id: expect.any(Number),
      lineId: 1,
      validFrom: FROM,
      method: { kind: 'flat', cents: 150 },
      roundingCents: 1,
      minimumCents: 0,
      pairs: [],
      version: expect.any(Number),
    });
    perKm = await ok(
      client().mutate('admin.fares.save', {
        id: null,
        lineId: 3,
        validFrom: FROM,
        method: { kind: 'perKm', centsPerKm: 9 },
        roundingCents: 10,
        minimumCents: 100,
        pairs: [{ fromStopId: 32, toStopId: 1, cents: 350 }],
        baseVersion: 0,
      }),
    );
    expect(await rules(3)).toEqual([perKm]);
    expect((await ok(client().query<FareRule[]>('admin.fares.list', {}))).map((r) => r.lineId)).toEqual([
      1, 3,
    ]);
  });

  it('a flat fare: every ride on the trip, either way the trip goes, from the first day on', async () => {
    // Trip 1 is M35 out bound; trip 2 drives route 1 backwards (city bound).
    expect(await fare({ tripId: 1, fromStopId: 1, toStopId: 6, date: ON })).toEqual({
      kind: 'priced',
      cents: 150,
      basis: 'flat',
      distanceMeters: null,
      lineId: 1,
      routeId: 1,
      ruleId: flat.id,
      validFrom: FROM,
      date: ON,
      concessions: concessionsOf(150),
    });
    expect(concessionsOf(150).map((c) => c.cents)).toEqual([75, 95]);
    expect(await fare({ tripId: 2, fromStopId: 5, toStopId: 2, date: ON })).toMatchObject({ cents: 150 });
    expect(await fare({ lineId: 1, fromStopId: 6, toStopId: 3, date: ON })).toMatchObject({
      cents: 150,
      routeId: 1,
    });
    // Not a ride of that trip (it does not go back), and no price before the first day.
    expect(await fare({ tripId: 1, fromStopId: 6, toStopId: 1, date: ON })).toEqual({
      kind: 'notSet',
      reason: 'notARide',
      lineId: 1,
      routeId: null,
      date: ON,
    });
    expect(await fare({ tripId: 1, fromStopId: 1, toStopId: 6, date: '2026-12-31' })).toEqual({
      kind: 'notSet',
      reason: 'noRule',
      lineId: 1,
      routeId: 1,
      date: '2026-12-31',
    });
    // No date: today (before the first day).
    expect(await fare({ tripId: 1, fromStopId: 1, toStopId: 6 })).toMatchObject({
      reason: 'noRule',
      date: '2026-12-10',
    });
  });

  it('a distance fare is not set while the route has no distances; the pair fare is', async () => {
    expect(await fare({ lineId: 3, fromStopId: 1, toStopId: 27, date: ON })).toEqual({
      kind: 'notSet',
      reason: 'noDistance',
      lineId: 3,
      routeId: 3,
      date: ON,
    });
    expect(await fare({ tripId: 13, fromStopId: 1, toStopId: 32, date: ON })).toMatchObject({
      kind: 'priced',
      cents: 350,
      basis: 'pair',
      distanceMeters: null,
    });
    const table = await ok(visitor<FareTableAnswer>('timetable.fareTable', { lineId: 3, date: ON }));
    const cells = table.routes[0]?.prices.flat() ?? [];
    expect(cells).toHaveLength((12 * 11) / 2);
    expect(cells.filter((c) => c.kind === 'priced')).toEqual([
      { kind: 'priced', cents: 350, basis: 'pair', distanceMeters: null },
    ]);
  });

  it("with the distances entered in M27's route editor, the per-km fare is core's: rounded, at least the minimum", async () => {
    const line = await ok(client().query<LineFull>('admin.lines.getFull', { id: 3 }));
    const input = toSaveInput(line, line.version);
    await ok(
      client().mutate('admin.lines.saveFull', {
        ...input,
        routes: input.routes.map((r) => ({ ...r, distanceMetersList: M27_DISTANCES })),
      }),
    );
    const route: FareRoute = { stopIds: M27_STOPS, distances: M27_DISTANCES };
    const { version: _v, ...rule } = perKm;
    for (const [from, to] of [
      [1, 27],
      [1, 3],
      [24, 30],
      [3, 32],
    ] as const) {
      const core = priceBetween(rule, route, from, to);
      if (core.kind !== 'priced') throw new Error(`core does not price ${from}-${to}`);
      const answer = await fare({ lineId: 3, fromStopId: from, toStopId: to, date: ON });
      expect(answer, `${from}-${to}`).toEqual({
        kind: 'priced',
        cents: core.cents,
        basis: 'perKm',
        distanceMeters: core.distanceMeters,
        lineId: 3,
        routeId: 3,
        ruleId: perKm.id,
        validFrom: FROM,
        date: ON,
        concessions: concessionsOf(core.cents),
      });
      // The same ride on the city bound trip (route 3 backwards) costs the same.
      expect(
        await fare({ tripId: 14, fromStopId: to, toStopId: from, date: ON }),
        `${to}-${from}`,
      ).toMatchObject({
        cents: core.cents,
        distanceMeters: core.distanceMeters,
      });
    }
    // 1 -> 27 is 17.6 km: 158.4 ct, rounded to 160; 1 -> 3 is 2.1 km: 18.9 ct, 20, raised to the minimum 100.
    expect(await fare({ lineId: 3, fromStopId: 1, toStopId: 27, date: ON })).toMatchObject({
      cents: 160,
      distanceMeters: 17_600,
    });
    expect(await fare({ lineId: 3, fromStopId: 1, toStopId: 3, date: ON })).toMatchObject({ cents: 100 });
    expect(await fare({ lineId: 3, fromStopId: 1, toStopId: 32, date: ON })).toMatchObject({
      cents: 350,
      basis: 'pair',
      distanceMeters: 29_700,
    });

    // The fare table is core's triangle, with the rule and the concessions.
    const table = await ok(visitor<FareTableAnswer>('timetable.fareTable', { lineId: 3, date: ON }));
    const triangle = fareTable(rule, route).map((row, from) =>
      row
        .slice(from + 1)
        .map((p) =>
          p.kind === 'priced'
            ? { kind: 'priced', cents: p.cents, basis: p.basis, distanceMeters: p.distanceMeters }
            : { kind: 'notSet', reason: p.reason },
        ),
    );
    expect(table).toEqual({
      lineId: 3,
      date: ON,
      rule: { id: perKm.id, validFrom: FROM, method: rule.method, roundingCents: 10, minimumCents: 100 },
      concessions: [pupils, seniors].map(({ version: _version, ...c }) => c),
      routes: [
        {
          routeId: 3,
          routeNotes: expect.any(String),
          stops: M27_STOPS.map((id) => ({ id, name: expect.any(String) })),
          distanceMeters: M27_DISTANCES,
          prices: triangle,
        },
      ],
    });
    expect(table.routes[0]?.prices.at(-1)).toEqual([]);
    // Before the first day: no rule, every ride not set.
    const before = await ok(
      visitor<FareTableAnswer>('timetable.fareTable', { lineId: 3, date: '2026-12-31' }),
    );
    expect(before.rule).toBeNull();
    expect(
      new Set(before.routes[0]?.prices.flat().map((c) => (c.kind === 'notSet' ? c.reason : c.kind))),
    ).toEqual(new Set(['noRule']));
  });

  it('a save is seen at once: the cached answer gets a new tag', async () => {
    const url = `/trpc/timetable.fare?input=${encodeURIComponent(
      JSON.stringify({ lineId: 1, fromStopId: 1, toStopId: 6, date: ON }),
    )}`;
    const first = await file.t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toBeDefined();
    expect(
      (await file.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    flat = await ok(
      client().mutate('admin.fares.save', {
        ...flat,
        method: { kind: 'flat', cents: 160 },
        baseVersion: flat.version,
      }),
    );
    const after = await file.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as { result: { data: FareAnswer } }).result.data).toMatchObject({ cents: 160 });
  });
});

describe('refused: nothing changes', () => {
  it('a save or delete from an older version (409, naming the rule)', async () => {
    const before = stored();
    const stale = await client().mutate('admin.fares.save', {
      ...flat,
      method: { kind: 'flat', cents: 1 },
      baseVersion: flat.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'boss' });
    expect(stale.message).toMatch(
      /^The fare rule of line M35 from 2027-01-01 was changed by boss at .* after you opened it/,
    );
    const staleDelete = await client().mutate('admin.fares.delete', { id: flat.id, baseVersion: 0 });
    expect(staleDelete.status).toBe(409);
    const staleConcession = await client().mutate('admin.concessions.save', {
      ...pupils,
      percent: 10,
      baseVersion: 0,
    });
    expect(staleConcession.status).toBe(409);
    expect(stored()).toEqual(before);
  });

  it.each([
    [
      'bands that do not go up',
      {
        method: {
          kind: 'bands',
          bands: [
            { upToMeters: 5000, cents: 100 },
            { upToMeters: 4000, cents: 150 },
          ],
        },
      },
      `method.bands.1.upToMeters: ${englishMessage(serverMessage('fareInvalid', { problem: 'bandsOrder' }))}`,
      { key: 'fareInvalid', params: { problem: 'bandsOrder' } },
    ],
    [
      'a rounding step of 0',
      { roundingCents: 0 },
      `roundingCents: ${englishMessage(serverMessage('fareInvalid', { problem: 'rounding' }))}`,
      { key: 'fareInvalid', params: { problem: 'rounding' } },
    ],
    [
      'a fraction of a cent',
      { method: { kind: 'flat', cents: 99.5 } },
      `method.cents: ${englishMessage(serverMessage('fareInvalid', { problem: 'cents' }))}`,
      { key: 'fareInvalid', params: { problem: 'cents' } },
    ],
    [
      'a day that does not exist',
      { validFrom: '2027-02-29' },
      'validFrom: date must be a calendar date written YYYY-MM-DD',
      { key: 'invalidDate', params: {} },
    ],
    [
      'a pair of one stop',
      { pairs: [{ fromStopId: 2, toStopId: 2, cents: 50 }] },
      `pairs.0.toStopId: ${englishMessage(serverMessage('fareInvalid', { problem: 'pairSame' }))}`,
      { key: 'fareInvalid', params: { problem: 'pairSame' } },
    ],
    [
      'a pair stop that is not on the line',
      { pairs: [{ fromStopId: 1, toStopId: 32, cents: 50 }] },
      englishMessage(serverMessage('fareStopNotOnLine', { stopId: 32, line: 'M35' })),
      { key: 'fareStopNotOnLine', params: { stopId: 32, line: 'M35' } },
    ],
    [
      'a second rule of the line from the same day',
      { id: null },
      `Line M35 already has fares from ${FROM} (fare rule `,
      null,
    ],
    [
      'a line that does not exist',
      { id: null, lineId: 999 },
      englishMessage(serverMessage('lineNotFound', { id: 999 })),
      { key: 'lineNotFound', params: { id: 999 } },
    ],
  ])('%s: the field and its message, nothing saved', async (_what, change, message, keyed) => {
    const before = stored();
    const res = await file.t.app.inject({
      method: 'POST',
      url: '/trpc/admin.fares.save',
      headers: { authorization: `Bearer ${file.t.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...flat, baseVersion: flat.version, ...change }),
    });
    const error = (res.json() as { error: { message: string; data: Record<string, unknown> } }).error;
    expect(res.statusCode, error.message).toBe(keyed?.key === 'lineNotFound' ? 404 : 400);
    expect(error.message).toContain(message);
    if (keyed) expect({ key: error.data.messageKey, params: error.data.messageParams }).toEqual(keyed);
    expect(stored()).toEqual(before);
  });

  it('a concession with a blank name or a share over 100', async () => {
    const before = stored();
    const blank = await client().mutate('admin.concessions.save', {
      ...pupils,
      nameEn: ' ',
      baseVersion: pupils.version,
    });
    expect(blank.status).toBe(400);
    expect(blank.message).toBe(
      `nameEn: ${englishMessage(serverMessage('fareInvalid', { problem: 'nameEnRequired' }))}`,
    );
    const over = await client().mutate('admin.concessions.save', {
      ...pupils,
      percent: 101,
      baseVersion: pupils.version,
    });
    expect(over.status).toBe(400);
    expect(over.message).toBe(
      `percent: ${englishMessage(serverMessage('fareInvalid', { problem: 'percent' }))}`,
    );
    expect(stored()).toEqual(before);
  });

  it('callers who are not staff: 401 without a token, 403 for a non-admin; the public reads stay open', async () => {
    await createTestUser(file.t, 'clerk', ['ROLE_USER']);
    const clerk = adminClient(file.t.app, await tokenFor(file.t.db, 'clerk', ['ROLE_USER'], clock()));
    const anonymous = adminClient(file.t.app, '');
    const before = stored();
    const input = { ...flat, method: { kind: 'flat', cents: 1 }, baseVersion: flat.version };
    for (const [caller, status] of [
      [anonymous, 401],
      [clerk, 403],
    ] as const) {
      expect((await caller.mutate('admin.fares.save', input)).status).toBe(status);
      expect(
        (await caller.mutate('admin.fares.delete', { id: flat.id, baseVersion: flat.version })).status,
      ).toBe(status);
      expect(
        (await caller.mutate('admin.concessions.save', { ...pupils, baseVersion: pupils.version })).status,
      ).toBe(status);
      expect((await caller.query('admin.fares.list', {})).status).toBe(status);
    }
    expect(stored()).toEqual(before);
    expect(
      (await visitor('timetable.fare', { lineId: 1, fromStopId: 1, toStopId: 6, date: ON })).status,
    ).toBe(200);
  });
});

describe('the history puts fares back', () => {
  type Item = HistoryPage['items'][number];
  const newest = async (kind: string) =>
    (await ok(client().query<HistoryPage>('admin.history.list', { kind }))).items[0] as Item;

  it('undoes a price change, a delete and a concession change', async () => {
    // The newest fare_rule entry is the 150 -> 160 change of M35's flat fare.
    const change = await newest('fare_rule');
    expect(change).toMatchObject({ action: 'update', summary: `Fares of M35 from ${FROM}`, lineId: 1 });
    await ok(client().mutate('admin.history.restore', { id: change.id, baseVersion: change.version }));
    expect(await fare({ lineId: 1, fromStopId: 1, toStopId: 6, date: ON })).toMatchObject({ cents: 150 });

    const [rule] = await rules(1);
    if (!rule) throw new Error('no rule');
    await ok(client().mutate('admin.fares.delete', { id: rule.id, baseVersion: rule.version }));
    expect(await fare({ lineId: 1, fromStopId: 1, toStopId: 6, date: ON })).toMatchObject({
      reason: 'noRule',
    });
    const deleted = await newest('fare_rule');
    expect(deleted.action).toBe('delete');
    await ok(client().mutate('admin.history.restore', { id: deleted.id, baseVersion: deleted.version }));
    const { version: _v, ...back } = (await rules(1))[0] as Versioned<FareRule>;
    const { version: _w, ...was } = rule;
    expect(back).toEqual(was);

    const renamed = await ok(
      client().mutate<Versioned<Concession>>('admin.concessions.save', {
        ...pupils,
        percent: 40,
        baseVersion: pupils.version,
      }),
    );
    expect((await fare({ lineId: 1, fromStopId: 1, toStopId: 6, date: ON })).kind === 'priced').toBe(true);
    const concessionChange = await newest('concession');
    expect(concessionChange.summary).toBe('Concession Moksleiviai');
    await ok(
      client().mutate('admin.history.restore', { id: concessionChange.id, baseVersion: renamed.version }),
    );
    expect((await ok(client().query<Concession[]>('admin.concessions.list')))[0]).toMatchObject({
      percent: 50,
    });
  });

  it('a deleted line takes its fare rules along, and its restore brings them back', async () => {
    const line = await ok(client().query<LineFull>('admin.lines.getFull', { id: 1 }));
    const before = await rules(1);
    await ok(client().mutate('admin.lines.delete', { id: 1, baseVersion: line.version }));
    expect(await rules(1)).toEqual([]);
    const lineEntry = await newest('line');
    expect(lineEntry.action).toBe('delete');
    await ok(client().mutate('admin.history.restore', { id: lineEntry.id, baseVersion: lineEntry.version }));
    expect((await rules(1)).map(({ version: _v, ...r }) => r)).toEqual(
      before.map(({ version: _v, ...r }) => r),
    );
    expect(await fare({ tripId: 1, fromStopId: 1, toStopId: 6, date: ON })).toMatchObject({ cents: 150 });
  });

  it('a stop a pair fare names cannot be deleted, even once no route passes it', async () => {
    // A new stop at the end of M27's route, a pair fare to it, then the stop taken off the route.
    const stop = await saveNewStop(file.client, 'Nauja galinė');
    const saveRoute = async (stops: number[], distances: (number | null)[]) => {
      const line = await ok(client().query<LineFull>('admin.lines.getFull', { id: 3 }));
      const input = toSaveInput(line, line.version);
      await ok(
        client().mutate('admin.lines.saveFull', {
          ...input,
          routes: input.routes.map((r) => ({
            ...r,
            stopsArr: stops.map((id) => ({ id })),
            distanceMetersList: distances,
          })),
        }),
      );
    };
    await saveRoute([...M27_STOPS, stop.id], [...M27_DISTANCES, 900]);
    const [rule] = await rules(3);
    if (!rule) throw new Error('no rule');
    await ok(
      client().mutate('admin.fares.save', {
        ...rule,
        pairs: [...rule.pairs, { fromStopId: stop.id, toStopId: 1, cents: 400 }],
        baseVersion: rule.version,
      }),
    );
    await saveRoute(M27_STOPS, M27_DISTANCES);
    await expectStopDeleteRefused(
      file,
      stop,
      englishMessage(serverMessage('stopUsedByFares', { stop: 'Nauja galinė', lines: ['M27'] })),
    );
  });
});

import { englishMessage, type KeyedMessage, serverMessage, type ThroughFare } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { LineFull } from '../src/services/admin/lines.ts';
import { adminAppPerFile, expectStopDeleteRefused, ok, saveNewStop, toSaveInput } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * Through fares for staff (issue 41) through the real HTTP stack on the real Anykščiai data: a
 * through fare from Kavarskas (stop 27) on "Kavarskas m27?" (line 18), changing at Anykščių AS to
 * "Utena" (line 10), to Utenos AS (stop 115) is saved, listed with its version and given a new
 * price from a later date; every bad input is refused with its field and message and changes
 * nothing (the same journey entered the other way round from the same date included); lines that
 * cannot change into each other are refused until staff mark a change place between them; the
 * history puts a change and a delete back; a line delete takes the through fare along and the
 * line's restore brings it back; a stop a through fare names is not deleted.
 */

const clock = fixedClock('2026-12-10T10:00:00Z');
const file = adminAppPerFile({ clock });
const FROM = '2027-01-01';
const KAVARSKAS = 27;
const UTENA = 115;
const KAVARSKAS_LINE = 18;
const UTENA_LINE = 10;

type Versioned<T> = T & { version: number };
const client = () => file.client;
const list = () => ok(client().query<Versioned<ThroughFare>[]>('admin.throughFares.list'));
const count = (table: string) => file.t.db.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
/** What a refused write must leave alone. */
const stored = () => ({
  fares: file.t.db.sqlite.prepare('SELECT * FROM through_fare ORDER BY id').all(),
  history: count('change_log'),
});
const journey = {
  fromLineId: KAVARSKAS_LINE,
  fromStopId: KAVARSKAS,
  toLineId: UTENA_LINE,
  toStopId: UTENA,
};
const ENDS = { from: 'Kavarskas (Kavarskas m27?)', to: 'Utenos AS (Utena)' };

let saved: Versioned<ThroughFare>;

describe('staff save a through fare', () => {
  it('saves one, lists it with its version, and takes a new price of the journey from a later date', async () => {
    saved = await ok(
      client().mutate('admin.throughFares.save', {
        id: null,
        ...journey,
        validFrom: FROM,
        cents: 300,
        changeMinutes: 60,
        baseVersion: 0,
      }),
    );
    expect(saved).toEqual({
      id: expect.any(Number),
      ...journey,
      validFrom: FROM,
      cents: 300,
      changeMinutes: 60,
      version: expect.any(Number),
    });
    // The journey back entered as such: the same journey, a new price from its own date.
    const later = await ok(
      client().mutate<Versioned<ThroughFare>>('admin.throughFares.save', {
        id: null,
        fromLineId: UTENA_LINE,
        fromStopId: UTENA,
        toLineId: KAVARSKAS_LINE,
        toStopId: KAVARSKAS,
        validFrom: '2027-06-01',
        cents: 320,
        changeMinutes: 45,
        baseVersion: 0,
      }),
    );
    expect(await list()).toEqual([saved, later]);
    const changed = await ok(
      client().mutate<Versioned<ThroughFare>>('admin.throughFares.save', {
        ...saved,
        cents: 290,
        baseVersion: saved.version,
      }),
    );
    expect(changed.version).toBeGreaterThan(saved.version);
    saved = changed;
    await ok(client().mutate('admin.throughFares.delete', { id: later.id, baseVersion: later.version }));
    expect(await list()).toEqual([saved]);
  });
});

describe('refused: the field and its message, nothing saved', () => {
  const problem = (p: Parameters<typeof serverMessage<'fareInvalid'>>[1]['problem']) =>
    serverMessage('fareInvalid', { problem: p });
  it.each([
    ['two parts on one line', { toLineId: KAVARSKAS_LINE }, 'toLineId', problem('throughSameLine'), 400],
    ['one stop at both ends', { toStopId: KAVARSKAS }, 'toStopId', problem('throughSameStop'), 400],
    ['no stop chosen', { toStopId: null }, 'toStopId', problem('throughStopRequired'), 400],
    ['no line chosen', { fromLineId: '' }, 'fromLineId', problem('throughLineRequired'), 400],
    ['a price below nothing', { cents: -1 }, 'cents', problem('cents'), 400],
    ['no change time', { changeMinutes: 0 }, 'changeMinutes', problem('changeMinutes'), 400],
    ['a change time over 12 hours', { changeMinutes: 721 }, 'changeMinutes', problem('changeMinutes'), 400],
    [
      'a day that does not exist',
      { validFrom: '2027-02-29' },
      'validFrom',
      serverMessage('invalidDate'),
      400,
    ],
    [
      'a stop that is not on its line',
      { fromStopId: UTENA, toStopId: KAVARSKAS },
      null,
      serverMessage('throughStopNotOnLine', { stop: 'Utenos AS', line: 'Kavarskas m27?' }),
      400,
    ],
    [
      'the same journey from the same day, entered the other way round',
      {
        id: null,
        fromLineId: UTENA_LINE,
        fromStopId: UTENA,
        toLineId: KAVARSKAS_LINE,
        toStopId: KAVARSKAS,
      },
      null,
      () =>
        serverMessage('throughFareExists', { from: ENDS.to, to: ENDS.from, validFrom: FROM, id: saved.id }),
      400,
    ],
    ['a line that does not exist', { toLineId: 999 }, null, serverMessage('lineNotFound', { id: 999 }), 404],
  ] as [string, Record<string, unknown>, string | null, KeyedMessage | (() => KeyedMessage), number][])(
    '%s',
    async (_what, change, field, expected, status) => {
      const message = typeof expected === 'function' ? expected() : expected;
      const before = stored();
      const res = await file.t.app.inject({
        method: 'POST',
        url: '/trpc/admin.throughFares.save',
        headers: { authorization: `Bearer ${file.t.adminToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...saved, baseVersion: saved.version, ...change }),
      });
      const error = (res.json() as { error: { message: string; data: Record<string, unknown> } }).error;
      expect(res.statusCode, error.message).toBe(status);
      expect(error.message).toBe(`${field === null ? '' : `${field}: `}${englishMessage(message)}`);
      expect({ key: error.data.messageKey, params: error.data.messageParams }).toEqual(message);
      expect(stored()).toEqual(before);
    },
  );

  it('lines with no stop in common but where the journey starts, until staff mark a change place', async () => {
    // From Anykščių AS on the Kavarskas line: its other stops and the Utena line's never meet.
    const fromStation = { ...saved, id: null, fromStopId: 1, baseVersion: 0 };
    const before = stored();
    const refused = await client().mutate('admin.throughFares.save', fromStation);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      englishMessage(serverMessage('throughNoChange', { fromLine: 'Kavarskas m27?', toLine: 'Utena' })),
    );
    expect(stored()).toEqual(before);
    // Šeimyniškiai (3, the Kavarskas line) and A. Baranausko a. (33, the Utena line) as one place.
    const { version } = await ok(client().query<{ version: number }>('admin.changeRules.get'));
    await ok(
      client().mutate('admin.changeRules.save', {
        stopMinutes: [],
        places: [{ stopA: 33, stopB: 3, walkMinutes: 5 }],
        baseVersion: version,
      }),
    );
    const taken = await ok(client().mutate<Versioned<ThroughFare>>('admin.throughFares.save', fromStation));
    await ok(client().mutate('admin.throughFares.delete', { id: taken.id, baseVersion: taken.version }));
  });

  it('a save or delete from an older version: 409, naming the through fare', async () => {
    const before = stored();
    const stale = await client().mutate('admin.throughFares.save', {
      ...saved,
      cents: 1,
      baseVersion: saved.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(
      new RegExp(
        `^The through fare from Kavarskas \\(Kavarskas m27\\?\\) to Utenos AS \\(Utena\\) from ${FROM} was changed by boss at .* after you opened it`,
      ),
    );
    const staleDelete = await client().mutate('admin.throughFares.delete', { id: saved.id, baseVersion: 0 });
    expect(staleDelete.status).toBe(409);
    expect(stored()).toEqual(before);
  });
});

describe('the history puts through fares back', () => {
  type Item = HistoryPage['items'][number];
  const newest = async (kind: string) =>
    (await ok(client().query<HistoryPage>('admin.history.list', { kind }))).items[0] as Item;

  it('undoes a price change and a delete', async () => {
    const { items } = await ok(client().query<HistoryPage>('admin.history.list', { kind: 'through_fare' }));
    const change = items.find((i) => i.entityId === saved.id && i.action === 'update') as Item;
    expect(change).toMatchObject({
      action: 'update',
      summary: `Through fare ${ENDS.from} – ${ENDS.to} from ${FROM}`,
      lineId: KAVARSKAS_LINE,
    });
    await ok(client().mutate('admin.history.restore', { id: change.id, baseVersion: change.version }));
    expect(await list()).toMatchObject([{ id: saved.id, cents: 300 }]);
    const [now] = await list();
    if (!now) throw new Error('no through fare');
    await ok(client().mutate('admin.throughFares.delete', { id: now.id, baseVersion: now.version }));
    expect(await list()).toEqual([]);
    const deleted = await newest('through_fare');
    expect(deleted.action).toBe('delete');
    await ok(client().mutate('admin.history.restore', { id: deleted.id, baseVersion: deleted.version }));
    expect(await list()).toMatchObject([{ id: saved.id, ...journey, cents: 300, changeMinutes: 60 }]);
  });

  it('a deleted line takes its through fares along (either line), and its restore brings them back', async () => {
    const before = (await list()).map(({ version: _v, ...f }) => f);
    const line = await ok(client().query<LineFull>('admin.lines.getFull', { id: UTENA_LINE }));
    await ok(client().mutate('admin.lines.delete', { id: UTENA_LINE, baseVersion: line.version }));
    expect(await list()).toEqual([]);
    const lineEntry = await newest('line');
    expect(lineEntry.action).toBe('delete');
    await ok(client().mutate('admin.history.restore', { id: lineEntry.id, baseVersion: lineEntry.version }));
    expect((await list()).map(({ version: _v, ...f }) => f)).toEqual(before);
  });

  it('a stop a through fare names cannot be deleted, even once no route passes it', async () => {
    // A new stop at the end of the Kavarskas line, a through fare from it, then the stop taken off.
    const stop = await saveNewStop(file.client, 'Nauja galinė');
    const saveRoute = async (extra: number[]) => {
      const line = await ok(client().query<LineFull>('admin.lines.getFull', { id: KAVARSKAS_LINE }));
      const input = toSaveInput(line, line.version);
      await ok(
        client().mutate('admin.lines.saveFull', {
          ...input,
          routes: input.routes.map((r) => {
            const stops = [...r.stopsArr.filter((s) => s.id !== stop.id), ...extra.map((id) => ({ id }))];
            return { ...r, stopsArr: stops, distanceMetersList: stops.slice(1).map(() => null) };
          }),
        }),
      );
    };
    await saveRoute([stop.id]);
    await ok(
      client().mutate('admin.throughFares.save', {
        ...saved,
        id: null,
        fromStopId: stop.id,
        validFrom: FROM,
        baseVersion: 0,
      }),
    );
    await saveRoute([]);
    await expectStopDeleteRefused(
      file,
      stop,
      englishMessage(
        serverMessage('stopUsedByThroughFares', { stop: 'Nauja galinė', lines: ['Utena', 'Kavarskas m27?'] }),
      ),
    );
  });
});

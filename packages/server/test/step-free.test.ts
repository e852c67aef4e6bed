import type { AdminStop, Schedule } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { LineSchedules, SavedSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * Step-free marks (issue 41) through the admin procedures on the real data: a stop's
 * "step-free boarding" and a schedule's "low-floor bus with a ramp" are saved, kept by a save
 * that does not name them (the old REST client, a draft kept from before), refused when they
 * are no such value, and put back by the history.
 */

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await adminApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
  admin = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const stop = async (id: number): Promise<AdminStop> => {
  const list = (await admin.query<AdminStop[]>('admin.stops.list')).data;
  const found = list.find((s) => s.id === id);
  if (!found) throw new Error(`no stop ${id}`);
  return found;
};
const saveStop = async (s: AdminStop, extra: Record<string, unknown>) =>
  admin.mutate<AdminStop>('admin.stops.save', {
    id: s.id,
    name: s.name,
    coords: s.coords,
    defaultOption: s.defaultOption,
    baseVersion: await versionNow(t, { kind: 'stop', id: s.id }),
    ...extra,
  });

describe('a stop’s step-free boarding', () => {
  it('is not known until staff say, then saved, and kept by a save that does not name it', async () => {
    expect((await stop(3)).stepFree).toBe('unknown');
    const saved = await saveStop(await stop(3), { stepFree: 'yes' });
    expect(saved.status).toBe(200);
    expect(saved.data.stepFree).toBe('yes');
    expect((await stop(3)).stepFree).toBe('yes');

    // The old client's save knows no such field: the mark stays.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/busstop/save/one',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 3, name: 'Šeimyniškiai', coords: null, defaultOption: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('stepFree');
    expect((await stop(3)).stepFree).toBe('yes');
    // Nor does a save of the name alone through the admin board.
    expect((await saveStop(await stop(3), {})).status).toBe(200);
    expect((await stop(3)).stepFree).toBe('yes');
  });

  it('refuses a value that is none of yes, no, not known, and changes nothing', async () => {
    const before = await stop(4);
    const res = await saveStop(before, { stepFree: 'maybe', name: 'Changed name' });
    expect(res.status).toBe(400);
    expect(await stop(4)).toEqual(before);
  });

  it('is put back by the history', async () => {
    const saved = await saveStop(await stop(5), { stepFree: 'no' });
    expect(saved.status).toBe(200);
    const page = (await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data;
    const entry = page.items.find((i) => i.entityId === 5);
    expect(entry?.changes).toEqual([
      expect.objectContaining({ path: 'stepFree', before: 'unknown', after: 'no' }),
    ]);
    const restored = await admin.mutate('admin.history.restore', {
      id: entry?.id,
      baseVersion: entry?.version,
    });
    expect(restored.status).toBe(200);
    expect((await stop(5)).stepFree).toBe('unknown');
  });
});

describe('a schedule’s low-floor bus', () => {
  const schedules = async (lineId: number) =>
    (await admin.query<LineSchedules>('admin.schedules.byLine', { lineId })).data.schedules;
  const saveList = async (lineId: number, list: unknown[]) =>
    admin.mutate<SavedSchedules>('admin.schedules.saveList', {
      lineId,
      schedules: list,
      baseVersion: await versionNow(t, { kind: 'schedules', lineId }),
    });
  const draft = ({ lineId: _line, ...s }: Schedule) => s;

  it('is saved, and kept by a save that does not name it', async () => {
    const [first] = await schedules(7);
    if (!first) throw new Error('line 7 has schedules');
    expect(first.stepFree).toBe('unknown');
    expect((await saveList(7, [{ ...draft(first), stepFree: 'yes' }])).status).toBe(200);
    expect((await schedules(7))[0]?.stepFree).toBe('yes');
    // A draft kept from before the mark existed sends none.
    const { stepFree: _mark, ...without } = draft(first);
    expect((await saveList(7, [{ ...without, timeConstraintsDescription: 'Kita pastaba' }])).status).toBe(
      200,
    );
    const after = (await schedules(7))[0];
    expect(after?.timeConstraintsDescription).toBe('Kita pastaba');
    expect(after?.stepFree).toBe('yes');
  });

  it('refuses a value that is none of yes, no, not known, and changes nothing', async () => {
    const before = await schedules(7);
    const [first] = before;
    if (!first) throw new Error('line 7 has schedules');
    expect((await saveList(7, [{ ...draft(first), stepFree: 'ramp' }])).status).toBe(400);
    expect(await schedules(7)).toEqual(before);
  });

  it('marks the departures of its trips on the home, and only those', async () => {
    const query = { from: 1, to: null, dir: 'Out bound', date: '2026-03-04' };
    const departures = async () =>
      (
        await admin.query<{ items: { schedId: number; lineId: number; stepFree?: true }[] }>(
          'timetable.departures',
          query,
        )
      ).data.items;
    const before = await departures();
    const [item] = before;
    if (!item) throw new Error('departures were expected');
    expect(before.some((i) => i.stepFree)).toBe(false);
    const schedule = (await schedules(item.lineId)).find((s) => s.id === item.schedId);
    if (!schedule) throw new Error(`schedule ${item.schedId} on line ${item.lineId}`);
    expect((await saveList(item.lineId, [{ ...draft(schedule), stepFree: 'yes' }])).status).toBe(200);
    const after = await departures();
    expect(after.length).toBe(before.length);
    for (const i of after)
      expect(i.stepFree, `schedule ${i.schedId}`).toBe(i.schedId === item.schedId ? true : undefined);
  });
});

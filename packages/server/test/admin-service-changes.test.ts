import type { ServiceChange } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionedServiceChange } from '../src/services/admin/service-changes.ts';
import { type AdminTestApp, adminApp, adminClient, tokenFor, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;
// 2026-12-01 09:30 in Vilnius, a Tuesday.
const clock = fixedClock('2026-12-01T07:30:00Z');
let trip: { id: number; lineId: number; lineName: string; first: string };

beforeAll(async () => {
  t = await adminApp({ clock });
  // Signed in at the test's own clock (a token made now would have expired by then).
  client = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  const row = t.db.sqlite
    .prepare(
      `SELECT t.id, s.line_id AS lineId, l.name AS lineName,
              (SELECT printf('%02d:%02d', minute / 60, minute % 60) FROM trip_time WHERE trip_id = t.id AND minute IS NOT NULL ORDER BY seq LIMIT 1) AS first
         FROM trip t JOIN schedule s ON s.id = t.schedule_id JOIN line l ON l.id = s.line_id
        ORDER BY t.id LIMIT 1`,
    )
    .get() as typeof trip;
  trip = row;
});
afterAll(() => t.app.close());

const list = async (input: unknown = {}) =>
  (await client.query<{ today: string; items: VersionedServiceChange[] }>('admin.serviceChanges.list', input))
    .data;

describe('admin.serviceChanges', () => {
  it('cancels a trip on a date, writing its notice from what it does, and lists it', async () => {
    const saved = await client.mutate<VersionedServiceChange>('admin.serviceChanges.save', {
      id: null,
      kind: 'cancel',
      from: '2026-12-03',
      tripIds: [trip.id],
      reason: 'kelio darbai',
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      kind: 'cancel',
      from: '2026-12-03',
      until: '2026-12-03',
      tripIds: [trip.id],
      lineIds: [trip.lineId],
      effect: 'NO_SERVICE',
      cause: 'UNKNOWN_CAUSE',
      status: 'upcoming',
      titleLt: `Atšauktas reisas ${trip.first} (${trip.lineName})`,
      textLt: 'Gruodžio 3 d. šis reisas nevyksta. Priežastis: kelio darbai.',
      titleEn: `Trip cancelled: ${trip.first} (${trip.lineName})`,
      textEn: 'On 3 December this trip does not run. Reason: kelio darbai.',
    });
    expect(saved.data.version).toBe(await versionNow(t, { kind: 'service_change', id: saved.data.id }));
    const all = await list();
    expect(all.today).toBe('2026-12-01');
    expect(all.items.map((c) => c.id)).toContain(saved.data.id);
    expect((await list({ lineId: trip.lineId })).items.map((c) => c.id)).toContain(saved.data.id);
    expect((await list({ date: '2026-12-04' })).items.map((c) => c.id)).not.toContain(saved.data.id);
  });

  it('refuses a change naming a trip that does not exist, or a stale save, and changes nothing', async () => {
    const before = await list();
    const missing = await client.mutate('admin.serviceChanges.save', {
      id: null,
      kind: 'cancel',
      from: '2026-12-03',
      tripIds: [99_999_999],
      baseVersion: 0,
    });
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Trip 99999999 does not exist');
    const first = before.items[0] as VersionedServiceChange;
    const { version: _v, status: _s, ...fields } = first;
    const stale = await client.mutate('admin.serviceChanges.save', {
      ...fields,
      titleLt: 'Kitaip',
      baseVersion: first.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(await list()).toEqual(before);
  });

  it('refuses a retime that leaves the day, with the trip and stop named', async () => {
    // A trip that starts after noon: 12 hours later is past midnight.
    const late = t.db.sqlite
      .prepare('SELECT trip_id AS id FROM trip_time WHERE seq = 0 AND minute >= 720 ORDER BY trip_id LIMIT 1')
      .get() as { id: number };
    const result = await client.mutate('admin.serviceChanges.save', {
      id: null,
      kind: 'retime',
      from: '2026-12-03',
      tripIds: [late.id],
      shiftMinutes: 720,
      stopTimes: [],
      baseVersion: 0,
    });
    expect(result.status).toBe(400);
    expect(result.message).toMatch(new RegExp(`^Trip ${late.id}: the shift moves the time at stop 1`));
  });

  it('restores a deleted change from the history and deletes it again with its version', async () => {
    const [change] = (await list()).items as [VersionedServiceChange];
    const removed = await client.mutate<{ id: number; version: number }>('admin.serviceChanges.delete', {
      id: change.id,
      baseVersion: change.version,
    });
    expect(removed.status).toBe(200);
    expect((await list()).items.map((c) => c.id)).not.toContain(change.id);
    const history = await client.query<{
      items: { id: number; kind: string; action: string; version: number }[];
    }>('admin.history.list', { kind: 'service_change' });
    const entry = history.data.items.find((e) => e.action === 'delete') as { id: number; version: number };
    const restored = await client.mutate('admin.history.restore', {
      id: entry.id,
      baseVersion: entry.version,
    });
    expect(restored.status).toBe(200);
    const back = (await list()).items.find((c) => c.id === change.id) as ServiceChange;
    expect(back.titleLt).toBe(change.titleLt);
  });
});

describe('the timetable check and service changes', () => {
  it('names a change whose trip a schedule delete removed, and links to it', async () => {
    const saved = await client.mutate<VersionedServiceChange>('admin.serviceChanges.save', {
      id: null,
      kind: 'cancel',
      from: '2026-12-10',
      tripIds: [trip.id],
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    const scheduleId = t.db.sqlite
      .prepare('SELECT schedule_id FROM trip WHERE id = ?')
      .pluck()
      .get(trip.id) as number;
    const removed = await client.mutate('admin.schedules.delete', {
      id: scheduleId,
      baseVersion: await versionNow(t, { kind: 'schedules', lineId: trip.lineId }),
    });
    expect(removed.status).toBe(200);
    const report = await client.query<{
      findings: { check: string; params: Record<string, unknown>; targets: unknown[] }[];
    }>('admin.check.run');
    const found = report.data.findings.filter((f) => f.check === 'changeNamesMissing');
    // The cancel restored above names the same trip: it is listed too, each once.
    expect(found.map((f) => f.params.changeId).sort()).toEqual(
      [...new Set(found.map((f) => f.params.changeId))].sort(),
    );
    expect(found.filter((f) => f.params.changeId === saved.data.id)).toEqual([
      {
        check: 'changeNamesMissing',
        severity: 'warning',
        params: {
          changeId: saved.data.id,
          title: saved.data.titleLt,
          trips: [trip.id],
          lines: [],
          stops: [],
        },
        targets: [{ kind: 'serviceChange', changeId: saved.data.id, name: saved.data.titleLt }],
      },
    ]);
  });
});

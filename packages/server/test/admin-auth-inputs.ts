import type { AdminTestApp, adminClient } from './admin-helpers.ts';
import { versionNow } from './admin-helpers.ts';

/**
 * The inputs of the admin procedures added by issues 28-30 and 37 for the coverage tables of
 * admin-auth.test.ts (kept here so that file stays readable): the positions import (another
 * feed's stops.txt, one stop's position), a new timetable from a date, the changes between buses,
 * the refused sign-ins, issue 40's live buses for staff and issue 41's fares.
 */
type Client = ReturnType<typeof adminClient>;
const stopsTxt = 'stop_id,stop_name,stop_lat,stop_lon\nP,PAGIRIAI,55.58,25.1\n';
const positions = [{ stopId: 5, lat: 55.58, lon: 25.1 }];

/** Issue 41: a flat fare of line 7 and a concession, new. */
const fareRule = { id: null, lineId: 7, method: { kind: 'flat', cents: 120 }, baseVersion: 0 };
const concession = { id: null, nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50, baseVersion: 0 };
/** Issue 41: a through fare from Kavarskas (27) on line 18 changing to line 10 (Utena) to Utenos AS (115). */
const throughFare = {
  id: null,
  fromLineId: 18,
  fromStopId: 27,
  toLineId: 10,
  toStopId: 115,
  cents: 300,
  changeMinutes: 60,
  baseVersion: 0,
};

/** Inputs that work on the real data. */
export const MORE_WORKING_INPUT = {
  'admin.stops.positionImportPreview': () => ({ stopsTxt }),
  'admin.stops.positionImportApply': async (t: AdminTestApp) => ({
    baseVersion: await versionNow(t, { kind: 'stops' }),
    positions,
  }),
  'admin.schedules.newTimetableFrom': async (_t: AdminTestApp, client: Client) => ({
    from: '2030-01-07',
    scheduleIds: [16],
    baseVersions: [
      {
        lineId: 7,
        version: (await client.query<{ version: number }>('admin.schedules.byLine', { lineId: 7 })).data
          .version,
      },
    ],
  }),
  'admin.changeRules.get': () => undefined,
  'admin.changeRules.save': () => ({ stopMinutes: [{ stopId: 1, minutes: 3 }], places: [], baseVersion: 0 }),
  // Issue 37: the refused sign-ins.
  'admin.signIns.refused': () => undefined,
  // Issue 40: live buses for staff.
  'admin.live.now': () => undefined,
  'admin.live.punctuality': () => ({ from: '2026-11-23', until: '2026-11-29' }),
  // Issue 41: fare rules and concessions (a delete deletes what it made first).
  'admin.fares.list': () => ({ lineId: 7 }),
  'admin.fares.save': () => ({ ...fareRule, validFrom: '2027-01-01' }),
  'admin.fares.delete': async (_t: AdminTestApp, client: Client) => {
    const saved = await client.mutate<{ id: number; version: number }>('admin.fares.save', {
      ...fareRule,
      validFrom: '2027-02-01',
    });
    return { id: saved.data.id, baseVersion: saved.data.version };
  },
  'admin.concessions.list': () => undefined,
  'admin.concessions.save': () => concession,
  'admin.concessions.delete': async (_t: AdminTestApp, client: Client) => {
    const saved = await client.mutate<{ id: number; version: number }>('admin.concessions.save', concession);
    return { id: saved.data.id, baseVersion: saved.data.version };
  },
  'admin.throughFares.list': () => undefined,
  'admin.throughFares.save': () => ({ ...throughFare, validFrom: '2027-01-01' }),
  'admin.throughFares.delete': async (_t: AdminTestApp, client: Client) => {
    const saved = await client.mutate<{ id: number; version: number }>('admin.throughFares.save', {
      ...throughFare,
      validFrom: '2027-02-01',
    });
    return { id: saved.data.id, baseVersion: saved.data.version };
  },
};

/** Well-formed inputs for the refused calls. */
export const MORE_DENIED_INPUT = {
  'admin.stops.positionImportPreview': { stopsTxt },
  'admin.stops.positionImportApply': { baseVersion: 0, positions },
  'admin.schedules.newTimetableFrom': { from: '2030-01-07', baseVersions: [{ lineId: 1, version: 0 }] },
  'admin.changeRules.save': { stopMinutes: [], places: [], baseVersion: 0 },
  'admin.live.punctuality': { from: '2026-11-23', until: '2026-11-29', earlyMinutes: 1, lateMinutes: 5 },
  'admin.fares.list': { lineId: 1 },
  'admin.fares.save': { ...fareRule, validFrom: '2027-01-01' },
  'admin.fares.delete': { id: 1, baseVersion: 0 },
  'admin.concessions.save': concession,
  'admin.concessions.delete': { id: 1, baseVersion: 0 },
  'admin.throughFares.save': { ...throughFare, validFrom: '2027-01-01' },
  'admin.throughFares.delete': { id: 1, baseVersion: 0 },
};

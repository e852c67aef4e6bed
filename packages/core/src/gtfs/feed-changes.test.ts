import { describe, expect, it } from 'vitest';
import type { ServiceChange } from '../service-changes/types.ts';
import { expandService } from './service-dates.ts';
import { build, change, stopTimeLines, TOWN_CANCEL, TOWN_RETIME, table } from './test-town.ts';

/** In the town (feed.test.ts): trip 1 runs 1 -> 2 -> 3 on weekdays, trip 2 back, trip 3 on winter Sundays. */
const CHANGES: ServiceChange[] = [
  TOWN_CANCEL,
  TOWN_RETIME,
  change({ id: 7, kind: 'closure', from: '2026-12-07', until: '2026-12-07', stopIds: [2], effect: 'DETOUR' }),
  change({ id: 8, kind: 'notice', titleLt: 'Tik žinia', effect: 'OTHER_EFFECT' }),
];

/** trip_id -> the dates its service runs, read back as a GTFS consumer reads them. */
function tripDates(files: Map<string, string>): Map<string, string[]> {
  const calendars = new Map(
    table(files, 'calendar.txt').map((row) => [
      row.service_id,
      {
        weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
          (d) => row[d] === '1',
        ),
        start: iso(row.start_date as string),
        end: iso(row.end_date as string),
      },
    ]),
  );
  const exceptions = table(files, 'calendar_dates.txt');
  const dates = new Map<string, string[]>();
  for (const trip of table(files, 'trips.txt')) {
    const service = trip.service_id as string;
    const of = exceptions.filter((e) => e.service_id === service);
    dates.set(
      trip.trip_id as string,
      expandService({
        weekly: calendars.get(service) ?? null,
        added: of.filter((e) => e.exception_type === '1').map((e) => iso(e.date as string)),
        removed: of.filter((e) => e.exception_type === '2').map((e) => iso(e.date as string)),
      }),
    );
  }
  return dates;
}

const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

describe('the feed with service changes', () => {
  const feed = build({ changes: CHANGES });
  const regular = tripDates(build().files);
  const dates = tripDates(feed.files);

  it('still passes its own validation', () => {
    expect(feed.problems).toEqual([]);
    expect(feed.warnings).toEqual([]);
  });

  it('leaves a cancelled date out, and runs a retimed or closed-stop day as a trip variant of its own', () => {
    const moved = ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'];
    expect(dates.get('1')).toEqual(regular.get('1')?.filter((d) => !moved.includes(d)));
    expect(dates.get('1-r6')).toEqual(['2026-12-03', '2026-12-04']);
    expect(dates.get('1-x2')).toEqual(['2026-12-07']);
    expect(dates.get('2')).toEqual(regular.get('2')?.filter((d) => d !== '2026-12-07'));
    expect(dates.get('2-x2')).toEqual(['2026-12-07']);
    // Untouched: trip 3 keeps its schedule's service.
    expect(dates.get('3')).toEqual(regular.get('3'));
    expect([...dates.keys()].sort()).toEqual(['1', '1-r6', '1-x2', '2', '2-x2', '3']);
    expect(feed.ids.trips).toEqual(new Set(dates.keys()));
  });

  it('writes the variants with their times and without the closed stop', () => {
    const rows = stopTimeLines(feed.files).filter((line) => (line.split(' ')[0] as string).includes('-'));
    expect(rows).toEqual([
      // +15 minutes, 07:50 typed at the last stop.
      '1-r6 1 0 07:15:00 0 1',
      '1-r6 2 2 07:35:00 0 0',
      '1-r6 3 3 07:50:00 1 0',
      '1-x2 1 0 07:00:00 0 1',
      '1-x2 3 3 07:30:00 1 0',
      '2-x2 3 0 16:00:00 0 1',
      '2-x2 1 3 16:30:00 1 0',
    ]);
    // The trip variants keep the trip's route, headsign and direction.
    const trips = table(feed.files, 'trips.txt');
    const one = trips.find((t) => t.trip_id === '1');
    expect(trips.find((t) => t.trip_id === '1-r6')).toEqual({
      ...one,
      trip_id: '1-r6',
      service_id: '1000-2',
    });
  });

  it('changes nothing without changes that change what runs', () => {
    const notice = build({ changes: [CHANGES[3] as ServiceChange] });
    expect(notice.files).toEqual(build().files);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import { dataset, type Mutation, schedule, trip } from '../test-dataset.ts';
import { type CheckKind, type CheckTarget, checkTimetable, describeFinding } from './index.ts';

/** The checks of schedules' validity windows (issue 28): window-checks.ts. */

const TODAY = '2026-11-26';

const M35 = (scheduleId: number): CheckTarget => ({ kind: 'schedule', lineId: 1, scheduleId, name: 'M35' });
const M35_SCHEDULES: CheckTarget = { kind: 'lineSchedules', lineId: 1, name: 'M35' };

/**
 * "New timetable from `from`" as admin.schedules.newTimetableFrom saves it: each of line M35's
 * schedules (1 and 3, at indexes 0 and 2) is copied as schedule 10 + id valid from the date, and
 * the original ends the day before. Returns the copies.
 */
function newTimetable(d: TimetableDataset, from: string) {
  const copies = [0, 2].map((index) => {
    const original = schedule(d, index);
    const copy = structuredClone(original);
    copy.id = 10 + original.id;
    copy.validFrom = from;
    copy.validUntil = original.validUntil ?? null;
    copy.trips = copy.trips.map((t) => ({ ...t, id: 100 + t.id }));
    original.validUntil = addDays(from, -1);
    d.schedules.push(copy);
    return copy;
  });
  return copies as [(typeof copies)[number], (typeof copies)[number]];
}

/** Moves the copies' start `days` later (the originals' ends stay). */
const startLater = (copies: TimetableDataset['schedules'], days: number) => {
  for (const copy of copies) copy.validFrom = addDays(copy.validFrom as string, days);
};
/** Makes copy schedule 11 differ from schedule 1 (its first trip 10 minutes later). */
const edit11 = (copies: TimetableDataset['schedules']) => {
  const first = copies[0]?.trips[0];
  if (first) first.timeList = ['06:50', '06:55', '07:00'];
};

const unchanged = (copyId: number, originalId: number, from: string) => ({
  check: 'unchangedCopy' as const,
  text: `schedule ${copyId} (line M35): valid from ${from}, the same days and trips as schedule ${originalId}, which ends the day before`,
  targets: [M35(copyId), M35(originalId)],
});
const past = (scheduleId: number, until: string) => ({
  check: 'windowPast' as const,
  text: `schedule ${scheduleId} (line M35): valid until ${until}, in the past; delete it if it is no longer needed`,
  targets: [M35(scheduleId)],
});
const gap = (lastDay: string, nextFrom: string, days: string) => ({
  check: 'timetableGap' as const,
  text: `line 1 "M35": no schedule valid between ${lastDay} and ${nextFrom} (${days})`,
  targets: [M35_SCHEDULES],
});

type Expected = { check: CheckKind; text: string; targets: CheckTarget[] };

const cases: [string, Mutation, Expected[]][] = [
  [
    'a window that ends before it starts: never runs (and is not also called "does not run")',
    (d) => Object.assign(schedule(d, 0), { validFrom: '2027-03-01', validUntil: '2027-02-28' }),
    [
      {
        check: 'windowOutOfOrder',
        text: 'schedule 1 (line M35): valid from 2027-03-01 until 2027-02-28, which is before it starts, so it never runs',
        targets: [M35(1)],
      },
    ],
  ],
  [
    'a window of one day is in order',
    (d) => Object.assign(schedule(d, 0), { validFrom: '2027-03-01', validUntil: '2027-03-01' }),
    [],
  ],
  [
    'a window that ended yesterday: past, with the card to delete it',
    (d) => (schedule(d, 0).validUntil = '2026-11-25'),
    [past(1, '2026-11-25')],
  ],
  [
    'a window that ends today (a Thursday) still runs today',
    (d) => Object.assign(schedule(d, 0), { runsOnWeekly: ['THURSDAY'], validUntil: TODAY }),
    [],
  ],
  [
    'a past window with a start says both dates',
    (d) => Object.assign(schedule(d, 0), { validFrom: '2026-01-01', validUntil: '2026-06-30' }),
    [
      {
        check: 'windowPast',
        text: 'schedule 1 (line M35): valid from 2026-01-01 until 2026-06-30, in the past; delete it if it is no longer needed',
        targets: [M35(1)],
      },
    ],
  ],
  [
    'copies never changed, each beside its original',
    (d) => void newTimetable(d, '2027-01-01'),
    [unchanged(11, 1, '2027-01-01'), unchanged(13, 3, '2027-01-01')],
  ],
  [
    'an edited copy is no longer reported, the other still is',
    (d) => edit11(newTimetable(d, '2027-01-01')),
    [unchanged(13, 3, '2027-01-01')],
  ],
  [
    'a copy whose weekdays or holiday choice changed is edited',
    (d) => {
      const [copy1, copy3] = newTimetable(d, '2027-01-01');
      copy1.runsOnWeekly = ['MONDAY'];
      copy3.runsOnPublicHolidays = true;
    },
    [],
  ],
  [
    'the same weekdays and trips in another order: still unchanged',
    (d) => {
      const [copy1] = newTimetable(d, '2027-01-01');
      copy1.runsOnWeekly = ['FRIDAY', 'MONDAY'];
      copy1.trips.reverse();
    },
    [unchanged(11, 1, '2027-01-01'), unchanged(13, 3, '2027-01-01')],
  ],
  [
    'a copy that started today or earlier is not reported (the change has come)',
    (d) => void newTimetable(d, TODAY),
    // The originals ended yesterday.
    [past(1, '2026-11-25'), past(3, '2026-11-25')],
  ],
  [
    'no gap when the copies start the day after the originals end',
    (d) => edit11(newTimetable(d, '2027-03-01')),
    [unchanged(13, 3, '2027-03-01')],
  ],
  [
    'two days between the old timetable and the new, across the year end',
    (d) => startLater(newTimetable(d, '2027-01-01'), 2),
    [gap('2026-12-31', '2027-01-03', '2 days')],
  ],
  [
    'February 29 of a leap year left out: a gap of one day',
    (d) => {
      const copies = newTimetable(d, '2028-02-29');
      edit11(copies);
      startLater(copies, 1);
    },
    // The copies start beyond the 12 months checked: schedule 11 runs on none of its days.
    [
      {
        check: 'neverRuns',
        text: 'schedule 11 (line M35): runs on no day of the next 12 months (its dates of validity hold none of its days in them)',
        targets: [M35(11), { kind: 'rule', ruleId: 1, name: 'Apskritus metus' }],
      },
      {
        check: 'neverRuns',
        text: 'schedule 13 (line M35): runs on no day of the next 12 months (its dates of validity hold none of its days in them)',
        targets: [M35(13), { kind: 'rule', ruleId: 1, name: 'Apskritus metus' }],
      },
      gap('2028-02-28', '2028-03-01', '1 day'),
    ],
  ],
  [
    'a window that covers the days between others closes the gap',
    (d) => {
      const copies = newTimetable(d, '2027-01-01');
      edit11(copies);
      startLater(copies, 10);
      // A third Saturday schedule of M35 runs through the hole.
      const through = {
        ...structuredClone(schedule(d, 2)),
        id: 40,
        validFrom: '2026-12-20',
        validUntil: '2027-01-15',
      };
      through.trips = [{ ...trip(d, 2, 0), id: 400, timeList: ['10:00', '10:10'] }];
      d.schedules.push(through);
    },
    [],
  ],
  [
    'the gap is the days no window covers, after the latest end',
    (d) => {
      const copies = newTimetable(d, '2027-01-01');
      edit11(copies);
      startLater(copies, 10);
      schedule(d, 0).validUntil = '2027-01-05'; // schedule 1 runs on after Saturday's 3 ended
    },
    [gap('2027-01-05', '2027-01-11', '5 days')],
  ],
  [
    'a gap still running today is reported beside the ended schedules; one wholly past is not',
    (d) => {
      startLater(newTimetable(d, '2026-11-21'), 10);
      const line2 = schedule(d, 1);
      const later = { ...structuredClone(line2), id: 30, validFrom: '2026-11-10' };
      line2.validUntil = '2026-10-31';
      d.schedules.push(later);
    },
    [
      past(1, '2026-11-20'),
      {
        check: 'windowPast',
        text: 'schedule 2 (line M5): valid until 2026-10-31, in the past; delete it if it is no longer needed',
        targets: [{ kind: 'schedule', lineId: 2, scheduleId: 2, name: 'M5' }],
      },
      past(3, '2026-11-20'),
      gap('2026-11-20', '2026-12-01', '10 days'),
    ],
  ],
];

describe('the validity windows checks', () => {
  it.each(cases)('%s', (_name, mutate, expected) => {
    const d = dataset();
    mutate(d);
    const report = checkTimetable(d, TODAY);
    expect(
      report.findings.map((f) => ({ check: f.check, text: describeFinding(f), targets: f.targets })),
    ).toEqual(expected);
    expect(report.errors).toBe(0);
  });

  it('schedules sharing rule and weekdays but not their window do not share "does not run"', () => {
    const d = dataset();
    const [copy1, copy3] = newTimetable(d, '2028-01-01');
    // Edited copies beyond the 12 months, beside their originals that run in them.
    edit11([copy1]);
    copy3.trips = copy3.trips.map((t) => ({ ...t, timeList: ['09:30', '09:40'] }));
    const found = checkTimetable(d, TODAY).findings;
    expect(found.map((f) => [f.check, 'scheduleId' in f.params ? f.params.scheduleId : null])).toEqual([
      ['neverRuns', 11],
      ['neverRuns', 13],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TimetableDataset } from '../dataset.ts';
import { aServiceChange } from '../service-changes/test-changes.ts';
import { dataset, line, type Mutation, route, rule, schedule, stop, trip } from '../test-dataset.ts';
import {
  type CheckKind,
  type CheckTarget,
  checkTimetable,
  describeFinding,
  formatCheckReport,
  yearWindow,
} from './index.ts';

const TODAY = '2026-11-26';

/** A finding as the tests compare it: its check, its words and where it is fixed. */
function seen(d = dataset(), today = TODAY) {
  return checkTimetable(d, today).findings.map((f) => ({
    check: f.check,
    severity: f.severity,
    text: describeFinding(f),
    targets: f.targets,
  }));
}

const LINES: Record<number, string> = { 1: 'M35', 2: 'M5' };
const sched = (lineId: number, scheduleId: number): CheckTarget => ({
  kind: 'schedule',
  lineId,
  scheduleId,
  name: LINES[lineId] ?? '?',
});

/** Schedule 2 (line M5) never runs; both it and its rule are the places to fix. */
const neverRunsM5 = (text: string) => [
  {
    check: 'neverRuns' as const,
    text,
    targets: [sched(2, 2), { kind: 'rule' as const, ruleId: 2, name: 'Moksleivių atostogos, 1 ir 3 Penkt' }],
  },
];

/** Rule 2 (schedule 2's) on its own: the nth Friday of each month from one date to another. */
function nthFridayOnly(
  d: TimetableDataset,
  nth: number,
  [startMonth, startDay, endMonth, endDay]: [number, number, number, number],
) {
  const own = rule(d, 1);
  own.otherRuleId = null;
  own.timePeriods = [{ id: 5, startMonth, startDay, endMonth, endDay }];
  own.pattern1Params = [{ id: 1, nthOccurenceEachMonth: nth, dayOfWeek: 'FRIDAY' }];
}

describe('checkTimetable', () => {
  it('has nothing to say about clean data', () => {
    const report = checkTimetable(dataset(), TODAY);
    expect(report.findings).toEqual([]);
    expect(report).toMatchObject({
      errors: 0,
      warnings: 0,
      window: { start: '2026-11-26', end: '2027-11-25' },
      counts: { stops: 4, lines: 2, routes: 3, schedules: 3, trips: 4, rules: 2, holidays: 1 },
    });
  });

  type Expected = { check: CheckKind; text: string; targets: CheckTarget[] };
  /** One finding, fixed in schedule 1 (line M35). */
  const inSchedule1 = (check: CheckKind, text: string): Expected[] => [
    { check, text, targets: [sched(1, 1)] },
  ];
  const cases: [string, Mutation, Expected[]][] = [
    [
      'a typo that makes time go backwards',
      (d) => (trip(d, 0, 0).timeList = ['06:40', '06:55', '06:50']),
      inSchedule1('timesBackwards', 'trip 1: time goes backwards at stop 3 of 3 "Dabužiai" (06:55 -> 06:50)'),
    ],
    [
      'a reversed trip names its stops in travel order',
      (d) => (trip(d, 0, 1).timeList = ['07:00', '07:10', '07:05']),
      inSchedule1(
        'timesBackwards',
        'trip 2: time goes backwards at stop 3 of 3 "Anykščių AS" (07:10 -> 07:05)',
      ),
    ],
    [
      'times entered in route order instead of travel order',
      (d) => (trip(d, 0, 1).timeList = ['07:10', '07:05', '07:00']),
      inSchedule1(
        'timesBackwards',
        'trip 2: time goes backwards 2 times, first at stop 2 of 3 "Mokinių st. v." (07:10 -> 07:05); the times look entered in route order instead of travel order',
      ),
    ],
    [
      'missing times (skipped when comparing)',
      (d) => (trip(d, 0, 0).timeList = ['06:40', null, '06:50']),
      inSchedule1('missingTimes', 'trip 1: 1 of 3 stops have no time'),
    ],
    [
      'a time list shorter than the route',
      (d) => (trip(d, 0, 0).timeList = ['06:40', '06:45']),
      inSchedule1('timeCount', 'trip 1: 2 times for the 3 stops of route 1'),
    ],
    [
      'a city bound trip from the home station outwards',
      (d) => (trip(d, 0, 1).routeDirReversed = false),
      inSchedule1(
        'directionMismatch',
        'trip 2: City bound, but it starts at "Anykščių AS" (07:00) and ends at "Dabužiai" (07:10)',
      ),
    ],
    [
      'an out bound trip ending at the home station',
      (d) => (trip(d, 0, 0).routeDirReversed = true),
      inSchedule1(
        'directionMismatch',
        'trip 1: Out bound, but it starts at "Dabužiai" (06:40) and ends at "Anykščių AS" (06:50), its route driven backwards',
      ),
    ],
    [
      'nothing for directions that fit: city bound coming home, out bound leaving it',
      (d) => {
        Object.assign(trip(d, 0, 0), { boundFor: 'City bound', routeDirReversed: true });
        Object.assign(trip(d, 0, 1), { boundFor: 'Out bound', routeDirReversed: false });
      },
      [],
    ],
    [
      'nothing for one way trips, from the home station or to it',
      (d) => {
        trip(d, 1, 0).routeDirReversed = true;
        trip(d, 2, 0).routeDirReversed = true;
      },
      [],
    ],
    [
      'nothing for a route that passes through the home station',
      (d) => (route(d, 0, 0).stopIds = [4, 1, 2]),
      [],
    ],
    ['nothing for a loop from the home station back to it', (d) => (route(d, 0, 0).stopIds = [1, 2, 1]), []],
    [
      'a city bound trip from the home station outwards whose times also run backwards (both said)',
      (d) => {
        trip(d, 0, 1).routeDirReversed = false;
        trip(d, 0, 1).timeList = ['07:10', '07:05', '07:00'];
      },
      [
        {
          check: 'timesBackwards',
          text: 'trip 2: time goes backwards 2 times, first at stop 2 of 3 "Mokinių st. v." (07:10 -> 07:05); the times look entered in route order instead of travel order',
          targets: [sched(1, 1)],
        },
        {
          check: 'directionMismatch',
          text: 'trip 2: City bound, but it starts at "Anykščių AS" (07:10) and ends at "Dabužiai" (07:00)',
          targets: [sched(1, 1)],
        },
      ],
    ],
    [
      'a wrong direction with a time list that does not match the route (no times named)',
      (d) => {
        trip(d, 0, 1).routeDirReversed = false;
        trip(d, 0, 1).timeList = ['07:00', '07:05'];
      },
      [
        { check: 'timeCount', text: 'trip 2: 2 times for the 3 stops of route 1', targets: [sched(1, 1)] },
        {
          check: 'directionMismatch',
          text: 'trip 2: City bound, but it starts at "Anykščių AS" and ends at "Dabužiai"',
          targets: [sched(1, 1)],
        },
      ],
    ],
    [
      'a schedule without trips (its route then unused)',
      (d) => (schedule(d, 1).trips = []),
      [
        { check: 'scheduleNoTrips', text: 'schedule 2: has no trips', targets: [sched(2, 2)] },
        {
          check: 'unusedRoute',
          text: 'route 3 (variation 1 of line M5): no schedule uses it',
          targets: [{ kind: 'line', lineId: 2, name: 'M5' }],
        },
      ],
    ],
    [
      'a schedule without weekdays (not also reported as never running)',
      (d) => (schedule(d, 0).runsOnWeekly = []),
      inSchedule1('scheduleNoWeekdays', 'schedule 1: runs on no weekday'),
    ],
    [
      'a weekday listed twice',
      (d) => (schedule(d, 0).runsOnWeekly = ['MONDAY', 'MONDAY']),
      inSchedule1('weekdayRepeated', 'schedule 1: weekday listed more than once (MONDAY)'),
    ],
    [
      'a schedule whose weekdays its rule never falls on',
      (d) => (schedule(d, 1).runsOnWeekly = ['SUNDAY']),
      neverRunsM5(
        'schedule 2 (line M5): runs on no day of the next 12 months (its yearly rule "Moksleivių atostogos, 1 ir 3 Penkt" never falls on its weekdays)',
      ),
    ],
    [
      'a schedule whose rule never runs (a 5th Friday of February only, and no such day in 12 months)',
      (d) => {
        nthFridayOnly(d, 5, [2, 1, 2, 28]);
      },
      neverRunsM5(
        'schedule 2 (line M5): its yearly rule "Moksleivių atostogos, 1 ir 3 Penkt" runs on no day of the next 12 months',
      ),
    ],
    [
      'a holiday-only date with a schedule that skips public holidays',
      (d) => {
        schedule(d, 1).runsOnWeekly = ['FRIDAY'];
        schedule(d, 1).runsOnPublicHolidays = false;
        // 2027-01-01 is the only first Friday of January in the window: New Year's Day.
        nthFridayOnly(d, 1, [1, 1, 1, 7]);
      },
      neverRunsM5(
        'schedule 2 (line M5): runs on no day of the next 12 months (its yearly rule "Moksleivių atostogos, 1 ir 3 Penkt" never falls on its weekdays)',
      ),
    ],
    [
      'a description naming the school year under a whole-year rule',
      (d) => (schedule(d, 0).timeConstraintsDescription = 'Važiuoja mokslo metu'),
      [
        {
          check: 'seasonMismatch',
          text: 'schedule 1 (line M35): the description "Važiuoja mokslo metu" speaks of the school year, its yearly rule "Apskritus metus" of the whole year',
          targets: [sched(1, 1), { kind: 'rule', ruleId: 1, name: 'Apskritus metus' }],
        },
      ],
    ],
    [
      'a description naming summer under a winter rule (diacritics and case ignored)',
      (d) => {
        rule(d, 0).periodName = 'Žiemą 11/04 - 4/14';
        schedule(d, 0).timeConstraintsDescription = 'VASAROS metu';
      },
      [
        {
          check: 'seasonMismatch',
          text: 'schedule 1 (line M35): the description "VASAROS metu" speaks of summer, its yearly rule "Žiemą 11/04 - 4/14" of winter',
          targets: [sched(1, 1), { kind: 'rule', ruleId: 1, name: 'Žiemą 11/04 - 4/14' }],
        },
        {
          check: 'seasonMismatch',
          text: 'schedule 3 (line M35): the description "Šeštadieniais ištisus metus" speaks of the whole year, its yearly rule "Žiemą 11/04 - 4/14" of winter',
          targets: [sched(1, 3), { kind: 'rule', ruleId: 1, name: 'Žiemą 11/04 - 4/14' }],
        },
      ],
    ],
    [
      'a description naming dates the rule does not run on',
      (d) =>
        (schedule(d, 0).timeConstraintsDescription =
          'Važiuoja darbo dienomis\nnuo balandžio 15 d. iki lapkričio 3 d.'),
      [
        {
          check: 'periodMismatch',
          text: 'schedule 1 (line M35): the description "Važiuoja darbo dienomis\\nnuo balandžio 15 d. iki lapkričio 3 d." names 04-15 to 11-03, its yearly rule "Apskritus metus" runs 01-01 to 12-31',
          targets: [sched(1, 1), { kind: 'rule', ruleId: 1, name: 'Apskritus metus' }],
        },
      ],
    ],
    [
      'nothing when the dates cover what the rule’s periods cover (one range across the year end, two periods)',
      (d) => {
        rule(d, 0).timePeriods = [
          { id: 1, startMonth: 11, startDay: 4, endMonth: 12, endDay: 31 },
          { id: 8, startMonth: 1, startDay: 1, endMonth: 4, endDay: 14 },
        ];
        schedule(d, 0).timeConstraintsDescription = 'Važiuoja nuo lapkričio 4 d. iki balandžio 14 d.';
        schedule(d, 2).timeConstraintsDescription = 'Nuo 11.04 iki 04.14';
      },
      [],
    ],
    [
      'a line without schedules',
      (d) => {
        d.lines.push({ ...line(d, 1), id: 3, name: 'M99', customNotes: [], routes: [] });
      },
      [
        {
          check: 'lineNoSchedules',
          text: 'line 3 "M99": has no schedules',
          targets: [
            { kind: 'lineSchedules', lineId: 3, name: 'M99' },
            { kind: 'line', lineId: 3, name: 'M99' },
          ],
        },
      ],
    ],
    [
      'a route no schedule uses',
      (d) =>
        line(d, 0).routes.push({
          id: 7,
          routeNotes: 'Per Dabužius',
          stopIds: [1, 4],
          distanceMeters: [null],
        }),
      [
        {
          check: 'unusedRoute',
          text: 'route 7 (variation 3 of line M35, "Per Dabužius"): no schedule uses it',
          targets: [{ kind: 'line', lineId: 1, name: 'M35' }],
        },
      ],
    ],
    [
      'an unused stop',
      (d) => d.stops.push({ id: 9, name: 'Niekur', coords: null, defaultOption: false }),
      [
        {
          check: 'unusedStop',
          text: 'stop 9: not used by any route',
          targets: [{ kind: 'stop', stopId: 9, name: 'Niekur' }],
        },
      ],
    ],
    [
      'same-named stops without a note to tell them apart',
      (d) => (stop(d, 2).coords = 'prie andrioniškių'),
      [
        {
          check: 'sameNameStops',
          text: 'stops 2, 3: same name "Mokinių st. v." and no coords note to tell them apart',
          targets: [
            { kind: 'stop', stopId: 2, name: 'Mokinių st. v.' },
            { kind: 'stop', stopId: 3, name: 'Mokinių st. v.' },
          ],
        },
      ],
    ],
    [
      'a rule nothing uses (a borrowed rule is in use)',
      (d) =>
        d.yearlyRules.push({
          ...rule(d, 0),
          id: 3,
          periodName: 'Vasarą',
          timePeriods: [],
          otherRuleId: null,
        }),
      [
        {
          check: 'unusedRule',
          text: 'yearly rule 3 "Vasarą": no schedule or other rule uses it',
          targets: [{ kind: 'rule', ruleId: 3, name: 'Vasarą' }],
        },
      ],
    ],
    [
      'a holiday on the same date twice',
      (d) => d.holidays.push({ id: 4, name: 'Naujieji', month: 1, day: 1 }),
      [
        {
          check: 'duplicateHoliday',
          text: 'holidays 1, 4: the same date 01-01 ("Naujieji metai", "Naujieji")',
          targets: [{ kind: 'holidays' }],
        },
      ],
    ],
    [
      'impossible and leap-year-only dates',
      (d) => {
        d.holidays.push({ id: 2, name: 'x', month: 4, day: 31 });
        rule(d, 0).timePeriods.push({ id: 7, startMonth: 2, startDay: 29, endMonth: 3, endDay: 1 });
      },
      [
        {
          check: 'impossibleDate',
          text: 'yearly rule 1: time period 7 start: February 29 exists only in leap years',
          targets: [{ kind: 'rule', ruleId: 1, name: 'Apskritus metus' }],
        },
        {
          check: 'impossibleDate',
          text: 'holiday 2: day 31 does not exist in month 4',
          targets: [{ kind: 'holidays' }],
        },
      ],
    ],
    [
      'trailing spaces',
      (d) => {
        stop(d, 0).coords = 'Biržinė > Utena ';
        route(d, 0, 1).routeNotes = 'Be Elmininkų ';
      },
      [
        {
          check: 'edgeSpaces',
          text: 'stop 1: coords "Biržinė > Utena " has leading or trailing spaces',
          targets: [{ kind: 'stop', stopId: 1, name: 'Anykščių AS' }],
        },
        {
          check: 'edgeSpaces',
          text: 'route 2: routeNotes "Be Elmininkų " has leading or trailing spaces',
          targets: [{ kind: 'line', lineId: 1, name: 'M35' }],
        },
      ],
    ],
  ];

  it.each(cases)('finds %s', (_name, mutate, expected) => {
    const d = dataset();
    mutate(d);
    expect(seen(d).map(({ severity: _, ...rest }) => rest)).toEqual(expected);
  });

  it('lists errors before warnings, in the order of the checks, and counts them', () => {
    const d = dataset();
    d.holidays.push({ id: 4, name: 'Naujieji', month: 1, day: 1 });
    trip(d, 0, 0).timeList = ['06:40', '06:55', '06:50'];
    schedule(d, 1).trips = [];
    const report = checkTimetable(d, TODAY);
    expect(report.findings.map((f) => [f.check, f.severity])).toEqual([
      ['timesBackwards', 'error'],
      ['scheduleNoTrips', 'error'],
      ['unusedRoute', 'warning'],
      ['duplicateHoliday', 'warning'],
    ]);
    expect([report.errors, report.warnings]).toEqual([2, 2]);
    expect(formatCheckReport(report)).toEqual([
      'error: Times going backwards along a trip (1)',
      '  trip 1: time goes backwards at stop 3 of 3 "Dabužiai" (06:55 -> 06:50)',
      'error: Schedules without trips (1)',
      '  schedule 2: has no trips',
      'warning: Route variations no schedule uses (1)',
      '  route 3 (variation 1 of line M5): no schedule uses it',
      'warning: Public holidays on the same date twice (1)',
      '  holidays 1, 4: the same date 01-01 ("Naujieji metai", "Naujieji")',
      'checked 4 stops, 2 lines, 3 routes, 3 schedules, 3 trips, 2 yearly rules, 2 holidays; running days from 2026-11-26 to 2027-11-25',
      '2 errors, 2 warnings',
    ]);
  });

  it('gives the structured facts of a backwards trip', () => {
    const d = dataset();
    trip(d, 0, 1).timeList = ['07:10', '07:05', '07:00'];
    expect(checkTimetable(d, TODAY).findings[0]?.params).toEqual({
      tripId: 2,
      scheduleId: 1,
      lineId: 1,
      lineName: 'M35',
      position: 2,
      stopCount: 3,
      stopId: 2,
      stopName: 'Mokinių st. v.',
      from: '07:10',
      to: '07:05',
      steps: 2,
      routeOrder: true,
    });
  });
});

describe('checkTimetable: a trip whose direction contradicts its stop order', () => {
  it('gives the structured facts: the direction, the route and both ends in travel order', () => {
    const d = dataset();
    trip(d, 0, 0).routeDirReversed = true;
    const report = checkTimetable(d, TODAY);
    expect(report.findings).toEqual([
      {
        check: 'directionMismatch',
        severity: 'error',
        params: {
          tripId: 1,
          scheduleId: 1,
          lineId: 1,
          lineName: 'M35',
          boundFor: 'Out bound',
          routeId: 1,
          reversed: true,
          first: { stopId: 4, stopName: 'Dabužiai', time: '06:40' },
          last: { stopId: 1, stopName: 'Anykščių AS', time: '06:50' },
        },
        targets: [sched(1, 1)],
      },
    ]);
    expect(formatCheckReport(report).slice(0, 2)).toEqual([
      'error: Trips whose direction contradicts their stop order (1)',
      '  trip 1: Out bound, but it starts at "Dabužiai" (06:40) and ends at "Anykščių AS" (06:50), its route driven backwards',
    ]);
    expect(report.errors).toBe(1);
  });
});

describe('yearWindow', () => {
  it.each([
    ['2026-11-26', '2027-11-25', 365],
    ['2027-03-01', '2028-02-29', 366],
    ['2028-02-29', '2029-02-28', 366],
    ['2026-01-01', '2026-12-31', 365],
  ])('from %s runs through %s (%i days)', (today, end, days) => {
    expect(yearWindow(today)).toEqual({ start: today, end, days });
  });
});

describe('checkTimetable: service changes naming what the timetable no longer has', () => {
  const change = aServiceChange;
  it.each([
    [
      'a cancel of a trip that is gone',
      change({ kind: 'cancel', from: TODAY, until: TODAY, tripIds: [1, 99], lineIds: [1] }),
      'service change 1 "Pranešimas": no longer in the timetable: trip 99',
    ],
    [
      'a closure whose stop instead is gone',
      change({ id: 2, kind: 'closure', from: TODAY, stopIds: [1], insteadStopId: 77 }),
      'service change 2 "Pranešimas": no longer in the timetable: stop 77',
    ],
    [
      'an upcoming notice of a line that is gone',
      change({ id: 3, from: '2027-01-01', lineIds: [42], stopIds: [1] }),
      'service change 3 "Pranešimas": no longer in the timetable: line 42',
    ],
    [
      'a past change (history, not checked)',
      change({ id: 4, kind: 'cancel', from: '2026-01-01', until: '2026-01-02', tripIds: [99] }),
      null,
    ],
    ['a change whose things all exist', change({ id: 5, lineIds: [1], stopIds: [2] }), null],
  ])('%s', (_, c, text) => {
    const found = checkTimetable(dataset(), TODAY, [c]).findings.filter(
      (f) => f.check === 'changeNamesMissing',
    );
    expect(found.map(describeFinding)).toEqual(text === null ? [] : [text]);
    if (text !== null)
      expect(found[0]?.targets).toEqual([{ kind: 'serviceChange', changeId: c.id, name: 'Pranešimas' }]);
  });
});

describe('the fares (issue 41)', () => {
  const withFares = (rules: NonNullable<TimetableDataset['fareRules']>) => {
    const d = dataset();
    d.fareRules = rules;
    return d;
  };
  const base = { roundingCents: 1, minimumCents: 0, pairs: [] };
  const fareFindings = (d: TimetableDataset) =>
    seen(d).filter((f) => f.check === 'fareNoDistances' || f.check === 'fareFalls');
  const M35 = { kind: 'line' as const, lineId: 1, name: 'M35' };

  it.each([
    [
      'a flat fare needs no distances',
      [{ id: 1, lineId: 1, validFrom: '2026-01-01', method: { kind: 'flat', cents: 100 }, ...base }],
      [],
    ],
    [
      'a per-km fare in force names each route lacking distances',
      [{ id: 1, lineId: 1, validFrom: '2026-01-01', method: { kind: 'perKm', centsPerKm: 10 }, ...base }],
      [
        'line M35, route 1 (variation 1): the fares from 2026-01-01 are by distance, and 1 of its 2 distances are not entered',
        'line M35, route 2 (variation 2): the fares from 2026-01-01 are by distance, and 1 of its 1 distances are not entered',
      ],
    ],
    [
      'an old price list no longer in force is not checked; one to come is',
      [
        { id: 1, lineId: 1, validFrom: '2025-01-01', method: { kind: 'perKm', centsPerKm: 10 }, ...base },
        { id: 2, lineId: 1, validFrom: '2026-06-01', method: { kind: 'flat', cents: 90 }, ...base },
        {
          id: 3,
          lineId: 1,
          validFrom: '2027-06-01',
          method: { kind: 'bands', bands: [{ upToMeters: 5000, cents: 80 }] },
          ...base,
        },
      ],
      [
        'line M35, route 1 (variation 1): the fares from 2027-06-01 are by distance, and 1 of its 2 distances are not entered',
        'line M35, route 2 (variation 2): the fares from 2027-06-01 are by distance, and 1 of its 1 distances are not entered',
      ],
    ],
    [
      'a pair fare that makes a longer ride cheaper',
      [
        {
          id: 1,
          lineId: 1,
          validFrom: '2026-01-01',
          method: { kind: 'flat', cents: 100 },
          ...base,
          pairs: [{ fromStopId: 1, toStopId: 4, cents: 70 }],
        },
      ],
      [
        'line M35, route 1 (variation 1), fares from 2026-01-01: "Anykščių AS" to "Dabužiai" costs €0.70, less than to "Mokinių st. v." (€1.00), which comes before it',
      ],
    ],
  ] as [string, NonNullable<TimetableDataset['fareRules']>, string[]][])('%s', (_, rules, texts) => {
    const found = fareFindings(withFares(rules));
    expect(found.map((f) => f.text)).toEqual(texts);
    for (const f of found) {
      expect(f.severity).toBe('warning');
      expect(f.targets).toEqual([M35]);
    }
  });
});

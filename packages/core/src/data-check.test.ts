import { describe, expect, it } from 'vitest';
import { checkDatasetReferences } from './data-check.ts';
import { dataset, line, type Mutation, route, rule, schedule, stop, trip } from './test-dataset.ts';

describe('checkDatasetReferences', () => {
  it('accepts a consistent dataset', () => {
    expect(checkDatasetReferences(dataset())).toEqual([]);
  });

  const cases: [string, Mutation, string][] = [
    [
      'duplicate stop id',
      (d) => d.stops.push({ id: 1, name: 'Kopija', coords: null, defaultOption: false }),
      'stop 1: the id is used more than once',
    ],
    [
      'duplicate holiday id',
      (d) => d.holidays.push({ id: 1, name: 'x', month: 2, day: 2 }),
      'holiday 1: the id',
    ],
    [
      'duplicate rule id',
      (d) => d.yearlyRules.push({ ...rule(d, 0), timePeriods: [] }),
      'yearly rule 1: the id',
    ],
    [
      'duplicate time period id across rules',
      (d) =>
        d.yearlyRules.push({
          ...rule(d, 0),
          id: 3,
          timePeriods: [{ id: 1, startMonth: 1, startDay: 1, endMonth: 2, endDay: 1 }],
        }),
      'time period 1: the id',
    ],
    [
      'duplicate pattern item id',
      (d) => rule(d, 0).pattern1Params.push({ id: 1, nthOccurenceEachMonth: 2, dayOfWeek: 'MONDAY' }),
      'pattern item 1: the id',
    ],
    [
      'duplicate line id',
      (d) => d.lines.push({ ...line(d, 1), id: 1, customNotes: [], routes: [] }),
      'line 1: the id',
    ],
    [
      'duplicate note id across lines',
      (d) => line(d, 1).customNotes.push({ id: 1, noteKey: 'a', noteValue: 'b' }),
      'line note 1: the id',
    ],
    [
      'duplicate route id across lines',
      (d) => line(d, 1).routes.push({ ...route(d, 1, 0), id: 1 }),
      'route 1: the id',
    ],
    ['duplicate schedule id', (d) => (schedule(d, 1).id = 1), 'schedule 1: the id'],
    ['duplicate trip id across schedules', (d) => (trip(d, 1, 0).id = 2), 'trip 2: the id'],
    ['blank stop name', (d) => (stop(d, 0).name = '  '), 'stop 1: the name is blank'],
    [
      'route with a missing stop',
      (d) => (route(d, 0, 0).stopIds[1] = 99),
      'route 1: stop 99 (position 2) does not exist',
    ],
    [
      'distance list of the wrong length',
      (d) => (route(d, 0, 0).distanceMeters = [1, 2, 3]),
      'route 1: 3 distances for 3 stops (expected 2, null where unknown)',
    ],
    ['schedule of a missing line', (d) => (schedule(d, 1).lineId = 7), 'schedule 2: line 7 does not exist'],
    [
      'schedule of a missing rule',
      (d) => (schedule(d, 1).runsOnYearlyId = 9),
      'schedule 2: yearly rule 9 does not exist',
    ],
    ['trip on a missing route', (d) => (trip(d, 0, 0).routeId = 99), 'trip 1: route 99 does not exist'],
    [
      "trip on another line's route",
      (d) => (trip(d, 0, 0).routeId = 3),
      'trip 1: route 3 belongs to line 2, not to line 1 of schedule 1',
    ],
    [
      'rule borrowing from itself',
      (d) => (rule(d, 1).otherRuleId = 2),
      'yearly rule 2: otherRuleId points to the rule itself',
    ],
    [
      'rule borrowing from a missing rule',
      (d) => (rule(d, 1).otherRuleId = 5),
      'yearly rule 2: otherRuleId 5 does not exist',
    ],
    [
      'chain of borrowed periods',
      (d) => {
        d.yearlyRules.push({ ...rule(d, 1), id: 3, otherRuleId: 2, pattern1Params: [] });
      },
      'yearly rule 3: otherRuleId 2 borrows from rule 1 itself (chains are not allowed)',
    ],
    [
      'own periods and a borrowed rule',
      (d) => rule(d, 1).timePeriods.push({ id: 5, startMonth: 6, startDay: 1, endMonth: 8, endDay: 31 }),
      'yearly rule 2: has its own time periods and otherRuleId 1',
    ],
  ];

  it.each(cases)('reports %s', (_name, mutate, expected) => {
    const d = dataset();
    mutate(d);
    const errors = checkDatasetReferences(d);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  // Through fares: M35 from Mokinių st. v. (2) changing to M5 at Dabužiai to Anykščių AS (1).
  const through = (d: Parameters<Mutation>[0], extra: object = {}) => {
    d.throughFares = [
      ...(d.throughFares ?? []),
      {
        id: 1,
        fromLineId: 1,
        fromStopId: 2,
        toLineId: 2,
        toStopId: 1,
        validFrom: '2027-01-01',
        cents: 200,
        changeMinutes: 30,
        ...extra,
      },
    ];
  };
  it('accepts a through fare, and a new price of its journey entered the other way round', () => {
    const d = dataset();
    through(d);
    through(d, { id: 2, fromLineId: 2, fromStopId: 1, toLineId: 1, toStopId: 2, validFrom: '2028-01-01' });
    expect(checkDatasetReferences(d)).toEqual([]);
  });
  it.each([
    ['a missing line', { toLineId: 9 }, ['through fare 1: line 9 does not exist']],
    ['a missing stop', { fromStopId: 99 }, ['through fare 1: stop 99 does not exist']],
    ['one line', { toLineId: 1 }, ['through fare 1: both parts are on line 1']],
    ['one stop', { toStopId: 2 }, ['through fare 1: it starts and ends at stop 2']],
  ] as [string, object, string[]][])('reports a through fare with %s', (_name, extra, expected) => {
    const d = dataset();
    through(d, extra);
    expect(checkDatasetReferences(d)).toEqual(expected);
  });
  it('reports a journey with two through fares from one date, and a through fare id twice', () => {
    const d = dataset();
    through(d);
    through(d, { fromLineId: 2, fromStopId: 1, toLineId: 1, toStopId: 2 });
    expect(checkDatasetReferences(d)).toEqual([
      'through fare 1: the id is used more than once',
      'through fare 1: through fare 1 prices the same journey from 2027-01-01 too',
    ]);
  });

  it('does not report a line mismatch when the route itself is missing', () => {
    const d = dataset();
    schedule(d, 0).lineId = 42;
    expect(checkDatasetReferences(d)).toEqual(['schedule 1: line 42 does not exist']);
  });
});

import { describe, expect, it } from 'vitest';
import { legTripPath, minutesBetween, planInput, readPlanQuery, writePlanQuery } from './plan-query.ts';

const now = { date: '2026-12-02', minutes: 9 * 60 + 5 };

describe('the planner’s address', () => {
  it('reads what it names and fills in the rest from now', () => {
    expect(readPlanQuery('from=27&to=115&date=2026-12-03&time=06:30&arriveBy=1&stepFree=1', now)).toEqual({
      from: 27,
      to: 115,
      date: '2026-12-03',
      time: '06:30',
      arriveBy: true,
      stepFree: true,
    });
    expect(readPlanQuery('', now)).toEqual({
      from: null,
      to: null,
      date: '2026-12-02',
      time: '09:05',
      arriveBy: false,
      stepFree: false,
    });
    // Another day without a time: from its start. Bad values: as if missing.
    expect(readPlanQuery('date=2026-12-24', now).time).toBe('00:00');
    expect(readPlanQuery('from=abc&to=-3&date=2026-02-30&time=25:00&stepFree=yes', now)).toEqual({
      from: null,
      to: null,
      date: '2026-12-02',
      time: '09:05',
      arriveBy: false,
      stepFree: false,
    });
  });

  it('writes it back, and asks the planner only for two different stops', () => {
    const q = readPlanQuery('from=27&to=115&date=2026-12-03&time=06:30', now);
    expect(writePlanQuery(q)).toBe('from=27&to=115&date=2026-12-03&time=06%3A30');
    expect(readPlanQuery(writePlanQuery({ ...q, arriveBy: true }), now)).toEqual({ ...q, arriveBy: true });
    expect(planInput(q)).toEqual({ from: 27, to: 115, date: '2026-12-03', time: '06:30' });
    expect(planInput({ ...q, arriveBy: true })).toEqual({
      from: 27,
      to: 115,
      date: '2026-12-03',
      time: '06:30',
      arriveBy: true,
    });
    // Step-free only (issue 41): in the address and asked of the planner only when chosen.
    expect(writePlanQuery({ ...q, stepFree: true })).toBe(
      'from=27&to=115&date=2026-12-03&time=06%3A30&stepFree=1',
    );
    expect(readPlanQuery(writePlanQuery({ ...q, stepFree: true }), now)).toEqual({ ...q, stepFree: true });
    expect(planInput({ ...q, stepFree: true })).toEqual({
      from: 27,
      to: 115,
      date: '2026-12-03',
      time: '06:30',
      stepFree: true,
    });
    expect(planInput({ ...q, to: null })).toBeNull();
    expect(planInput({ ...q, to: 27 })).toBeNull();
  });

  it('counts waits and links a leg to its trip with its stops', () => {
    expect(minutesBetween('11:00', '11:40')).toBe(40);
    expect(legTripPath({ tripId: 113, fromStopId: 27, toStopId: 1 }, '2026-12-02')).toBe(
      '/trip/113?date=2026-12-02&from=27&to=1',
    );
  });
});

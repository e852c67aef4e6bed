import { describe, expect, it } from 'vitest';
import type { Departure } from '../departures/countdown.ts';
import { nextDateToAsk, WIDGET_LOOK_AHEAD_DAYS, widgetDays } from './embed-rows.ts';

const dep = (timeDepart: string, extra: Partial<Departure> = {}): Departure => ({
  lineName: 'M35',
  routeType: 'Regional Bus',
  tooLate: false,
  lineId: 1,
  schedId: 1,
  tripId: Number(timeDepart.replace(':', '')),
  timeDepart,
  name: 'Dabužiai',
  ...extra,
});

const TODAY = '2026-11-29';
const NOON = { date: TODAY, minutes: 12 * 60 };

describe('the departures the widget lists', () => {
  it('lists today’s departures still to come, in the answer’s order, up to the rows', () => {
    const items = ['06:40', '11:59', '12:00', '12:30', '13:10', '18:00'].map((t) => dep(t));
    const shown = widgetDays([{ date: TODAY, items }], NOON, 3);
    expect(shown).toEqual([{ date: TODAY, items: [items[2], items[3], items[4]] }]);
  });

  it('keeps a cancelled departure in its place, marked, as the home does', () => {
    const items = [dep('12:10', { cancelled: true, changeId: 3 }), dep('12:20')];
    expect(widgetDays([{ date: TODAY, items }], NOON, 5)[0]?.items).toEqual(items);
  });

  it('keeps a late followed bus until it has left the stop, and drops one that has', () => {
    const late = dep('11:50', {
      live: { expectedTime: '12:02', delayMinutes: 12, positionAge: 20, departed: false },
    });
    const gone = dep('11:55', {
      live: { expectedTime: '11:58', delayMinutes: 3, positionAge: 20, departed: true },
    });
    const early = dep('12:05', {
      live: { expectedTime: '12:03', delayMinutes: -2, positionAge: 5, departed: true },
    });
    expect(
      widgetDays([{ date: TODAY, items: [late, gone, early, dep('12:40')] }], NOON, 5)[0]?.items,
    ).toEqual([late, dep('12:40')]);
  });

  it('goes on with the next days when today has too few left, leaving out a day without buses', () => {
    const today = [dep('08:00'), dep('12:30')];
    const sunday = [] as Departure[];
    const monday = [dep('05:10'), dep('06:00'), dep('07:00')];
    const shown = widgetDays(
      [
        { date: TODAY, items: today },
        { date: '2026-11-30', items: sunday },
        { date: '2026-12-01', items: monday },
      ],
      NOON,
      3,
    );
    expect(shown).toEqual([
      { date: TODAY, items: [today[1]] },
      { date: '2026-12-01', items: [monday[0], monday[1]] },
    ]);
  });

  it('asks for today first, then day after day until the list is full or a week has been looked at', () => {
    expect(nextDateToAsk([], NOON, 5)).toBe(TODAY);
    const full = [{ date: TODAY, items: ['12:10', '12:20', '12:30'].map((t) => dep(t)) }];
    expect(nextDateToAsk(full, NOON, 3)).toBeNull();
    expect(nextDateToAsk(full, NOON, 4)).toBe('2026-11-30');
    const empty = Array.from({ length: WIDGET_LOOK_AHEAD_DAYS + 1 }, (_, i) => ({
      date: `2026-12-${String(i + 1).padStart(2, '0')}`,
      items: [] as Departure[],
    }));
    expect(nextDateToAsk(empty.slice(0, WIDGET_LOOK_AHEAD_DAYS), NOON, 3)).not.toBeNull();
    expect(nextDateToAsk(empty, NOON, 3)).toBeNull();
  });
});

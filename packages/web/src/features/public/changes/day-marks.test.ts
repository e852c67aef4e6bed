import { describe, expect, it } from 'vitest';
import { trip } from '../../../test/fixtures.ts';
import { buildTripView, viewCells } from '../trip/trip-table.ts';
import { type DayMarks, firstCell, type TimeCell, tripCells } from './day-marks.ts';

/** A cell as text: '07:25 (07:10)' changed, '~07:10' cancelled, '07:10 x' not served. */
const text = (c: TimeCell) =>
  c.cancelled
    ? `~${c.planned ?? c.time}`
    : c.notServed
      ? `${c.time} x`
      : c.planned !== null
        ? `${c.time ?? ''} (${c.planned})`
        : (c.time ?? '');

describe("a date's service changes over a trip's times", () => {
  const out = trip(1, 'Out bound', 7, [1, 2, 3], ['06:40', '06:45', '06:53']);
  const back = trip(2, 'City bound', 7, [1, 2, 3], ['07:00', '07:05', '07:10'], true);
  const none: DayMarks = { tripChanges: [], closedStops: [] };
  const marks: DayMarks = {
    tripChanges: [
      { tripId: 1, cancelled: false, reason: null, times: ['06:55', '07:00', '07:08'], changeId: 5 },
      { tripId: 2, cancelled: true, reason: 'remontas', times: null, changeId: 6 },
    ],
    closedStops: [{ stopId: 2, insteadStop: null, reason: null, changeId: 7 }],
  };

  it.each([
    ['as planned', out, none, ['06:40', '06:45', '06:53']],
    [
      'changed times, the planned kept; the closed stop not served',
      out,
      marks,
      ['06:55 (06:40)', '07:00 x', '07:08 (06:53)'],
    ],
    ['cancelled: every time struck', back, marks, ['~07:00', '~07:05', '~07:10']],
  ] as const)('%s', (_name, t, m, want) => {
    const stops = t.routeDirReversed ? [...t.route.stopsArr].reverse() : t.route.stopsArr;
    expect(
      tripCells(
        t,
        stops.map((s) => s.id),
        m,
      ).map(text),
    ).toEqual(want);
  });

  it('gives the first time of the card, and lays the cells over the combined table (second column backwards)', () => {
    expect(firstCell(tripCells(out, [1, 2, 3], marks))).toMatchObject({ time: '06:55', planned: '06:40' });
    const view = buildTripView([out, back], 1);
    expect(viewCells(view, [out, back], marks).map((row) => row.map(text).join(' | '))).toEqual([
      '06:55 (06:40) | ~07:10',
      '07:00 x | ~07:05',
      '07:08 (06:53) | ~07:00',
    ]);
    expect(viewCells(view, [out, back], none).map((row) => row.map(text).join(' | '))).toEqual([
      '06:40 | 07:10',
      '06:45 | 07:05',
      '06:53 | 07:00',
    ]);
  });
});

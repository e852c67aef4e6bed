import { describe, expect, it } from 'vitest';
import {
  buildGrids,
  type CellPos,
  changedSchedules,
  makeCopies,
  moveCell,
  parseBlock,
  placeBlock,
  setCellTime,
  shiftSchedule,
  shiftSchedules,
  weekdayRanges,
} from './grid.ts';
import type { ScheduleForm } from './schedule-form.ts';

const stops = (...ids: number[]) => ids.map((id) => ({ id, name: `S${id}` }));
const ROUTES = [
  { id: 1, stopsArr: stops(1, 2, 3, 4, 5, 6) },
  { id: 2, stopsArr: stops(1, 2, 7) },
];

function pair(id: number, out: string[], back: string[]): ScheduleForm {
  return {
    id,
    runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    runsOnYearlyId: 1,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: '',
    trips: [
      { id: id * 10 + 1, boundFor: 'Out bound', routeId: 1, routeDirReversed: false, timeList: out },
      { id: id * 10 + 2, boundFor: 'City bound', routeId: 1, routeDirReversed: true, timeList: back },
    ],
  };
}

const OUT_1530 = ['15:30', '15:33', '15:36', '15:40', '15:42', '15:45'];
const BACK_1545 = ['15:45', '15:48', '15:51', '15:54', '15:57', '16:00'];

describe('buildGrids', () => {
  it('makes one grid per direction and route, trips by first departure', () => {
    const forms = [
      pair(4, ['17:40', '', '', '', '', '17:54'], ['17:55', '', '', '', '', '18:10']),
      pair(3, OUT_1530, BACK_1545),
      {
        ...pair(9, [], []),
        trips: [
          { id: 91, boundFor: 'One way' as const, routeId: 2, routeDirReversed: false, timeList: ['07:00'] },
        ],
      },
      {
        ...pair(8, [], []),
        trips: [
          { id: 81, boundFor: 'One way' as const, routeId: null, routeDirReversed: false, timeList: [] },
        ],
      },
    ];
    const { grids, unplaced } = buildGrids(forms, ROUTES);
    expect(grids.map((g) => g.key)).toEqual(['Out bound|1|false', 'City bound|1|true', 'One way|2|false']);
    expect(grids[0]?.columns).toEqual([
      { scheduleId: 3, tripId: 31 },
      { scheduleId: 4, tripId: 41 },
    ]);
    // Stops in travel order: the city bound trip drives the route backwards.
    expect(grids[1]?.stops.map((s) => s.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(grids[1]?.columns.map((c) => c.tripId)).toEqual([32, 42]);
    expect(grids[2]?.stops.map((s) => s.id)).toEqual([1, 2, 7]);
    expect(unplaced).toBe(1);
  });

  it('puts trips without any time after the others', () => {
    const { grids } = buildGrids([pair(5, [], []), pair(6, ['05:00'], ['06:00'])], ROUTES);
    expect(grids[0]?.columns.map((c) => c.scheduleId)).toEqual([6, 5]);
  });
});

describe('moveCell', () => {
  const size = { rows: 3, cols: 4 };
  const at = (row: number, col: number): CellPos => ({ row, col });
  it.each([
    ['ArrowDown', false, at(1, 1), at(2, 1)],
    ['ArrowDown', false, at(2, 1), at(2, 1)],
    ['ArrowUp', false, at(0, 2), at(0, 2)],
    ['ArrowUp', false, at(2, 2), at(1, 2)],
    ['ArrowRight', false, at(0, 3), at(0, 3)],
    ['ArrowRight', false, at(0, 0), at(0, 1)],
    ['ArrowLeft', false, at(1, 0), at(1, 0)],
    ['ArrowLeft', false, at(1, 2), at(1, 1)],
    ['Tab', false, at(0, 0), at(0, 1)],
    ['Tab', false, at(0, 3), at(1, 0)],
    ['Tab', false, at(2, 3), null],
    ['Tab', true, at(1, 0), at(0, 3)],
    ['Tab', true, at(0, 0), null],
    ['Enter', false, at(0, 1), at(1, 1)],
    ['Enter', false, at(2, 1), at(0, 2)],
    ['Enter', false, at(2, 3), at(2, 3)],
    ['Enter', true, at(0, 2), at(2, 1)],
    ['Enter', true, at(0, 0), at(0, 0)],
    ['Home', false, at(2, 2), at(2, 0)],
    ['End', false, at(1, 0), at(1, 3)],
  ] as const)('%s (shift %s) from %j goes to %j', (key, shiftKey, from, to) => {
    expect(moveCell(from, { key, shiftKey }, size)).toEqual(to);
  });

  it('jumps to the grid corners with Ctrl+Home / Ctrl+End', () => {
    expect(moveCell(at(1, 2), { key: 'Home', ctrlKey: true }, size)).toEqual(at(0, 0));
    expect(moveCell(at(1, 2), { key: 'End', metaKey: true }, size)).toEqual(at(2, 3));
  });

  it('is no move for other keys', () => {
    expect(moveCell(at(1, 1), { key: 'a' }, size)).toBeUndefined();
    expect(moveCell(at(1, 1), { key: 'Backspace' }, size)).toBeUndefined();
  });
});

describe('paste', () => {
  it.each([
    ['6:15', [['6:15']]],
    [
      '6:15\t6:45\n6:20\t6:50\n',
      [
        ['6:15', '6:45'],
        ['6:20', '6:50'],
      ],
    ],
    ['6:15\r\n6:20\r\n', [['6:15'], ['6:20']]],
    ['8.15\t\t9.15', [['8.15', '', '9.15']]],
    ['\n', [['']]],
    ['\r\n', [['']]],
    ['', []],
    ['6:15\n\n6:25', [['6:15'], [''], ['6:25']]],
  ])('parseBlock(%j)', (text, rows) => {
    expect(parseBlock(text)).toEqual(rows);
  });

  const size = { rows: 6, cols: 3 };
  it.each([
    ['', []],
    ['\r\n', [{ row: 2, col: 1, value: '' }]],
    ['\n', [{ row: 2, col: 1, value: '' }]],
  ])('pasting %j places %j (no text: nothing; a copied empty cell: clears one cell)', (text, cells) => {
    expect(placeBlock(parseBlock(text), { row: 2, col: 1 }, size)).toEqual({ ok: true, cells });
  });
  it('places a block from the active cell, every value read as a time', () => {
    expect(placeBlock(parseBlock('8.15\t0915\n820\t\n'), { row: 4, col: 1 }, size)).toEqual({
      ok: true,
      cells: [
        { row: 4, col: 1, value: '08:15' },
        { row: 4, col: 2, value: '09:15' },
        { row: 5, col: 1, value: '08:20' },
        { row: 5, col: 2, value: '' },
      ],
    });
  });

  it('refuses a block that does not fit, saying how much room there is', () => {
    expect(placeBlock(parseBlock('1\t2\n3\t4\n5\t6'), { row: 4, col: 2 }, size)).toEqual({
      ok: false,
      error: { kind: 'tooBig', rows: 3, cols: 2, roomRows: 2, roomCols: 1 },
    });
  });

  it('refuses the whole block when one value is not a time, naming it', () => {
    expect(placeBlock(parseBlock('6:15\t6:20\n6:25\t6:75'), { row: 0, col: 0 }, size)).toEqual({
      ok: false,
      error: { kind: 'invalid', row: 2, col: 2, text: '6:75' },
    });
  });
});

describe('editing, shifting and copying', () => {
  it('sets a cell, padding a short time list', () => {
    const forms = [pair(3, ['15:30'], [])];
    setCellTime(forms, 31, 3, '15:40');
    setCellTime(forms, 32, 0, '15:45');
    expect(forms[0]?.trips[0]?.timeList).toEqual(['15:30', '', '', '15:40']);
    expect(forms[0]?.trips[1]?.timeList).toEqual(['15:45']);
  });

  it.each([
    [
      120,
      ['17:30', '17:33', '17:36', '17:40', '17:42', '17:45'],
      ['17:45', '17:48', '17:51', '17:54', '17:57', '18:00'],
    ],
    [
      -30,
      ['15:00', '15:03', '15:06', '15:10', '15:12', '15:15'],
      ['15:15', '15:18', '15:21', '15:24', '15:27', '15:30'],
    ],
    [0, OUT_1530, BACK_1545],
  ])('shifts both trips of a schedule by %i minutes', (minutes, out, back) => {
    const result = shiftSchedule(pair(3, OUT_1530, BACK_1545), minutes);
    expect(result.ok && result.form.trips.map((t) => t.timeList)).toEqual([out, back]);
    expect(result.ok && result.form.id).toBe(3);
  });

  it('keeps empty times empty', () => {
    const result = shiftSchedule(pair(3, ['15:30', '', '15:40'], []), 5);
    expect(result.ok && result.form.trips[0]?.timeList).toEqual(['15:35', '', '15:45']);
  });

  it.each([
    [500, '15:40'],
    [-15 * 60 - 31, '15:30'],
  ])('refuses a shift of %i minutes out of the day, naming %s', (minutes, time) => {
    expect(shiftSchedule(pair(3, OUT_1530, BACK_1545), minutes)).toEqual({
      ok: false,
      error: { scheduleId: 3, time },
    });
  });

  it('shifts several schedules or none', () => {
    const forms = [pair(1, ['06:00'], ['06:30']), pair(2, ['22:00'], ['23:30'])];
    const later = shiftSchedules(forms, 20);
    expect(later.ok && later.forms.map((f) => f.trips[1]?.timeList[0])).toEqual(['06:50', '23:50']);
    expect(shiftSchedules(forms, 30)).toEqual({ ok: false, error: { scheduleId: 2, time: '23:30' } });
    // The originals are untouched either way.
    expect(forms[1]?.trips[1]?.timeList).toEqual(['23:30']);
  });

  it('duplicates a schedule with both its trips as a new one', () => {
    const original = pair(3, OUT_1530, BACK_1545);
    const result = makeCopies([original], 1, 0);
    if (!result.ok) throw new Error('refused');
    const [copy] = result.copies;
    expect(copy?.id).toBeLessThan(0);
    expect(copy?.trips.map((t) => t.id).every((id) => id < 0)).toBe(true);
    expect(copy?.trips.map((t) => [t.boundFor, t.routeId, t.routeDirReversed, t.timeList])).toEqual(
      original.trips.map((t) => [t.boundFor, t.routeId, t.routeDirReversed, t.timeList]),
    );
    expect([copy?.runsOnWeekly, copy?.runsOnYearlyId, copy?.runsOnPublicHolidays]).toEqual([
      original.runsOnWeekly,
      1,
      false,
    ]);
  });

  it('makes N copies every M minutes', () => {
    const result = makeCopies([pair(3, OUT_1530, BACK_1545), pair(4, ['06:00'], ['06:30'])], 3, 45);
    if (!result.ok) throw new Error('refused');
    expect(result.copies.map((c) => c.trips.map((t) => t.timeList[0]))).toEqual([
      ['16:15', '16:30'],
      ['17:00', '17:15'],
      ['17:45', '18:00'],
      ['06:45', '07:15'],
      ['07:30', '08:00'],
      ['08:15', '08:45'],
    ]);
    expect(new Set(result.copies.map((c) => c.id)).size).toBe(6);
  });

  it('makes no copy at all when one would pass midnight', () => {
    expect(makeCopies([pair(3, ['20:00'], ['21:00'])], 3, 60)).toEqual({
      ok: false,
      error: { scheduleId: 3, time: '21:00' },
    });
  });

  it('lists new and changed schedules for the save', () => {
    const loaded = [pair(1, ['06:00'], ['06:30']), pair(2, ['07:00'], ['07:30'])];
    const forms = structuredClone(loaded);
    expect(changedSchedules(forms, loaded)).toEqual([]);
    setCellTime(forms, 21, 0, '07:05');
    const copy = makeCopies([loaded[0] as ScheduleForm], 1, 60);
    if (!copy.ok) throw new Error('refused');
    forms.push(...copy.copies);
    expect(changedSchedules(forms, loaded).map((f) => f.id)).toEqual([2, copy.copies[0]?.id]);
  });
});

describe('weekdayRanges', () => {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  it.each([
    [[1, 1, 1, 1, 1, 0, 0], 'Mon–Fri'],
    [[1, 1, 1, 1, 1, 1, 1], 'Mon–Sun'],
    [[0, 0, 1, 0, 0, 0, 0], 'Wed'],
    [[1, 1, 0, 1, 1, 0, 0], 'Mon, Tue, Thu, Fri'],
    [[1, 1, 1, 1, 1, 0, 1], 'Mon–Fri, Sun'],
    [[0, 0, 0, 0, 0, 0, 0], ''],
  ])('%j reads %j', (days, text) => {
    expect(weekdayRanges(days.map(Boolean), names)).toBe(text);
  });
});

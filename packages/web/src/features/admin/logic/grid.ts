import type { BoundFor } from '@bus/core/browser';
import { formatMinutes, minutesOf, parseCellTime } from './grid-time.ts';
import { type RouteStopsOf, type ScheduleForm, travelStops } from './schedule-form.ts';
import { tempId } from './temp-ids.ts';

/*
 * The timetable grid of a line (pure): one table per direction, stops as rows in travel
 * order, trips as columns. Trips only share rows when they drive the same stops in the same
 * order, so a direction with several route variations (or a route driven both ways) gets one
 * table per variation. Its cells are the `timeList` entries of the schedule editor's model
 * (ScheduleForm), so the grid saves exactly as the schedule editor does.
 */

export interface GridColumn {
  scheduleId: number;
  tripId: number;
}

export interface DirectionGrid {
  /** `${boundFor}|${routeId}|${reversed}`: stable while editing. */
  key: string;
  boundFor: BoundFor;
  routeId: number;
  reversed: boolean;
  stops: { id: number; name: string }[];
  columns: GridColumn[];
}

const DIRECTION_ORDER: Record<BoundFor, number> = { 'Out bound': 0, 'City bound': 1, 'One way': 2 };

/** The trip's first time in minutes (Infinity when it has none: such trips come last). */
function firstMinutes(times: readonly string[]): number {
  for (const t of times) {
    const m = minutesOf(t);
    if (m !== null) return m;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The grids of a line's schedules: trips grouped by direction, route and reversal; columns by
 * first departure (then schedule id). Trips without a known route are left out (`unplaced`).
 */
export function buildGrids(
  forms: readonly ScheduleForm[],
  routes: readonly RouteStopsOf[],
): { grids: DirectionGrid[]; unplaced: number } {
  const byKey = new Map<string, DirectionGrid & { sortKeys: Map<number, number> }>();
  let unplaced = 0;
  for (const form of forms) {
    for (const trip of form.trips) {
      const route = routes.find((r) => r.id === trip.routeId);
      if (!route) {
        unplaced++;
        continue;
      }
      const key = `${trip.boundFor}|${route.id}|${trip.routeDirReversed}`;
      let grid = byKey.get(key);
      if (!grid) {
        grid = {
          key,
          boundFor: trip.boundFor,
          routeId: route.id,
          reversed: trip.routeDirReversed,
          stops: travelStops(route, trip.routeDirReversed),
          columns: [],
          sortKeys: new Map(),
        };
        byKey.set(key, grid);
      }
      grid.columns.push({ scheduleId: form.id, tripId: trip.id });
      grid.sortKeys.set(trip.id, firstMinutes(trip.timeList));
    }
  }
  const routeIndex = new Map(routes.map((r, i) => [r.id, i]));
  const grids = [...byKey.values()].sort(
    (a, b) =>
      DIRECTION_ORDER[a.boundFor] - DIRECTION_ORDER[b.boundFor] ||
      (routeIndex.get(a.routeId) ?? 0) - (routeIndex.get(b.routeId) ?? 0) ||
      Number(a.reversed) - Number(b.reversed),
  );
  return {
    grids: grids.map(({ sortKeys, ...grid }) => ({
      ...grid,
      columns: grid.columns.sort(
        (a, b) =>
          (sortKeys.get(a.tripId) ?? 0) - (sortKeys.get(b.tripId) ?? 0) ||
          Math.abs(a.scheduleId) - Math.abs(b.scheduleId) ||
          a.tripId - b.tripId,
      ),
    })),
    unplaced,
  };
}

// ------------------------------------------------------------------------------------------
// Moving between cells

export interface CellPos {
  row: number;
  col: number;
}

export interface GridKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * Where a key moves the active cell of a rows x cols grid, as in a spreadsheet: arrows one
 * cell (stopping at the edges); Tab right and Shift+Tab left along the row, on to the next
 * (previous) row; Enter down and Shift+Enter up the trip, on to the next (previous) trip, so a
 * trip's times are typed top to bottom; Home / End the row's ends, with Ctrl the grid's.
 * `undefined`: the key is not a move. `null`: Tab past the last cell or Shift+Tab before the
 * first leaves the grid (the browser's own Tab then moves on).
 */
export function moveCell(
  pos: CellPos,
  key: GridKey,
  size: { rows: number; cols: number },
): CellPos | null | undefined {
  const { rows, cols } = size;
  const { row, col } = pos;
  const ctrl = key.ctrlKey === true || key.metaKey === true;
  switch (key.key) {
    case 'ArrowUp':
      return { row: Math.max(0, row - 1), col };
    case 'ArrowDown':
      return { row: Math.min(rows - 1, row + 1), col };
    case 'ArrowLeft':
      return { row, col: Math.max(0, col - 1) };
    case 'ArrowRight':
      return { row, col: Math.min(cols - 1, col + 1) };
    case 'Tab': {
      const index = row * cols + col + (key.shiftKey ? -1 : 1);
      if (index < 0 || index >= rows * cols) return null;
      return { row: Math.floor(index / cols), col: index % cols };
    }
    case 'Enter': {
      const index = col * rows + row + (key.shiftKey ? -1 : 1);
      if (index < 0 || index >= rows * cols) return pos;
      return { row: index % rows, col: Math.floor(index / rows) };
    }
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : { row, col: cols - 1 };
    default:
      return undefined;
  }
}

// ------------------------------------------------------------------------------------------
// Pasting a block copied from a spreadsheet

/**
 * Rows of cells of a copied block: lines split by newlines, cells by tabs. No text at all (a
 * clipboard holding no text) is no block: nothing to paste. A spreadsheet's copied empty cell
 * ("\r\n") is one empty cell and clears the cell it is pasted on.
 */
export function parseBlock(text: string): string[][] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // A spreadsheet ends the copied block with a newline: that is no extra empty row.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

export type PasteResult =
  | { ok: true; cells: { row: number; col: number; value: string }[] }
  | { ok: false; error: { kind: 'tooBig'; rows: number; cols: number; roomRows: number; roomCols: number } }
  | { ok: false; error: { kind: 'invalid'; row: number; col: number; text: string } };

/**
 * A pasted block placed with its top left corner at `at`: every value read as a time (an
 * empty cell clears its time). All or nothing: a block that does not fit from there, or any
 * value that is not a time, is refused whole, naming why (row and col 1-based in the block).
 * An empty block places nothing.
 */
export function placeBlock(
  block: string[][],
  at: CellPos,
  size: { rows: number; cols: number },
): PasteResult {
  if (block.length === 0) return { ok: true, cells: [] };
  const rows = block.length;
  const cols = Math.max(...block.map((r) => r.length));
  const roomRows = size.rows - at.row;
  const roomCols = size.cols - at.col;
  if (rows > roomRows || cols > roomCols)
    return { ok: false, error: { kind: 'tooBig', rows, cols, roomRows, roomCols } };
  const cells: { row: number; col: number; value: string }[] = [];
  for (const [r, line] of block.entries()) {
    for (const [c, raw] of line.entries()) {
      const parsed = parseCellTime(raw);
      if (parsed.kind === 'invalid')
        return { ok: false, error: { kind: 'invalid', row: r + 1, col: c + 1, text: raw.trim() } };
      cells.push({ row: at.row + r, col: at.col + c, value: parsed.kind === 'time' ? parsed.value : '' });
    }
  }
  return { ok: true, cells };
}

// ------------------------------------------------------------------------------------------
// Editing the model

/** Sets the time at `row` (travel order) of a trip; the list is padded as needed. */
export function setCellTime(forms: ScheduleForm[], tripId: number, row: number, value: string): void {
  for (const form of forms) {
    const trip = form.trips.find((t) => t.id === tripId);
    if (!trip) continue;
    while (trip.timeList.length <= row) trip.timeList.push('');
    trip.timeList[row] = value;
    return;
  }
}

export type ShiftResult =
  | { ok: true; form: ScheduleForm }
  | { ok: false; error: { scheduleId: number; time: string } };

/**
 * A schedule with every time moved by `minutes` (negative: earlier). Times stay within the
 * day (00:00-23:59, spec section 9): a shift that would cross midnight is refused, naming the
 * first time it would take out. Empty times stay empty.
 */
export function shiftSchedule(form: ScheduleForm, minutes: number): ShiftResult {
  const next = structuredClone(form);
  for (const trip of next.trips) {
    for (const [i, time] of trip.timeList.entries()) {
      const m = minutesOf(time);
      if (m === null) continue;
      const moved = m + minutes;
      if (moved < 0 || moved > 23 * 60 + 59) return { ok: false, error: { scheduleId: form.id, time } };
      trip.timeList[i] = formatMinutes(moved);
    }
  }
  return { ok: true, form: next };
}

/** A copy of a schedule as a new one: new temporary ids for it and its trips, times as they are. */
export function copySchedule(form: ScheduleForm): ScheduleForm {
  const copy = structuredClone(form);
  copy.id = tempId();
  for (const trip of copy.trips) trip.id = tempId();
  return copy;
}

export type CopiesResult =
  | { ok: true; copies: ScheduleForm[] }
  | { ok: false; error: { scheduleId: number; time: string } };

/**
 * `count` copies of each schedule, the k-th `k * every` minutes after it (every = 0: plain
 * duplicates), each a whole schedule (both trips of an out-and-back pair), new and unsaved,
 * listed copy by copy. Refused whole when a copy would leave the day.
 */
export function makeCopies(forms: readonly ScheduleForm[], count: number, every: number): CopiesResult {
  const copies: ScheduleForm[] = [];
  for (const form of forms) {
    for (let k = 1; k <= count; k++) {
      const shifted = shiftSchedule(form, k * every);
      if (!shifted.ok) return shifted;
      copies.push(copySchedule(shifted.form));
    }
  }
  return { ok: true, copies };
}

/** The schedules shifted in place by `minutes` (same ids); refused whole like shiftSchedule. */
export function shiftSchedules(
  forms: readonly ScheduleForm[],
  minutes: number,
): { ok: true; forms: ScheduleForm[] } | { ok: false; error: { scheduleId: number; time: string } } {
  const out: ScheduleForm[] = [];
  for (const form of forms) {
    const shifted = shiftSchedule(form, minutes);
    if (!shifted.ok) return shifted;
    out.push(shifted.form);
  }
  return { ok: true, forms: out };
}

/** The most copies one action makes (per selected schedule). */
export const MAX_COPIES = 20;

/**
 * The schedules a save sends: the new ones and those whose model differs from what was
 * loaded, in the draft's order.
 */
export function changedSchedules(
  forms: readonly ScheduleForm[],
  loaded: readonly ScheduleForm[],
): ScheduleForm[] {
  const before = new Map(loaded.map((f) => [f.id, JSON.stringify(f)]));
  return forms.filter((f) => before.get(f.id) !== JSON.stringify(f));
}

/** Weekdays as staff read them: runs of three or more days joined ('Mon–Fri', 'Mon–Wed, Sat'). */
export function weekdayRanges(days: readonly boolean[], names: readonly string[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < days.length) {
    if (!days[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < days.length && days[j + 1]) j++;
    if (j - i >= 2) parts.push(`${names[i]}–${names[j]}`);
    else for (let k = i; k <= j; k++) parts.push(names[k] as string);
    i = j + 1;
  }
  return parts.join(', ');
}

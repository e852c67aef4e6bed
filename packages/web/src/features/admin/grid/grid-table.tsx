import { WEEKDAYS } from '@bus/core';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { type DirectionGrid, weekdayRanges } from '../logic/grid.ts';
import type { ScheduleForm } from '../logic/schedule-form.ts';
import { isTempId } from '../logic/temp-ids.ts';
import { type CellEditing, cellId, cellKey } from './use-cell-editing.ts';

export interface GridTableProps {
  lineId: number;
  grid: DirectionGrid;
  /** The section's heading: the direction, its route and stop count. */
  heading: string;
  formsById: ReadonlyMap<number, ScheduleForm>;
  labelOf: (scheduleId: number) => string;
  /** The yearly rule as the column head names it. */
  ruleLabel: (ruleId: number | null) => string;
  selected: ReadonlySet<number>;
  onTick: (scheduleId: number, on: boolean) => void;
  /** Schedules whose save the checks refused: their empty cells are outlined. */
  failed: ReadonlySet<number>;
  busy: boolean;
  cells: CellEditing;
  /** The notice is shown (a refused cell points to it). */
  noticeShown: boolean;
  whereOf: (grid: DirectionGrid, scheduleId: number, row: number) => string;
}

/**
 * One direction of a route as a table: its stops down the side, one column per trip (headed by
 * its schedule, ticked for the tools, with its weekdays, rule and holidays), a time per cell.
 */
export function GridTable(props: GridTableProps) {
  const { grid, heading, selected, failed, busy, cells, noticeShown, whereOf } = props;
  const { active } = cells;
  const headingId = `tgrid-${grid.key.replace(/[^\w]/g, '-')}`;
  // One tab stop per table (the active cell, else the first): arrows, Tab and Enter move inside.
  const firstActive =
    active !== null &&
    active.grid === grid.key &&
    active.row < grid.stops.length &&
    grid.columns.some((c) => c.tripId === active.tripId);

  return (
    <section className="tgrid-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <div className="table-wrap tgrid-wrap">
        <table className="tgrid-table" aria-labelledby={headingId}>
          <thead>
            <GridHead {...props} />
          </thead>
          <tbody>
            {grid.stops.map((stop, row) => (
              <tr key={`${stop.id}-${row}`}>
                <th scope="row" className="tgrid-table__stop">
                  <span className="tgrid-table__num">{row + 1}</span> {stop.name}
                </th>
                {grid.columns.map((column, col) => {
                  const form = props.formsById.get(column.scheduleId);
                  const trip = form?.trips.find((t) => t.id === column.tripId);
                  const key = cellKey(column.tripId, row);
                  const stored = trip?.timeList[row] ?? '';
                  const text = cells.texts.get(key);
                  const isRefused = cells.refused.has(key);
                  const missing = failed.has(column.scheduleId) && stored === '' && text === undefined;
                  const tabbable = firstActive
                    ? active?.tripId === column.tripId && active.row === row
                    : row === 0 && col === 0;
                  return (
                    <td
                      key={column.tripId}
                      className={`tgrid-cell${selected.has(column.scheduleId) ? ' is-selected' : ''}`}
                    >
                      <input
                        id={cellId(column.tripId, row)}
                        className={`tgrid-input${isRefused || missing ? ' is-invalid' : ''}${text !== undefined && !isRefused ? ' is-typing' : ''}`}
                        aria-label={whereOf(grid, column.scheduleId, row)}
                        aria-invalid={isRefused || missing || undefined}
                        aria-describedby={isRefused && noticeShown ? 'tgrid-notice' : undefined}
                        tabIndex={tabbable ? 0 : -1}
                        inputMode="numeric"
                        autoComplete="off"
                        spellCheck={false}
                        size={6}
                        maxLength={8}
                        placeholder="–"
                        // While a save runs: the saved schedules replace the draft's when
                        // it returns, so an edit made meanwhile would be lost.
                        readOnly={busy}
                        value={text ?? stored}
                        onFocus={(event) => {
                          cells.onFocus(grid, column.tripId, row);
                          event.currentTarget.select();
                        }}
                        onChange={(event) => cells.setText(key, event.target.value)}
                        onBlur={() => cells.commit(grid, column.scheduleId, column.tripId, row, true)}
                        onKeyDown={(event) => cells.onKeyDown(event, grid, col, row)}
                        onPaste={(event) => cells.onPaste(event, grid, col, row)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The head row: the corner over the stops, then each trip's schedule: a tick for the tools, its
 * name (a link to it in the schedule editor once saved), its weekdays, rule and holidays.
 */
function GridHead({
  lineId,
  grid,
  formsById,
  labelOf,
  ruleLabel,
  selected,
  onTick,
  failed,
  busy,
}: GridTableProps) {
  const m = useAdminMessages();
  const weekdayNames = WEEKDAYS.map((d) => m.schedules.weekdayShort[d]);
  return (
    <tr>
      <th scope="col" className="tgrid-table__corner">
        {m.grid.colStop}
      </th>
      {grid.columns.map((column) => {
        const form = formsById.get(column.scheduleId);
        if (!form) return null;
        const label = labelOf(form.id);
        const isNew = isTempId(form.id);
        const on = selected.has(form.id);
        const days = weekdayRanges(
          WEEKDAYS.map((d) => form.runsOnWeekly.includes(d)),
          weekdayNames,
        );
        return (
          <th
            key={column.tripId}
            scope="col"
            className={`tgrid-col${on ? ' is-selected' : ''}${isNew ? ' is-new' : ''}${failed.has(form.id) ? ' is-invalid' : ''}`}
          >
            <label className="tgrid-col__pick">
              <input
                type="checkbox"
                className="checkbox"
                checked={on}
                disabled={busy}
                aria-label={m.grid.select(label)}
                onChange={(event) => onTick(form.id, event.target.checked)}
              />
              {isNew ? (
                <span className="tgrid-col__name">{label}</span>
              ) : (
                <span className="tgrid-col__name">
                  <Link href={`/schedules/${lineId}/${form.id}`}>{label}</Link>
                </span>
              )}
            </label>
            <span className="tgrid-col__fact">{days || m.grid.noDays}</span>
            <span className="tgrid-col__fact">{m.schedules.summaryRule(ruleLabel(form.runsOnYearlyId))}</span>
            <span className="tgrid-col__fact">
              {form.runsOnPublicHolidays ? m.grid.holidaysYes : m.grid.holidaysNo}
            </span>
            {isNew && <span className="badge badge--new">{m.grid.isNew}</span>}
          </th>
        );
      })}
    </tr>
  );
}

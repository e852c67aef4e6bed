import { WEEKDAYS } from '@bus/core';
import { useMutation } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminRouteData, LineSchedulesData } from '../admin-api.tsx';
import {
  buildGrids,
  changedSchedules,
  type DirectionGrid,
  MAX_COPIES,
  makeCopies,
  moveCell,
  parseBlock,
  placeBlock,
  setCellTime,
  shiftSchedules,
  weekdayRanges,
} from '../logic/grid.ts';
import { formatMinutes, OFFSET_CHOICES, parseCellTime } from '../logic/grid-time.ts';
import { ruleDisplayName } from '../logic/rule-name.ts';
import {
  type ScheduleForm,
  scheduleToForm,
  scheduleWarnings,
  validateSchedule,
} from '../logic/schedule-form.ts';
import { isTempId } from '../logic/temp-ids.ts';
import { useLineSchedulesDraft } from '../schedules/line-schedules-draft.ts';
import { ScheduleWarnings, scheduleWarningText } from '../schedules/schedule-warnings.tsx';
import { useUnsavedChanges } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import './timetable-grid.css';
import { withEntry, withMembers } from '../logic/copy-with.ts';

/** A cell of the grid: a trip's time at one position of its travel order. */
const cellKey = (tripId: number, row: number) => `${tripId}:${row}`;
const cellId = (tripId: number, row: number) => `grid-cell-${tripId}-${row}`;

interface Notice {
  tone: 'danger' | 'info';
  text: string;
}

interface Active {
  grid: string;
  tripId: number;
  row: number;
}

/**
 * The timetable grid of a line: every trip in one table per direction, edited like a
 * spreadsheet, with copy and shift of whole schedules. It edits the same model as the schedule
 * editor and saves the changed schedules through the same procedure (one call, one version
 * check, one history entry), after the same checks.
 */
export function TimetableGrid({
  lineId,
  data,
  routes,
}: {
  lineId: number;
  data: LineSchedulesData;
  routes: AdminRouteData[];
}) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const toasts = useToasts();
  const draftKey = `schedule-grid:${lineId}`;
  const { loaded, draft, refresh, refuse } = useLineSchedulesDraft(lineId, data, draftKey);
  const saveList = useMutation(trpc.admin.schedules.saveList.mutationOptions());

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [offset, setOffset] = useState(60);
  const [count, setCount] = useState('1');
  const [notice, setNotice] = useState<Notice | null>(null);
  // Text typed into cells and not yet taken (by cell), and the cells whose text was refused.
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(() => new Map());
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(() => new Map());
  const refusedRef = useRef(refused);
  refusedRef.current = refused;
  // Schedules whose save was refused by the checks: their empty cells are outlined.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState<Active | null>(null);
  const focusWanted = useRef<Active | null>(null);

  const forms = draft.value;
  const { grids, unplaced } = useMemo(() => buildGrids(forms, routes), [forms, routes]);
  const changed = useMemo(() => changedSchedules(forms, loaded), [forms, loaded]);
  // Text typed into a cell of a trip still there, not yet taken: unsaved work too.
  const typing = useMemo(() => {
    const tripIds = new Set(forms.flatMap((f) => f.trips.map((t) => t.id)));
    return [...texts.keys()].some((key) => tripIds.has(Number(key.split(':')[0])));
  }, [forms, texts]);
  // The draft's own guard covers what was taken; this one what is typed and not yet taken.
  useUnsavedChanges(draftKey, typing);

  // The draft set back to what is stored (a reload after a conflict, a discard): what the grid
  // held about the old one (typed and refused text, outlined schedules, notices) goes with it.
  const resets = draft.resets;
  useEffect(() => {
    if (resets === 0) return;
    textsRef.current = new Map();
    setTexts(textsRef.current);
    refusedRef.current = new Map();
    setRefused(refusedRef.current);
    setFailed(new Set());
    setWarnings(null);
    setNotice(null);
  }, [resets]);
  const stopCounts = new Map(routes.map((r) => [r.id, r.stopsArr.length]));
  const stopCount = (routeId: number) => stopCounts.get(routeId);
  const ruleNames = new Map(data.yearlyOptions.map((r) => [r.id, r.periodName]));
  const formsById = new Map(forms.map((f) => [f.id, f]));

  // Schedules as staff call them: 'Schedule 12', or 'New schedule 2' before the first save.
  const labels = useMemo(() => {
    const out = new Map<number, string>();
    let n = 0;
    for (const f of forms)
      out.set(f.id, isTempId(f.id) ? m.grid.newSchedule(++n) : m.schedules.schedule(f.id));
    return out;
  }, [forms, m]);
  const labelOf = (id: number) => labels.get(id) ?? '';

  // After a move the cell is focused again once the grid has rendered (columns follow their
  // first departure, so a cell can change place when a time changes).
  useLayoutEffect(() => {
    const wanted = focusWanted.current;
    if (!wanted) return;
    const input = document.getElementById(cellId(wanted.tripId, wanted.row));
    if (input instanceof HTMLInputElement) {
      if (document.activeElement !== input) input.focus();
      input.select();
    }
    focusWanted.current = null;
  });

  const focusCell = (target: Active) => {
    focusWanted.current = target;
    setActive(target);
    const input = document.getElementById(cellId(target.tripId, target.row));
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  const setText = (key: string, text: string | null) => {
    const next = withEntry(textsRef.current, key, text);
    textsRef.current = next;
    setTexts(next);
  };

  const setRefusedText = (key: string, text: string | null) => {
    const next = withEntry(refusedRef.current, key, text);
    refusedRef.current = next;
    setRefused(next);
  };

  const whereOf = (grid: DirectionGrid, scheduleId: number, row: number) =>
    m.grid.cellLabel(
      grid.stops[row]?.name ?? '',
      row + 1,
      labelOf(scheduleId),
      m.values.boundFor[grid.boundFor],
    );

  /** Takes what was typed into a cell: a time or an empty cell is stored, anything else refused. */
  const commitCell = (grid: DirectionGrid, scheduleId: number, tripId: number, row: number): boolean => {
    const key = cellKey(tripId, row);
    const text = textsRef.current.get(key);
    if (text === undefined) return true;
    const parsed = parseCellTime(text);
    if (parsed.kind === 'invalid') {
      setRefusedText(key, parsed.text);
      setNotice({ tone: 'danger', text: m.grid.notATime(parsed.text, whereOf(grid, scheduleId, row)) });
      // The refused cell stays in sight above the save bar, which now says why.
      requestAnimationFrame(() =>
        document.getElementById(cellId(tripId, row))?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      );
      return false;
    }
    draft.edit((all) => setCellTime(all, tripId, row, parsed.kind === 'time' ? parsed.value : ''));
    setText(key, null);
    if (refusedRef.current.has(key)) {
      setRefusedText(key, null);
      setNotice(null);
    }
    return true;
  };

  const onCellKeyDown = (
    event: KeyboardEvent<HTMLInputElement>,
    grid: DirectionGrid,
    col: number,
    row: number,
  ) => {
    const column = grid.columns[col];
    if (!column || event.altKey) return;
    const key = cellKey(column.tripId, row);
    if (event.key === 'Escape') {
      event.preventDefault();
      setText(key, null);
      if (refusedRef.current.has(key)) {
        setRefusedText(key, null);
        setNotice(null);
      }
      focusCell({ grid: grid.key, tripId: column.tripId, row });
      return;
    }
    const target = moveCell({ row, col }, event, { rows: grid.stops.length, cols: grid.columns.length });
    if (target === undefined) return;
    if (!commitCell(grid, column.scheduleId, column.tripId, row)) {
      event.preventDefault();
      return;
    }
    // Tab past the last cell (or Shift+Tab before the first) leaves the grid as usual.
    if (target === null) return;
    event.preventDefault();
    const to = grid.columns[target.col];
    if (to) focusCell({ grid: grid.key, tripId: to.tripId, row: target.row });
  };

  const onCellPaste = (
    event: ClipboardEvent<HTMLInputElement>,
    grid: DirectionGrid,
    col: number,
    row: number,
  ) => {
    event.preventDefault();
    // Read-only while a save runs (the saved schedules replace the draft's when it returns).
    if (busy) return;
    const block = parseBlock(event.clipboardData.getData('text/plain'));
    // No text on the clipboard (an image, nothing copied): nothing changes, nothing is said.
    if (block.length === 0) return;
    const placed = placeBlock(
      block,
      { row, col },
      {
        rows: grid.stops.length,
        cols: grid.columns.length,
      },
    );
    if (!placed.ok) {
      const { error } = placed;
      setNotice({
        tone: 'danger',
        text:
          error.kind === 'tooBig'
            ? m.grid.pasteTooBig(error.rows, error.cols, error.roomRows, error.roomCols)
            : m.grid.pasteInvalid(error.text, error.row, error.col),
      });
      return;
    }
    const targets = placed.cells.map((cell) => ({
      tripId: grid.columns[cell.col]?.tripId as number,
      row: cell.row,
      value: cell.value,
    }));
    draft.edit((all) => {
      for (const t of targets) setCellTime(all, t.tripId, t.row, t.value);
    });
    const nextTexts = new Map(textsRef.current);
    const nextRefused = new Map(refusedRef.current);
    for (const t of targets) {
      nextTexts.delete(cellKey(t.tripId, t.row));
      nextRefused.delete(cellKey(t.tripId, t.row));
    }
    textsRef.current = nextTexts;
    setTexts(nextTexts);
    refusedRef.current = nextRefused;
    setRefused(nextRefused);
    setNotice({ tone: 'info', text: m.grid.pasted(targets.length) });
  };

  // ---------------------------------------------------------------------------- Copy and shift

  const toggle = (scheduleId: number, on: boolean) =>
    setSelected((all) => withMembers(all, [scheduleId], on));

  const selectedForms = () => draft.latest().filter((f) => selected.has(f.id));
  const offsetText = formatMinutes(offset);

  const copy = (n: number, every: number) => {
    const result = makeCopies(selectedForms(), n, every);
    if (!result.ok) {
      setNotice({
        tone: 'danger',
        text: m.grid.outOfDay(labelOf(result.error.scheduleId), result.error.time),
      });
      return;
    }
    draft.edit((all) => {
      all.push(...result.copies);
    });
    // The copies are ticked now: the same button again continues the series.
    setSelected(new Set(result.copies.map((c) => c.id)));
    setNotice({ tone: 'info', text: m.grid.copied(result.copies.length) });
  };

  const makeCopiesClicked = () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > MAX_COPIES) {
      setNotice({ tone: 'danger', text: m.grid.copiesRange(MAX_COPIES) });
      return;
    }
    copy(n, offset);
  };

  const shift = (later: boolean) => {
    const picked = selectedForms();
    const result = shiftSchedules(picked, later ? offset : -offset);
    if (!result.ok) {
      setNotice({
        tone: 'danger',
        text: m.grid.outOfDay(labelOf(result.error.scheduleId), result.error.time),
      });
      return;
    }
    const byId = new Map(result.forms.map((f) => [f.id, f]));
    draft.edit((all) => {
      for (const [i, f] of all.entries()) {
        const moved = byId.get(f.id);
        if (moved) all[i] = moved;
      }
    });
    setNotice({ tone: 'info', text: m.grid.shifted(picked.length, offsetText, later) });
  };

  const removeNew = () => {
    const picked = selectedForms();
    if (picked.some((f) => !isTempId(f.id))) {
      setNotice({ tone: 'danger', text: m.grid.removeOnlyNew });
      return;
    }
    const ids = new Set(picked.map((f) => f.id));
    draft.edit((all) => {
      for (let i = all.length - 1; i >= 0; i--) if (ids.has((all[i] as ScheduleForm).id)) all.splice(i, 1);
    });
    setSelected(new Set());
    setNotice({ tone: 'info', text: m.grid.removed(ids.size) });
  };

  // ---------------------------------------------------------------------------- Save

  /** Takes the text typed into cells and not yet taken (not the refused, the check below names them). */
  const takeTyped = () => {
    for (const key of [...textsRef.current.keys()]) {
      if (refusedRef.current.has(key)) continue;
      const [tripId, row] = key.split(':').map(Number) as [number, number];
      for (const grid of grids) {
        const column = grid.columns.find((c) => c.tripId === tripId);
        if (column) commitCell(grid, column.scheduleId, tripId, row);
      }
    }
  };

  const save = async (confirmed = false) => {
    takeTyped();
    // Cells of trips that are gone (a new schedule removed, a reload) no longer count.
    const tripIds = new Set(draft.latest().flatMap((f) => f.trips.map((t) => t.id)));
    const [firstRefused] = [...refusedRef.current.keys()].filter((key) =>
      tripIds.has(Number(key.split(':')[0])),
    );
    if (firstRefused !== undefined) {
      setNotice({ tone: 'danger', text: m.grid.fixCellsFirst });
      const [tripId, row] = firstRefused.split(':').map(Number);
      document.getElementById(cellId(tripId ?? 0, row ?? 0))?.focus();
      return;
    }
    const toSave = changedSchedules(draft.latest(), loaded);
    if (toSave.length === 0) {
      setNotice({ tone: 'info', text: m.grid.nothingToSave });
      return;
    }
    const drafts = [];
    for (const form of toSave) {
      // The checks of spec section 5, as the schedule editor and the server run them.
      const checked = validateSchedule(form, stopCount);
      if (!checked.success) {
        setWarnings(null);
        setFailed(new Set([form.id]));
        setNotice({ tone: 'danger', text: m.grid.failedSchedule(labelOf(form.id)) });
        refuse(checked);
        return;
      }
      drafts.push(checked.draft);
    }
    // Times going backwards or a direction that does not fit: saved only once confirmed.
    const found = toSave.flatMap((form) =>
      scheduleWarnings(form, routes).map((w) =>
        m.grid.warningOf(labelOf(form.id), scheduleWarningText(m, w)),
      ),
    );
    if (found.length > 0 && !confirmed) {
      setWarnings(found);
      return;
    }
    setWarnings(null);
    setBusy(true);
    try {
      const stored = await saveList.mutateAsync({
        lineId,
        schedules: drafts,
        baseVersion: draft.baseVersion,
      });
      draft.saved();
      const savedAs = new Map(toSave.map((f, i) => [f.id, stored[i]]));
      draft.edit((all) => {
        for (const [i, f] of all.entries()) {
          const saved = savedAs.get(f.id);
          if (saved) all[i] = scheduleToForm(saved);
        }
      });
      setSelected((all) => new Set([...all].map((id) => savedAs.get(id)?.id ?? id)));
      setFailed(new Set());
      setNotice(null);
      toasts.success(m.validation.saved, ALERT_MS.standard);
      await refresh();
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text);
    } finally {
      setBusy(false);
    }
  };

  // ---------------------------------------------------------------------------- Render

  const routeName = (routeId: number) =>
    routes.find((r) => r.id === routeId)?.routeNotes?.trim() || m.lineDetail.mainRoute;
  const weekdayNames = WEEKDAYS.map((d) => m.schedules.weekdayShort[d]);
  const ruleLabel = (ruleId: number | null) => {
    const name = ruleId === null ? undefined : ruleNames.get(ruleId);
    if (name === undefined) return m.grid.noRule;
    return ruleDisplayName(name, m.schedules.wholeYear);
  };
  const selectedNames = forms.filter((f) => selected.has(f.id)).map((f) => labelOf(f.id));
  const nothingSelected = selectedNames.length === 0;
  const n = Number(count);

  return (
    <div className="tgrid" aria-busy={busy || undefined}>
      <h1>{m.grid.heading(data.lineTitle)}</h1>
      {draft.notices}
      <p className="actions-bar">
        <Link href={`/schedules/${lineId}`}>{m.grid.toEditor}</Link>
        <Link href={`/lines/${lineId}`}>{m.schedules.toLine}</Link>
      </p>
      <p className="muted tgrid__intro">{m.grid.intro}</p>
      {routes.length === 0 && (
        <div className="alert alert--info" role="status">
          {m.schedules.noRoutesYet} <Link href={`/lines/${lineId}/edit`}>{m.schedules.editRoutes}</Link>
        </div>
      )}

      <section className="tgrid-tools" aria-labelledby="tgrid-tools-heading">
        <h2 id="tgrid-tools-heading">{m.grid.toolsHeading}</h2>
        <p className="muted">{m.grid.toolsIntro}</p>
        <p className="tgrid-tools__selected" aria-live="polite">
          {nothingSelected ? m.grid.selectedNone : m.grid.selected(selectedNames.join(', '))}
        </p>
        <div className="tgrid-tools__row">
          <div className="field tgrid-tools__field">
            <label htmlFor="tgrid-offset">{m.grid.offset}</label>
            <select
              id="tgrid-offset"
              className="input select"
              value={offset}
              onChange={(event) => setOffset(Number(event.target.value))}
            >
              {OFFSET_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {formatMinutes(minutes)}
                </option>
              ))}
            </select>
          </div>
          <div className="field tgrid-tools__field tgrid-tools__count">
            <label htmlFor="tgrid-count">{m.grid.copies}</label>
            <input
              id="tgrid-count"
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COPIES}
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || nothingSelected}
            onClick={makeCopiesClicked}
          >
            {n === 1 || !Number.isInteger(n)
              ? m.grid.copyLater(offsetText)
              : m.grid.makeCopies(n, offsetText)}
          </button>
        </div>
        <div className="tgrid-tools__row">
          <button type="button" className="btn" disabled={busy || nothingSelected} onClick={() => copy(1, 0)}>
            {m.grid.duplicate}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || nothingSelected}
            onClick={() => shift(true)}
          >
            {m.grid.shiftLater(offsetText)}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || nothingSelected}
            onClick={() => shift(false)}
          >
            {m.grid.shiftEarlier(offsetText)}
          </button>
          <button
            type="button"
            className="btn btn--danger-outline"
            disabled={busy || nothingSelected}
            onClick={removeNew}
          >
            {m.grid.removeNew}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || nothingSelected}
            onClick={() => setSelected(new Set())}
          >
            {m.grid.clearSelection}
          </button>
        </div>
      </section>

      {unplaced > 0 && <p className="muted">{m.grid.unplaced(unplaced)}</p>}
      {grids.length === 0 && routes.length > 0 && <p className="muted">{m.schedules.noSchedules}</p>}

      {grids.map((grid) => {
        const twin = grids.some(
          (g) => g !== grid && g.boundFor === grid.boundFor && g.routeId === grid.routeId,
        );
        const route =
          twin && grid.reversed ? m.grid.reversedRoute(routeName(grid.routeId)) : routeName(grid.routeId);
        const headingId = `tgrid-${grid.key.replace(/[^\w]/g, '-')}`;
        // One tab stop per table (the active cell, else the first): arrows, Tab and Enter move inside.
        const firstActive =
          active !== null &&
          active.grid === grid.key &&
          active.row < grid.stops.length &&
          grid.columns.some((c) => c.tripId === active.tripId);
        return (
          <section key={grid.key} className="tgrid-section" aria-labelledby={headingId}>
            <h2 id={headingId}>
              {m.grid.direction(m.values.boundFor[grid.boundFor], route, grid.stops.length)}
            </h2>
            <div className="table-wrap tgrid-wrap">
              <table className="tgrid-table" aria-labelledby={headingId}>
                <thead>
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
                              onChange={(event) => toggle(form.id, event.target.checked)}
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
                          <span className="tgrid-col__fact">
                            {m.schedules.summaryRule(ruleLabel(form.runsOnYearlyId))}
                          </span>
                          <span className="tgrid-col__fact">
                            {form.runsOnPublicHolidays ? m.grid.holidaysYes : m.grid.holidaysNo}
                          </span>
                          {isNew && <span className="badge badge--new">{m.grid.isNew}</span>}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {grid.stops.map((stop, row) => (
                    <tr key={`${stop.id}-${row}`}>
                      <th scope="row" className="tgrid-table__stop">
                        <span className="tgrid-table__num">{row + 1}</span> {stop.name}
                      </th>
                      {grid.columns.map((column, col) => {
                        const form = formsById.get(column.scheduleId);
                        const trip = form?.trips.find((t) => t.id === column.tripId);
                        const key = cellKey(column.tripId, row);
                        const stored = trip?.timeList[row] ?? '';
                        const text = texts.get(key);
                        const isRefused = refused.has(key);
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
                              aria-describedby={isRefused && notice ? 'tgrid-notice' : undefined}
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
                                setActive({ grid: grid.key, tripId: column.tripId, row });
                                event.currentTarget.select();
                              }}
                              onChange={(event) => setText(key, event.target.value)}
                              onBlur={() => commitCell(grid, column.scheduleId, column.tripId, row)}
                              onKeyDown={(event) => onCellKeyDown(event, grid, col, row)}
                              onPaste={(event) => onCellPaste(event, grid, col, row)}
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
      })}

      {warnings !== null && warnings.length > 0 && (
        <ScheduleWarnings
          texts={warnings}
          busy={busy}
          onConfirm={() => void save(true)}
          onDismiss={() => setWarnings(null)}
          scrollIntoView
        />
      )}

      {/* Kept in view at the bottom: what the last action did or why it was refused, and the save. */}
      <div className="tgrid-savebar">
        <div className="tgrid-savebar__notice">
          {notice && (
            <p
              id="tgrid-notice"
              className={`alert alert--${notice.tone === 'danger' ? 'danger' : 'info'}`}
              role={notice.tone === 'danger' ? 'alert' : 'status'}
            >
              {notice.text}
            </p>
          )}
        </div>
        <span className="tgrid-savebar__status" aria-live="polite">
          {changed.length > 0 ? m.grid.unsaved(changed.length) : ''}
        </span>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || (changed.length === 0 && !typing)}
          onClick={() => void save()}
        >
          {busy ? m.common.saving : changed.length === 0 ? m.common.save : m.grid.save(changed.length)}
        </button>
      </div>
    </div>
  );
}

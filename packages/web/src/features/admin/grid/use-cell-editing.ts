import {
  type ClipboardEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { withEntry } from '../logic/copy-with.ts';
import { type DirectionGrid, moveCell, parseBlock, placeBlock, setCellTime } from '../logic/grid.ts';
import { parseCellTime } from '../logic/grid-time.ts';
import type { ScheduleForm } from '../logic/schedule-form.ts';
import type { SafeDraft } from '../ui/safe-draft.tsx';

/** A cell of the grid: a trip's time at one position of its travel order. */
export const cellKey = (tripId: number, row: number) => `${tripId}:${row}`;
export const cellId = (tripId: number, row: number) => `grid-cell-${tripId}-${row}`;

/** What the last action did or why it was refused, shown above the save. */
export interface Notice {
  tone: 'danger' | 'info';
  text: string;
}

/** The cell that has (or last had) the focus: each table's one tab stop. */
export interface ActiveCell {
  grid: string;
  tripId: number;
  row: number;
}

/** The trip of a cell key (`tripId:row`). */
const tripOf = (key: string) => Number(key.split(':')[0]);

/**
 * Typing, keyboard and paste in the grid's cells, like a spreadsheet. Text typed into a cell is
 * kept apart until it is taken (moving on, leaving the cell, a save): a time or an empty cell
 * goes into the draft; anything else is refused, stays in its cell outlined, and the notice says
 * why. Arrows, Tab and Enter move between cells, Escape puts the stored time back, and a block
 * pasted from a spreadsheet fills the cells from the one pasted into.
 */
export function useCellEditing({
  draft,
  grids,
  busy,
  setNotice,
  whereOf,
}: {
  draft: SafeDraft<ScheduleForm[], number>;
  grids: readonly DirectionGrid[];
  busy: boolean;
  setNotice: (notice: Notice | null) => void;
  /** The cell's name ('Anykščių AS (stop 1), Schedule 15, Out bound'). */
  whereOf: (grid: DirectionGrid, scheduleId: number, row: number) => string;
}) {
  const m = useAdminMessages();
  // Text typed into cells and not yet taken (by cell), and the cells whose text was refused.
  // Kept in refs as well: a key press takes a cell and moves on before the next render.
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(() => new Map());
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(() => new Map());
  const refusedRef = useRef(refused);
  refusedRef.current = refused;
  const [active, setActive] = useState<ActiveCell | null>(null);
  const focusWanted = useRef<ActiveCell | null>(null);

  const forms = draft.value;
  // Text typed into a cell of a trip still there, not yet taken: unsaved work too.
  const typing = useMemo(() => {
    const tripIds = new Set(forms.flatMap((f) => f.trips.map((t) => t.id)));
    return [...texts.keys()].some((key) => tripIds.has(tripOf(key)));
  }, [forms, texts]);

  const replaceTexts = (next: ReadonlyMap<string, string>) => {
    textsRef.current = next;
    setTexts(next);
  };
  const replaceRefused = (next: ReadonlyMap<string, string>) => {
    refusedRef.current = next;
    setRefused(next);
  };
  const setText = (key: string, text: string | null) => replaceTexts(withEntry(textsRef.current, key, text));
  const setRefusedText = (key: string, text: string | null) =>
    replaceRefused(withEntry(refusedRef.current, key, text));

  // The draft set back to what is stored (a reload after a conflict, a discard): the text typed
  // and refused in the old one goes with it.
  const resets = draft.resets;
  useEffect(() => {
    if (resets === 0) return;
    textsRef.current = new Map();
    setTexts(textsRef.current);
    refusedRef.current = new Map();
    setRefused(refusedRef.current);
  }, [resets]);

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

  const focusCell = (target: ActiveCell) => {
    focusWanted.current = target;
    setActive(target);
    const input = document.getElementById(cellId(target.tripId, target.row));
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  /**
   * Takes what was typed into a cell: a time or an empty cell is stored, anything else refused.
   * `leaving`: the cell lost the focus (a click elsewhere). A refused cell is then not scrolled
   * back into sight: the page would move under the click (on a button at the top, the press
   * lands on it and the release elsewhere, and the click is lost).
   */
  const commit = (
    grid: DirectionGrid,
    scheduleId: number,
    tripId: number,
    row: number,
    leaving = false,
  ): boolean => {
    const key = cellKey(tripId, row);
    const text = textsRef.current.get(key);
    if (text === undefined) return true;
    const parsed = parseCellTime(text);
    if (parsed.kind === 'invalid') {
      setRefusedText(key, parsed.text);
      setNotice({ tone: 'danger', text: m.grid.notATime(parsed.text, whereOf(grid, scheduleId, row)) });
      // The refused cell stays in sight above the save bar, which now says why.
      if (!leaving)
        requestAnimationFrame(() =>
          document
            .getElementById(cellId(tripId, row))
            ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
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

  const onKeyDown = (
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
    if (!commit(grid, column.scheduleId, column.tripId, row)) {
      event.preventDefault();
      return;
    }
    // Tab past the last cell (or Shift+Tab before the first) leaves the grid as usual.
    if (target === null) return;
    event.preventDefault();
    const to = grid.columns[target.col];
    if (to) focusCell({ grid: grid.key, tripId: to.tripId, row: target.row });
  };

  const onPaste = (
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
    const placed = placeBlock(block, { row, col }, { rows: grid.stops.length, cols: grid.columns.length });
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
    replaceTexts(nextTexts);
    replaceRefused(nextRefused);
    setNotice({ tone: 'info', text: m.grid.pasted(targets.length) });
  };

  const onFocus = (grid: DirectionGrid, tripId: number, row: number) =>
    setActive({ grid: grid.key, tripId, row });

  /**
   * Before a save: takes the text typed into cells and not yet taken. A cell still refused (of
   * a trip that is still there) stops the save: the notice says so and the cell gets the focus.
   */
  const takeTyped = (): boolean => {
    for (const key of [...textsRef.current.keys()]) {
      if (refusedRef.current.has(key)) continue;
      const [tripId, row] = key.split(':').map(Number) as [number, number];
      for (const grid of grids) {
        const column = grid.columns.find((c) => c.tripId === tripId);
        if (column) commit(grid, column.scheduleId, tripId, row);
      }
    }
    // Cells of trips that are gone (a new schedule removed, a reload) no longer count.
    const tripIds = new Set(draft.latest().flatMap((f) => f.trips.map((t) => t.id)));
    const [firstRefused] = [...refusedRef.current.keys()].filter((key) => tripIds.has(tripOf(key)));
    if (firstRefused === undefined) return true;
    setNotice({ tone: 'danger', text: m.grid.fixCellsFirst });
    const [tripId, row] = firstRefused.split(':').map(Number);
    document.getElementById(cellId(tripId ?? 0, row ?? 0))?.focus();
    return false;
  };

  return { texts, refused, active, typing, setText, commit, onKeyDown, onPaste, onFocus, takeTyped };
}

export type CellEditing = ReturnType<typeof useCellEditing>;

import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { MAX_COPIES, makeCopies, shiftSchedules } from '../logic/grid.ts';
import { formatMinutes, OFFSET_CHOICES } from '../logic/grid-time.ts';
import type { ScheduleForm } from '../logic/schedule-form.ts';
import { isTempId } from '../logic/temp-ids.ts';
import type { SafeDraft } from '../ui/safe-draft.tsx';
import type { Notice } from './use-cell-editing.ts';

/**
 * Copy and shift: the ticked schedules copied (a series of copies, every offset later),
 * duplicated, shifted later or earlier, or, while new, removed. What each did (or why not) goes
 * to the notice above the save.
 */
export function GridTools({
  draft,
  selected,
  setSelected,
  busy,
  labelOf,
  setNotice,
}: {
  draft: SafeDraft<ScheduleForm[], number>;
  selected: ReadonlySet<number>;
  setSelected: (selected: ReadonlySet<number>) => void;
  busy: boolean;
  labelOf: (scheduleId: number) => string;
  setNotice: (notice: Notice) => void;
}) {
  const m = useAdminMessages();
  const [offset, setOffset] = useState(60);
  const [count, setCount] = useState('1');
  const offsetText = formatMinutes(offset);
  const selectedForms = () => draft.latest().filter((f) => selected.has(f.id));
  const outOfDay = (error: { scheduleId: number; time: string }) =>
    setNotice({ tone: 'danger', text: m.grid.outOfDay(labelOf(error.scheduleId), error.time) });

  const copy = (n: number, every: number) => {
    const result = makeCopies(selectedForms(), n, every);
    if (!result.ok) return outOfDay(result.error);
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
    if (!result.ok) return outOfDay(result.error);
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

  const selectedNames = draft.value.filter((f) => selected.has(f.id)).map((f) => labelOf(f.id));
  const off = busy || selectedNames.length === 0;
  const n = Number(count);
  // The row of actions on what is ticked: [key, text, what it does, button class].
  const actions: [string, string, () => void, string][] = [
    ['duplicate', m.grid.duplicate, () => copy(1, 0), 'btn'],
    ['later', m.grid.shiftLater(offsetText), () => shift(true), 'btn'],
    ['earlier', m.grid.shiftEarlier(offsetText), () => shift(false), 'btn'],
    ['remove', m.grid.removeNew, removeNew, 'btn btn--danger-outline'],
    ['untick', m.grid.clearSelection, () => setSelected(new Set()), 'btn'],
  ];

  return (
    <section className="tgrid-tools" aria-labelledby="tgrid-tools-heading">
      <h2 id="tgrid-tools-heading">{m.grid.toolsHeading}</h2>
      <p className="muted">{m.grid.toolsIntro}</p>
      <p className="tgrid-tools__selected" aria-live="polite">
        {selectedNames.length === 0 ? m.grid.selectedNone : m.grid.selected(selectedNames.join(', '))}
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
        <button type="button" className="btn btn--primary" disabled={off} onClick={makeCopiesClicked}>
          {n === 1 || !Number.isInteger(n) ? m.grid.copyLater(offsetText) : m.grid.makeCopies(n, offsetText)}
        </button>
      </div>
      <div className="tgrid-tools__row">
        {actions.map(([key, text, act, className]) => (
          <button key={key} type="button" className={className} disabled={off} onClick={act}>
            {text}
          </button>
        ))}
      </div>
    </section>
  );
}

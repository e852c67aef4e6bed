import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { AdminRouteData, LineSchedulesData } from '../admin-api.tsx';
import { withMembers } from '../logic/copy-with.ts';
import { buildGrids, changedSchedules, type DirectionGrid } from '../logic/grid.ts';
import { ruleDisplayName } from '../logic/rule-name.ts';
import { isTempId } from '../logic/temp-ids.ts';
import { useLineSchedulesDraft } from '../schedules/line-schedules-draft.ts';
import { ScheduleWarnings, scheduleWarningText } from '../schedules/schedule-warnings.tsx';
import { ValidOnFilter, validOnDate } from '../schedules/valid-on.tsx';
import { useUnsavedChanges } from '../ui/safe-draft.tsx';
import { GridTable } from './grid-table.tsx';
import { GridTools } from './grid-tools.tsx';
import { type Notice, useCellEditing } from './use-cell-editing.ts';
import './timetable-grid.css';

/**
 * The timetable grid of a line: every trip in one table per direction, edited like a
 * spreadsheet (use-cell-editing.ts), with copy and shift of whole schedules (grid-tools.tsx).
 * It edits the same model as the schedule editor and saves the changed schedules the same way
 * (line-schedules-draft.ts: one call, one version check, one history entry, the same checks).
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
  const draftKey = `schedule-grid:${lineId}`;
  const { loaded, draft, saving, check, send } = useLineSchedulesDraft(lineId, data, routes, draftKey);
  const busy = saving.size > 0;
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  // Schedules whose save was refused by the checks: their empty cells are outlined.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [warnings, setWarnings] = useState<string[] | null>(null);

  const forms = draft.value;
  // "valid on date ..." shows the columns of either timetable.
  const [validOn, setValidOn] = useState('');
  const { grids, unplaced } = useMemo(
    () =>
      buildGrids(
        forms.filter((f) => validOnDate(f, validOn)),
        routes,
      ),
    [forms, routes, validOn],
  );
  const hiddenCount = forms.filter((f) => !validOnDate(f, validOn)).length;
  const changed = useMemo(() => changedSchedules(forms, loaded), [forms, loaded]);
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
  const whereOf = (grid: DirectionGrid, scheduleId: number, row: number) =>
    m.grid.cellLabel(
      grid.stops[row]?.name ?? '',
      row + 1,
      labelOf(scheduleId),
      m.values.boundFor[grid.boundFor],
    );

  const cells = useCellEditing({ draft, grids, busy, setNotice, whereOf });
  // The draft's own guard covers what was taken; this one what is typed and not yet taken.
  useUnsavedChanges(draftKey, cells.typing);

  // The draft set back to what is stored (a reload after a conflict, a discard): what the grid
  // held about the old one (outlined schedules, warnings, notices) goes with it.
  const resets = draft.resets;
  useEffect(() => {
    if (resets === 0) return;
    setFailed(new Set());
    setWarnings(null);
    setNotice(null);
  }, [resets]);

  const save = async (confirmed = false) => {
    if (!cells.takeTyped()) return;
    const toSave = changedSchedules(draft.latest(), loaded);
    if (toSave.length === 0) {
      setNotice({ tone: 'info', text: m.grid.nothingToSave });
      return;
    }
    // The checks of spec section 5, as the schedule editor and the server run them.
    const checked = check(toSave, confirmed);
    setWarnings(
      checked.kind === 'warnings'
        ? checked.found.map(({ form, warning }) =>
            m.grid.warningOf(labelOf(form.id), scheduleWarningText(m, warning)),
          )
        : null,
    );
    if (checked.kind === 'refused') {
      setFailed(new Set([checked.form.id]));
      setNotice({ tone: 'danger', text: m.grid.failedSchedule(labelOf(checked.form.id)) });
    }
    if (checked.kind !== 'ready') return;
    const savedIds = await send(checked);
    if (savedIds === null) return;
    setSelected((all) => new Set([...all].map((id) => savedIds.get(id) ?? id)));
    setFailed(new Set());
    setNotice(null);
  };

  const routeName = (routeId: number) =>
    routes.find((r) => r.id === routeId)?.routeNotes?.trim() || m.lineDetail.mainRoute;
  const headingOf = (grid: DirectionGrid) => {
    const twin = grids.some((g) => g !== grid && g.boundFor === grid.boundFor && g.routeId === grid.routeId);
    const route =
      twin && grid.reversed ? m.grid.reversedRoute(routeName(grid.routeId)) : routeName(grid.routeId);
    return m.grid.direction(m.values.boundFor[grid.boundFor], route, grid.stops.length);
  };
  const ruleNames = new Map(data.yearlyOptions.map((r) => [r.id, r.periodName]));
  const ruleLabel = (ruleId: number | null) => {
    const name = ruleId === null ? undefined : ruleNames.get(ruleId);
    return name === undefined ? m.grid.noRule : ruleDisplayName(name, m.schedules.wholeYear);
  };

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

      <ValidOnFilter value={validOn} onChange={setValidOn} hidden={hiddenCount} />
      <GridTools {...{ draft, selected, setSelected, busy, labelOf, setNotice }} />

      {unplaced > 0 && <p className="muted">{m.grid.unplaced(unplaced)}</p>}
      {grids.length === 0 && routes.length > 0 && <p className="muted">{m.schedules.noSchedules}</p>}

      {grids.map((grid) => (
        <GridTable
          key={grid.key}
          lineId={lineId}
          grid={grid}
          heading={headingOf(grid)}
          formsById={formsById}
          labelOf={labelOf}
          ruleLabel={ruleLabel}
          selected={selected}
          onTick={(scheduleId, on) => setSelected((all) => withMembers(all, [scheduleId], on))}
          failed={failed}
          busy={busy}
          cells={cells}
          noticeShown={notice !== null}
          whereOf={whereOf}
        />
      ))}

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
          disabled={busy || (changed.length === 0 && !cells.typing)}
          onClick={() => void save()}
        >
          {busy ? m.common.saving : changed.length === 0 ? m.common.save : m.grid.save(changed.length)}
        </button>
      </div>
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminRouteData, LineSchedulesData } from '../admin-api.tsx';
import { ScheduleBulk } from '../bulk/schedule-bulk.tsx';
import { copySchedule } from '../logic/grid.ts';
import { ruleDisplayName } from '../logic/rule-name.ts';
import { type ScheduleWarning, scheduleToForm } from '../logic/schedule-form.ts';
import { isTempId } from '../logic/temp-ids.ts';
import { useFlushEdits } from '../ui/flush.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import { useLineSchedulesDraft } from './line-schedules-draft.ts';
import { ScheduleCard } from './schedule-card.tsx';
import { orderByFirstDeparture } from './schedule-order.ts';
import { ValidOnFilter, validOnDate } from './valid-on.tsx';
import './schedules.css';
import { withEntry, withMembers } from '../logic/copy-with.ts';

/** The schedules of one line, each saved (or deleted) on its own. */
export function ScheduleEditor({
  lineId,
  data,
  routes,
  openScheduleId,
}: {
  lineId: number;
  data: LineSchedulesData;
  routes: AdminRouteData[];
  openScheduleId: number | null;
}) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const { draft, saving, check, send, refresh } = useLineSchedulesDraft(
    lineId,
    data,
    routes,
    `schedules:${lineId}`,
  );
  // Plausibility warnings waiting for the user's confirmation, by schedule.
  const [warnings, setWarnings] = useState<ReadonlyMap<number, ScheduleWarning[]>>(() => new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(openScheduleId === null ? [] : [openScheduleId]),
  );
  // Schedules whose save failed: their fields show red outlines from then on.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  // The schedule being deleted (read-only until the delete returns).
  const [deleting, setDeleting] = useState<number | null>(null);
  const scrollTo = useRef<number | null>(openScheduleId);
  const remove = useMutation(trpc.admin.schedules.delete.mutationOptions());

  const ruleNames = new Map(data.yearlyOptions.map((r) => [r.id, r.periodName]));

  // The schedule named in the address (or just added) is opened and scrolled into view.
  useEffect(() => {
    const target = scrollTo.current;
    if (target === null) return;
    const card = document.getElementById(`schedule-${target}`);
    if (!card) return;
    scrollTo.current = null;
    card.scrollIntoView({ block: 'start' });
    card.querySelector<HTMLElement>('.sched-card__toggle')?.focus({ preventScroll: true });
  });

  const setOpen = (id: number, open: boolean) => setExpanded((all) => withMembers(all, [id], open));

  const add = () => {
    const form = scheduleToForm(data.empty);
    // The new schedule's trip starts on the line's first route.
    for (const trip of form.trips) trip.routeId ??= routes[0]?.id ?? null;
    draft.edit((all) => {
      all.push(form);
    });
    setOpen(form.id, true);
    scrollTo.current = form.id;
  };

  // A copy of a whole schedule (both trips, weekdays, rule), new and open, added last.
  const duplicate = (id: number) => {
    flushEdits();
    const source = draft.latest().find((f) => f.id === id);
    if (!source) return;
    const copy = copySchedule(source);
    draft.edit((all) => {
      all.push(copy);
    });
    setOpen(copy.id, true);
    scrollTo.current = copy.id;
  };

  const setWarningsOf = (id: number, list: ScheduleWarning[] | null) =>
    setWarnings((all) => withEntry(all, id, list));

  const save = async (id: number, confirmed = false) => {
    flushEdits();
    const form = draft.latest().find((f) => f.id === id);
    if (!form) return;
    const checked = check([form], confirmed);
    setWarningsOf(id, checked.kind === 'warnings' ? checked.found.map((f) => f.warning) : null);
    if (checked.kind === 'refused') setFailed((all) => new Set(all).add(id));
    if (checked.kind !== 'ready') return;
    const savedIds = await send(checked);
    const storedId = savedIds?.get(id);
    if (storedId === undefined) return;
    setExpanded((all) => {
      const next = new Set(all);
      if (next.delete(id)) next.add(storedId);
      return next;
    });
    setFailed((all) => withMembers(all, [id], false));
  };

  const drop = async (id: number) => {
    if (!isTempId(id)) {
      setDeleting(id);
      try {
        await remove.mutateAsync({ id, baseVersion: draft.baseVersion });
      } catch (error) {
        const text = draft.failed(error);
        if (text !== null) toasts.danger(text);
        setDeleting(null);
        return;
      }
      setDeleting(null);
      toasts.success(m.validation.scheduleDeleted, ALERT_MS.deleted);
      void refresh();
    }
    draft.edit((all) => {
      const i = all.findIndex((f) => f.id === id);
      if (i !== -1) all.splice(i, 1);
    });
  };

  // "valid on date ..." shows either timetable; after a new timetable is
  // made, the draft starts again from the schedules as stored.
  const [validOn, setValidOn] = useState('');
  const ordered = orderByFirstDeparture(draft.value, data.schedules);
  const shown = ordered.filter((form) => validOnDate(form, validOn));
  const hiddenCount = ordered.length - shown.length;
  const resetOnData = useRef(false);
  useEffect(() => {
    if (!resetOnData.current) return;
    resetOnData.current = false;
    draft.discard();
  }, [data]);

  const ruleLabel = (ruleId: number | null) => {
    const name = ruleId === null ? undefined : ruleNames.get(ruleId);
    return ruleDisplayName(name ?? '', m.schedules.wholeYear);
  };

  return (
    <>
      <h1>{m.schedules.heading(data.lineTitle)}</h1>
      {draft.notices}
      <p className="actions-bar">
        <Link href={`/lines/${lineId}`}>{m.schedules.toLine}</Link>
        <span>
          <Link href={`/schedules/${lineId}/grid`} className="strong-link">
            {m.grid.open}
          </Link>{' '}
          <span className="muted">({m.grid.openHint})</span>
        </span>
      </p>
      {routes.length === 0 ? (
        <div className="alert alert--info" role="status">
          {m.schedules.noRoutesYet} <Link href={`/lines/${lineId}/edit`}>{m.schedules.editRoutes}</Link>
        </div>
      ) : (
        <>
          {draft.value.length === 0 && <p className="muted">{m.schedules.noSchedules}</p>}
          {data.schedules.length > 1 && (
            <ScheduleBulk
              lineId={lineId}
              data={data}
              baseVersion={draft.baseVersion}
              onFailed={draft.failed}
              onReload={refresh}
              onDone={(result) => {
                // The draft is based on the version the bulk change made (a draft brought back
                // from an earlier visit would otherwise send its old one and be refused).
                const version = result.versions.find((v) => v.lineId === lineId)?.version;
                if (version !== undefined) draft.rebase(version);
                // The editor shows the new rule and weekdays; other unsaved edits stay.
                const changed = new Map(result.schedules.map((s) => [s.id, s]));
                draft.edit((all) => {
                  for (const form of all) {
                    const stored = changed.get(form.id);
                    if (stored)
                      Object.assign(form, {
                        runsOnYearlyId: stored.runsOnYearlyId,
                        runsOnWeekly: stored.runsOnWeekly,
                      });
                  }
                });
                return refresh();
              }}
              onNewTimetable={async (result) => {
                // The copies and the ended originals come from the server: once reloaded, the
                // editor shows what is stored (any other unsaved edit was saved or discarded first).
                const version = result.versions.find((v) => v.lineId === lineId)?.version;
                if (version !== undefined) draft.rebase(version);
                resetOnData.current = true;
                await refresh();
              }}
            />
          )}
          <ValidOnFilter value={validOn} onChange={setValidOn} hidden={hiddenCount} />
          <ol className="sched-list">
            {shown.map((form) => (
              <li key={form.id}>
                <ScheduleCard
                  form={form}
                  routes={routes}
                  boundForOptions={data.boundForOptions}
                  yearlyOptions={data.yearlyOptions}
                  ruleLabel={ruleLabel(form.runsOnYearlyId)}
                  expanded={expanded.has(form.id)}
                  showInvalid={failed.has(form.id)}
                  busy={saving.has(form.id) || deleting === form.id}
                  onToggle={(open) => setOpen(form.id, open)}
                  onEdit={(change) =>
                    draft.edit((all) => {
                      const target = all.find((f) => f.id === form.id);
                      if (target) change(target);
                    })
                  }
                  onSave={() => save(form.id)}
                  onDelete={() => drop(form.id)}
                  onDuplicate={() => duplicate(form.id)}
                  warnings={warnings.get(form.id) ?? null}
                  onConfirmWarnings={() => save(form.id, true)}
                  onDismissWarnings={() => setWarningsOf(form.id, null)}
                />
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn--primary" onClick={add}>
            {m.schedules.add}
          </button>
        </>
      )}
    </>
  );
}

import { SERVICE_CHANGE_KINDS, type ServiceChangeKind } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import {
  type ChangeDraft,
  draftOfChange,
  emptyDraft,
  filterFromSearch,
  searchFromFilter,
} from './change-draft.ts';
import { ChangeForm } from './change-form.tsx';
import { ChangeList, useStopNames } from './change-list.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import type { ChangeItem } from './types.ts';
import './service-changes.css';

type Open = { draft: ChangeDraft; existing: ChangeItem | null; key: number } | null;

/**
 * Service changes (/admin-panel/service-changes, issue 27): cancel trips or change their times
 * on dates, close a stop, post a notice; the list of current, upcoming and past changes
 * (filtered by line, date and status, kept in the address) with edit and one-click undo; and
 * a preview of what visitors will see on a date.
 */
export function ServiceChangesPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const toasts = useToasts();
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFromSearch(search);
  const lines = useQuery(trpc.admin.lines.list.queryOptions());
  const list = useQuery(
    trpc.admin.serviceChanges.list.queryOptions({ lineId: filter.lineId, date: filter.date }),
  );
  const stopNames = useStopNames();
  const [open, setOpen] = useState<Open>(null);
  const keys = useRef(0);
  const formTop = useRef<HTMLDivElement>(null);
  const lineChoices = (lines.data ?? []).map((l) => ({ id: l.id, name: l.name }));

  const start = (draft: ChangeDraft, existing: ChangeItem | null) => {
    keys.current += 1;
    setOpen({ draft, existing, key: keys.current });
    requestAnimationFrame(() => formTop.current?.querySelector<HTMLElement>('h2')?.focus());
  };

  const setFilter = (next: typeof filter) => navigate(`/service-changes${searchFromFilter(next)}`);
  const items = (list.data?.items ?? []).filter((c) => filter.status === null || c.status === filter.status);
  const filtered = searchFromFilter(filter) !== '';

  return (
    <>
      <h1>{m.serviceChanges.menu}</h1>
      <p>{m.serviceChanges.intro}</p>
      <p className="sc-create">
        {SERVICE_CHANGE_KINDS.map((kind: ServiceChangeKind) => (
          <button
            key={kind}
            type="button"
            className="btn"
            onClick={() => start(emptyDraft(kind, filter.lineId), null)}
          >
            {m.serviceChanges.create[kind]}
          </button>
        ))}
      </p>
      <div ref={formTop} className="sc-form-slot">
        {open !== null && (
          <ChangeForm
            key={open.key}
            initial={open.draft}
            existing={open.existing}
            lines={lineChoices}
            onDone={() => setOpen(null)}
          />
        )}
      </div>
      <div className="sc-columns">
        <div className="sc-main">
          <form
            className="sc-filters"
            aria-label={m.serviceChanges.filters}
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="field">
              <label htmlFor={`${id}-line`}>{m.serviceChanges.line}</label>
              <select
                id={`${id}-line`}
                className="input select"
                value={filter.lineId ?? ''}
                onChange={(e) =>
                  setFilter({ ...filter, lineId: e.target.value === '' ? null : Number(e.target.value) })
                }
              >
                <option value="">{m.serviceChanges.allLines}</option>
                {lineChoices.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-date`}>{m.serviceChanges.holdingOn}</label>
              <input
                id={`${id}-date`}
                type="date"
                className="input sc-date"
                value={filter.date ?? ''}
                onChange={(e) =>
                  setFilter({ ...filter, date: e.target.value === '' ? null : e.target.value })
                }
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-status`}>{m.serviceChanges.status}</label>
              <select
                id={`${id}-status`}
                className="input select"
                value={filter.status ?? ''}
                onChange={(e) =>
                  setFilter({
                    ...filter,
                    status: e.target.value === '' ? null : (e.target.value as typeof filter.status),
                  })
                }
              >
                <option value="">{m.serviceChanges.allStatuses}</option>
                <option value="current">{m.serviceChanges.statuses.current}</option>
                <option value="upcoming">{m.serviceChanges.statuses.upcoming}</option>
                <option value="past">{m.serviceChanges.statuses.past}</option>
              </select>
            </div>
            {filtered && (
              <p className="sc-filters__clear">
                <button type="button" className="btn btn--small" onClick={() => navigate('/service-changes')}>
                  {m.serviceChanges.clearFilters}
                </button>
              </p>
            )}
          </form>
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadError error={list.error} />
          ) : items.length === 0 ? (
            <p>{filtered ? m.serviceChanges.noMatch : m.serviceChanges.empty}</p>
          ) : (
            <ChangeList
              items={items}
              today={list.data.today}
              lines={lineChoices}
              onEdit={(change) =>
                start(
                  draftOfChange(change, (stopId) => stopNames.get(stopId) ?? String(stopId)),
                  change,
                )
              }
              onUndone={(title) => {
                if (open?.existing?.titleLt === title) setOpen(null);
                toasts.success(m.serviceChanges.undone(title), ALERT_MS.standard);
              }}
            />
          )}
        </div>
        {list.data && <PreviewPanel today={list.data.today} />}
      </div>
    </>
  );
}

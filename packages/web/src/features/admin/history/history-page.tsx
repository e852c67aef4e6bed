import type { AppRouter } from '@bus/server';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import {
  fieldLabel,
  filterFromSearch,
  HISTORY_KINDS,
  type HistoryFilter,
  type HistoryKind,
  searchFromFilter,
} from './history-view.ts';
import './history.css';

type HistoryItem = inferRouterOutputs<AppRouter>['admin']['history']['list']['items'][number];

/** Changed fields listed at once; more open with a click. */
const FIELDS_SHOWN = 12;

/**
 * History (/admin-panel/history): every recorded change newest first, filtered by kind of
 * thing, line and person (kept in the address), field by field, with a restore of the state
 * before a change. A restore goes through the same checks as a save and is recorded too.
 */
export function HistoryPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFromSearch(search);
  const lines = useQuery(trpc.admin.lines.list.queryOptions());
  // Pages already shown: the first, then one per "Show older changes" (each starts below the last).
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const filterKey = searchFromFilter(filter);
  // A new filter starts again from the newest change.
  const lastFilter = useRef(filterKey);
  useEffect(() => {
    if (lastFilter.current === filterKey) return;
    lastFilter.current = filterKey;
    setCursors([undefined]);
  }, [filterKey]);
  const first = useQuery(trpc.admin.history.list.queryOptions({ ...filter }));
  const authors = first.data?.authors ?? [];

  const setFilter = (next: HistoryFilter) => navigate(`/history${searchFromFilter(next)}`);

  return (
    <>
      <h1>{m.admin.history}</h1>
      <form className="history-filters" aria-label={m.history.filters} onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          id={`${id}-kind`}
          label={m.history.kind}
          all={m.history.allKinds}
          value={filter.kind ?? ''}
          options={HISTORY_KINDS.map((kind) => ({ value: kind, label: m.history.kinds[kind] }))}
          onChange={(value) => {
            const { kind: _old, ...rest } = filter;
            setFilter(value === '' ? rest : { ...rest, kind: value as HistoryKind });
          }}
        />
        <FilterSelect
          id={`${id}-line`}
          label={m.history.line}
          all={m.history.allLines}
          value={filter.lineId === undefined ? '' : String(filter.lineId)}
          options={[
            // A line that is not listed (deleted since) still shows as chosen.
            ...(filter.lineId !== undefined && !lines.data?.some((l) => l.id === filter.lineId)
              ? [{ value: String(filter.lineId), label: m.admin.lineDetail(String(filter.lineId)) }]
              : []),
            ...(lines.data ?? []).map((line) => ({ value: String(line.id), label: line.name })),
          ]}
          onChange={(value) => {
            const { lineId: _old, ...rest } = filter;
            setFilter(value === '' ? rest : { ...rest, lineId: Number(value) });
          }}
        />
        <FilterSelect
          id={`${id}-user`}
          label={m.history.person}
          all={m.history.everyone}
          value={filter.username ?? ''}
          options={[
            ...(filter.username !== undefined && !authors.includes(filter.username) ? [filter.username] : []),
            ...authors,
          ].map((name) => ({ value: name, label: name }))}
          onChange={(value) => {
            const { username: _old, ...rest } = filter;
            setFilter(value === '' ? rest : { ...rest, username: value });
          }}
        />
      </form>
      {first.isPending ? (
        <Loading />
      ) : first.isError ? (
        <LoadError error={first.error} />
      ) : first.data.items.length === 0 ? (
        <p className="muted">{filterKey === '' ? m.history.empty : m.history.noMatch}</p>
      ) : (
        <ol className="history-list">
          {cursors.map((beforeId, index) => (
            <HistoryChunk
              key={beforeId ?? 'newest'}
              filter={filter}
              beforeId={beforeId}
              last={index === cursors.length - 1}
              onOlder={(next) => setCursors((all) => [...all, next])}
            />
          ))}
        </ol>
      )}
    </>
  );
}

/** One page of changes (50); the last one shown offers the next older page. */
function HistoryChunk({
  filter,
  beforeId,
  last,
  onOlder,
}: {
  filter: HistoryFilter;
  beforeId: number | undefined;
  last: boolean;
  onOlder: (beforeId: number) => void;
}) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const page = useQuery(
    trpc.admin.history.list.queryOptions({ ...filter, ...(beforeId === undefined ? {} : { beforeId }) }),
  );
  if (page.isPending)
    return (
      <li className="history-list__more">
        <Loading />
      </li>
    );
  if (page.isError)
    return (
      <li className="history-list__more">
        <LoadError error={page.error} />
      </li>
    );
  const next = page.data.nextBeforeId;
  return (
    <>
      {page.data.items.map((item) => (
        <HistoryEntry key={item.id} item={item} />
      ))}
      {last && next !== null && (
        <li className="history-list__more">
          <button type="button" className="btn" onClick={() => onOlder(next)}>
            {m.history.older}
          </button>
        </li>
      )}
    </>
  );
}

function HistoryEntry({ item }: { item: HistoryItem }) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const restore = useMutation(trpc.admin.history.restore.mutationOptions());

  const doRestore = async () => {
    setAsking(false);
    try {
      await restore.mutateAsync({ id: item.id });
      toasts.success(m.history.restored(item.summary), ALERT_MS.standard);
      // Everything an editor shows may have changed.
      await queryClient.invalidateQueries();
    } catch (error) {
      toasts.danger(errorText(error));
    }
  };

  const rows = item.changes.map((change) => (
    <tr key={change.path}>
      <th scope="row">{fieldLabel(change.path) ?? m.history.whole}</th>
      <td>{change.before ?? m.history.missing}</td>
      <td>{change.after ?? m.history.missing}</td>
    </tr>
  ));
  const table = (shown: typeof rows) => (
    <div className="table-wrap">
      <table className="table history-changes">
        <thead>
          <tr>
            <th scope="col">{m.history.colField}</th>
            <th scope="col">{m.history.colBefore}</th>
            <th scope="col">{m.history.colAfter}</th>
          </tr>
        </thead>
        <tbody>{shown}</tbody>
      </table>
    </div>
  );

  return (
    <li className="history-entry" aria-labelledby={headingId}>
      <div className="history-entry__head">
        <h2 id={headingId} className="history-entry__what">
          {m.history.action(item.action, item.summary, item.restoredFrom !== null)}
        </h2>
        <p className="history-entry__when">
          <time dateTime={item.at}>{formatDate(locale, 'dateTime', new Date(item.at))}</time>
          {' · '}
          {m.history.by(item.username, item.via === 'rest')}
          {' · '}
          <span className="muted">{m.history.changeNo(item.id)}</span>
        </p>
      </div>
      {rows.length > 0 &&
        (rows.length <= FIELDS_SHOWN ? (
          table(rows)
        ) : (
          <details className="history-entry__all">
            <summary>{m.history.showAll(rows.length)}</summary>
            {table(rows)}
          </details>
        ))}
      {item.restorable && (
        <div className="history-entry__actions">
          {asking ? (
            <span className="confirm">
              <span className="confirm__question">{m.history.confirmRestore(item.summary)}</span>
              <button
                type="button"
                className="btn btn--primary btn--small"
                disabled={restore.isPending}
                onClick={() => void doRestore()}
              >
                {m.history.yesRestore}
              </button>
              <button type="button" className="btn btn--small" onClick={() => setAsking(false)}>
                {m.common.cancel}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="btn btn--small"
              aria-label={m.history.restoreLabel(item.summary, item.id)}
              disabled={restore.isPending}
              onClick={() => setAsking(true)}
            >
              {m.history.restore}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** One filter: a labelled select whose first option means "no filter" (value ''). */
function FilterSelect({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { AppRouter } from '@bus/server';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment, type ReactNode, useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/alert.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { type AdminMessages, useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages, useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC, useTRPCClient } from '../../../lib/trpc.ts';
import { ConfirmDelete, FetchButton, LoadError } from '../ui/bits.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import {
  fieldLabel,
  filterFromSearch,
  HISTORY_KINDS,
  type HistoryFilter,
  type HistoryKind,
  historyPagesKey,
  labelBreaks,
  searchFromFilter,
} from './history-view.ts';
import './history.css';

type HistoryOutput = inferRouterOutputs<AppRouter>['admin']['history']['list'];
type HistoryItem = HistoryOutput['items'][number];

/** Changed fields listed at once; more open with a click. */
const FIELDS_SHOWN = 12;

/**
 * History (/admin-panel/history): every recorded change newest first, filtered by kind of
 * thing, line and person (kept in the address), field by field, with a restore of the state
 * before a change. A restore goes through the same checks as a save and is recorded too.
 */
export function HistoryPage() {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFromSearch(search);
  const lines = useQuery(trpc.admin.lines.list.queryOptions());
  // Pages of 50, older ones on request. A refetch (after a restore) goes through the pages again
  // from the newest, each starting below the last one, so none is skipped or shown twice.
  const history = useInfiniteQuery({
    queryKey: historyPagesKey(trpc.admin.history.list.pathKey(), filter),
    queryFn: ({ pageParam }) =>
      client.admin.history.list.query(pageParam === null ? filter : { ...filter, beforeId: pageParam }),
    initialPageParam: null as number | null,
    getNextPageParam: (page: HistoryOutput) => page.nextBeforeId,
  });
  const pages = history.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const authors = pages[0]?.authors ?? [];
  const filtered = searchFromFilter(filter) !== '';

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
      {lines.isError && (
        <Alert tone="danger">{m.history.linesFailed(errorText(lines.error, serverMessages))}</Alert>
      )}
      {history.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        history.isError ? (
          <LoadError error={history.error} />
        ) : (
          <p className="muted">{filtered ? m.history.noMatch : m.history.empty}</p>
        )
      ) : (
        <>
          <ol className="history-list">
            {items.map((item) => (
              <HistoryEntry key={item.id} item={item} />
            ))}
          </ol>
          {history.isError && <LoadError error={history.error} />}
          {history.hasNextPage && (
            <p className="history-more">
              <FetchButton
                fetching={history.isFetching}
                busy={history.isFetchingNextPage}
                text={m.history.older}
                busyText={m.history.loadingOlder}
                onFetch={history.fetchNextPage}
              />
            </p>
          )}
        </>
      )}
    </>
  );
}

/** One change: what, when, who, the fields before and after, and putting the version before it back. */
function HistoryEntry({ item }: { item: HistoryItem }) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const headingId = useId();

  const rows = item.changes.map((change) => (
    <tr key={change.path}>
      <th scope="row">
        <FieldLabel label={fieldLabel(change.path) ?? m.history.whole} />
      </th>
      <td>{change.before ?? m.history.missing}</td>
      <td>{change.after ?? m.history.missing}</td>
    </tr>
  ));
  const table = (
    <DataTable
      className="table history-changes"
      wrapClassName="history-entry__table"
      columns={[m.history.colField, m.history.colBefore, m.history.colAfter]}
    >
      {rows}
    </DataTable>
  );

  return (
    <li className="history-entry" aria-labelledby={headingId}>
      <div className="history-entry__head">
        <h2 id={headingId} className="history-entry__what">
          {m.history.action(item.action, subjectText(item.summary, m), item.restoredFrom !== null)}
        </h2>
        <p className="history-entry__meta">
          <time dateTime={item.at}>{formatDate(locale, 'dateTime', new Date(item.at))}</time>
          <span className="history-entry__who">{m.history.by(item.username, item.via === 'rest')}</span>
          <span>{m.history.changeNo(item.id)}</span>
          {item.restoredFrom !== null && <span>{m.history.restoresChange(item.restoredFrom)}</span>}
        </p>
      </div>
      {rows.length === 0 ? null : rows.length <= FIELDS_SHOWN ? (
        table
      ) : (
        <details className="history-entry__all">
          <summary>{m.history.showAll(rows.length)}</summary>
          {table}
        </details>
      )}
      {(item.restorable || item.batchRestore !== null) && (
        <div className="history-entry__actions">
          {item.restorable && <RestoreButton item={item} />}
          {item.batchRestore !== null && <RestoreSaveButton item={item} batch={item.batchRestore} />}
        </div>
      )}
    </li>
  );
}

/**
 * 'Restore the version before this change', asked once more inline (no browser dialog); focus
 * moves to the question's 'Yes' and back. The outcome shows as a toast, a refusal in words.
 */
/**
 * What a change was about, in the language shown: the server records it in English in a few
 * fixed forms ('Line M35', 'Schedule 70 (M35)', 'Yearly rules', 'Holiday …', 'Stop …',
 * 'Service change 5: …', 'Fares of M35 from 2027-01-01', 'Concession …', 'Through fare Kavarskas
 * (M27) – Utenos AS (Utena) from 2027-01-01'; server services/admin/states.ts); anything else is
 * shown as recorded.
 */
function subjectText(summary: string, m: AdminMessages): string {
  const { subject } = m.history;
  const schedule = /^Schedule (\d+) \((.*)\)$/.exec(summary);
  if (schedule) return subject.schedule(schedule[1] as string, schedule[2] as string);
  if (summary === 'Yearly rules') return subject.rules;
  const change = /^Service change (\d+): (.*)$/.exec(summary);
  if (change) return subject.serviceChange(change[1] as string, change[2] as string);
  const fares = /^Fares of (.+) from (\d{4}-\d{2}-\d{2})$/.exec(summary);
  if (fares) return subject.fareRule(fares[1] as string, fares[2] as string);
  const through = /^Through fare (.+) – (.+) from (\d{4}-\d{2}-\d{2})$/.exec(summary);
  if (through) return subject.throughFare(through[1] as string, through[2] as string, through[3] as string);
  const concession = /^Concession (.+)$/.exec(summary);
  if (concession) return subject.concession(concession[1] as string);
  const named = /^(Line|Holiday|Stop) (.+)$/.exec(summary);
  if (!named) return summary;
  const name = named[2] as string;
  if (named[1] === 'Line') return subject.line(name);
  return named[1] === 'Holiday' ? subject.holiday(name) : subject.stop(name);
}

function RestoreButton({ item }: { item: HistoryItem }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const restore = useMutation(trpc.admin.history.restore.mutationOptions());
  const subject = subjectText(item.summary, m);
  return (
    <RestoreConfirm
      run={() => restore.mutateAsync({ id: item.id, baseVersion: item.version })}
      busy={restore.isPending}
      done={m.history.restored(subject)}
      label={m.history.restoreLabel(subject, item.id)}
      question={m.history.confirmRestore(subject)}
    >
      {m.history.restore}
    </RestoreConfirm>
  );
}

/**
 * On the newest entry of a save that changed several schedules at once (a bulk move, a grid
 * save), or the positions of several stops (issue 29): everything of that save put back as
 * before it, in one step (all or nothing).
 */
function RestoreSaveButton({
  item,
  batch,
}: {
  item: HistoryItem;
  batch: NonNullable<HistoryItem['batchRestore']>;
}) {
  const { size } = batch;
  const m = useAdminMessages();
  const stops = batch.what === 'stops';
  const trpc = useTRPC();
  const restore = useMutation(trpc.admin.history.restoreBatch.mutationOptions());
  return (
    <RestoreConfirm
      run={() => restore.mutateAsync({ id: item.id, baseVersion: batch.version })}
      busy={restore.isPending}
      done={stops ? m.positionImport.restoredSave(size) : m.bulk.restoredSave(size)}
      label={
        stops ? m.positionImport.restoreSaveLabel(size, item.id) : m.bulk.restoreSaveLabel(size, item.id)
      }
      question={stops ? m.positionImport.confirmRestoreSave(size) : m.bulk.confirmRestoreSave(size)}
    >
      {stops ? m.positionImport.restoreSave(size) : m.bulk.restoreSave(size)}
    </RestoreConfirm>
  );
}

/**
 * A restore asked for once more before it runs; says what was restored or why it was refused,
 * and then reloads everything shown (what an editor shows may have changed, and the restore is
 * a new change itself).
 */
function RestoreConfirm({
  run,
  busy,
  done,
  label,
  question,
  children,
}: {
  run: () => Promise<unknown>;
  busy: boolean;
  done: string;
  label: string;
  question: string;
  children: ReactNode;
}) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const doRestore = async () => {
    try {
      await run();
      toasts.success(done, ALERT_MS.standard);
    } catch (error) {
      toasts.danger(errorText(error, serverMessages), ALERT_MS.standard);
      return;
    }
    await queryClient.invalidateQueries();
  };

  return (
    <ConfirmDelete
      className="btn btn--small"
      label={label}
      busy={busy}
      question={question}
      yes={m.history.yesRestore}
      yesClassName="btn btn--primary btn--small"
      onConfirm={() => void doRestore()}
    >
      {children}
    </ConfirmDelete>
  );
}

/** A changed field's name, which may wrap between the words of a camelCase name. */
function FieldLabel({ label }: { label: string }) {
  return labelBreaks(label).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
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

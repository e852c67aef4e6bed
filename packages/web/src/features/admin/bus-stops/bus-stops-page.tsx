import { SaveStopInput, validationProblem } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { StopWithUsageData } from '../admin-api.tsx';
import { savedId, tempId } from '../logic/temp-ids.ts';
import { ConfirmDelete, EditingRowActions, LoadError, YesNo } from '../ui/bits.tsx';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { matchStops } from '../ui/stop-picker.tsx';
import { useInlineRow } from '../ui/use-inline-row.ts';

/** Bus stops with their usage: inline view/edit rows, a search box and an add button. */
export function BusStopsPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const list = useQuery(trpc.admin.stops.listWithUsage.queryOptions());
  const [query, setQuery] = useState('');
  const [added, setAdded] = useState<number[]>([]);

  const shown = useMemo(() => {
    if (!list.data) return [];
    const byId = new Map(list.data.map((item) => [item.stop.id, item]));
    return matchStops(
      list.data.map((item) => item.stop),
      query,
    ).flatMap((stop) => byId.get(stop.id) ?? []);
  }, [list.data, query]);

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else
    body = (
      <>
        <div className="toolbar">
          <div className="field toolbar__search">
            <label htmlFor={`${id}-search`}>{m.stops.search}</label>
            <input
              id={`${id}-search`}
              type="search"
              className="input"
              placeholder={m.stops.searchPlaceholder}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setAdded((ids) => [tempId(), ...ids])}
          >
            {m.stops.add}
          </button>
        </div>
        <p className="muted" role="status">
          {m.stops.count(shown.length, list.data.length)}
        </p>
        <div className="table-wrap">
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">{m.common.name}</th>
                <th scope="col">{m.stops.coords}</th>
                <th scope="col">{m.stops.searchNames}</th>
                <th scope="col">{m.stops.defaultInSearch}</th>
                <th scope="col">{m.stops.usedIn}</th>
                <th scope="col">{m.common.actions}</th>
              </tr>
            </thead>
            <tbody>
              {added.map((stopId) => (
                <StopRow
                  key={stopId}
                  item={{
                    stop: { id: stopId, name: '', coords: null, defaultOption: false, searchNames: [] },
                    usedInLines: [],
                    version: 0,
                  }}
                  onDone={() => setAdded((ids) => ids.filter((i) => i !== stopId))}
                />
              ))}
              {shown.map((item) => (
                <StopRow key={item.stop.id} item={item} />
              ))}
            </tbody>
          </table>
        </div>
        {shown.length === 0 && <p>{m.stops.noMatch}</p>}
      </>
    );

  return (
    <>
      <h1>{m.admin.busStops}</h1>
      {body}
    </>
  );
}

interface StopDraft {
  name: string;
  coords: string;
  defaultOption: boolean;
  /** The extra search names as typed, separated by ';'. */
  searchNames: string;
}

/** 'Autobusų stotis; Bus station' -> the names (blank parts dropped). */
function splitNames(text: string): string[] {
  return text
    .split(SEARCH_NAME_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

const SEARCH_NAME_SEPARATOR = ';';

function StopRow({ item, onDone }: { item: StopWithUsageData; onDone?: () => void }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hintId = useId();
  const { stop, usedInLines } = item;
  const save = useMutation(trpc.admin.stops.save.mutationOptions());
  const remove = useMutation(trpc.admin.stops.delete.mutationOptions());
  const input = (d: StopDraft, confirmed = false, baseVersion = item.version) => ({
    id: savedId(stop.id),
    name: d.name,
    coords: d.coords,
    defaultOption: d.defaultOption,
    searchNames: splitNames(d.searchNames),
    baseVersion,
    ...(confirmed ? { confirmDuplicateName: true } : {}),
  });
  const row = useInlineRow<StopDraft>({
    initial: () => ({
      name: stop.name,
      coords: stop.coords ?? '',
      defaultOption: stop.defaultOption,
      searchNames: stop.searchNames.join(`${SEARCH_NAME_SEPARATOR} `),
    }),
    startEditing: onDone !== undefined,
    onDone,
    problem: (d) => {
      const result = SaveStopInput.safeParse(input(d));
      return result.success ? null : validationProblem(result.error);
    },
    save: (d, confirmed, baseVersion) => save.mutateAsync(input(d, confirmed, baseVersion)),
    version: item.version,
    storageKey: onDone === undefined ? `stop:${stop.id}` : undefined,
    remove: () => remove.mutateAsync({ id: stop.id, baseVersion: item.version }),
    invalidate: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.stops.listWithUsage.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.stops.list.queryKey() }),
      ]),
    deletedMessage: m.stops.deleted(stop.name),
  });
  const { draft, editing, startEditing, submitted, del } = row;
  const parsed = SaveStopInput.safeParse(input(draft.value));
  const namesInvalid =
    submitted && !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'searchNames');
  const nameInvalid = submitted && !parsed.success && !namesInvalid;

  const usage =
    usedInLines.length === 0 ? (
      <span className="muted">{m.stops.unused}</span>
    ) : (
      <details className="usage">
        <summary aria-label={`${m.stops.linesOf(stop.name)}: ${m.stops.usedInCount(usedInLines.length)}`}>
          {m.stops.usedInCount(usedInLines.length)}
        </summary>
        <ul>
          {usedInLines.map((line) => (
            <li key={line.id}>
              <Link href={`/lines/${line.id}`}>{line.name}</Link>
            </li>
          ))}
        </ul>
      </details>
    );

  if (!editing) {
    const used = usedInLines.length > 0;
    return (
      <tr>
        <td>{stop.name}</td>
        <td>{stop.coords}</td>
        <td>{stop.searchNames.join(`${SEARCH_NAME_SEPARATOR} `)}</td>
        <td>
          <YesNo value={stop.defaultOption} />
        </td>
        <td>{usage}</td>
        <td className="row-actions">
          <button
            type="button"
            className="btn btn--small"
            aria-label={m.stops.editOf(stop.name)}
            onClick={startEditing}
          >
            {m.common.edit}
          </button>
          <ConfirmDelete
            className="btn btn--small btn--danger-outline"
            label={m.stops.deleteOf(stop.name)}
            describedBy={used ? hintId : undefined}
            title={used ? m.stops.inUse : undefined}
            disabled={used}
            busy={remove.isPending}
            question={m.stops.confirmDelete(stop.name)}
            onConfirm={del}
          >
            {m.common.delete}
          </ConfirmDelete>
          {used && (
            <span id={hintId} className="sr-only">
              {m.stops.inUse}
            </span>
          )}
        </td>
      </tr>
    );
  }

  return (
    <tr className="is-editing">
      <td>
        <DebouncedInput
          aria-label={m.stops.nameOf(stop.name)}
          value={draft.value.name}
          invalid={nameInvalid}
          autoFocus
          onCommit={(name) =>
            draft.edit((d) => {
              d.name = name;
            })
          }
        />
      </td>
      <td>
        <DebouncedInput
          aria-label={m.stops.coordsOf(stop.name)}
          value={draft.value.coords}
          onCommit={(coords) =>
            draft.edit((d) => {
              d.coords = coords;
            })
          }
        />
      </td>
      <td>
        <DebouncedInput
          aria-label={m.stops.searchNamesOf(stop.name)}
          placeholder={m.stops.searchNamesPlaceholder}
          value={draft.value.searchNames}
          invalid={namesInvalid}
          onCommit={(searchNames) =>
            draft.edit((d) => {
              d.searchNames = searchNames;
            })
          }
        />
      </td>
      <td>
        <input
          type="checkbox"
          className="checkbox"
          aria-label={m.stops.defaultOf(stop.name)}
          checked={draft.value.defaultOption}
          onChange={(event) =>
            draft.edit((d) => {
              d.defaultOption = event.target.checked;
            })
          }
        />
      </td>
      <td>{usage}</td>
      <td className="row-actions">
        <EditingRowActions row={row} busy={save.isPending} />
      </td>
    </tr>
  );
}

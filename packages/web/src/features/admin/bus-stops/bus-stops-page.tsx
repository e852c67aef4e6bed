import {
  englishMessage,
  formatPosition,
  parsePosition,
  renderServerMessage,
  SaveStopInput,
  STEP_FREE_VALUES,
  type StepFree,
  serverMessage,
  validationProblem,
} from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { StopWithUsageData } from '../admin-api.tsx';
import { savedId, tempId } from '../logic/temp-ids.ts';
import { ConfirmDelete, EditButton, EditingRowActions, LoadError, YesNo } from '../ui/bits.tsx';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { CheckField } from '../ui/fields.tsx';
import { matchStops } from '../ui/stop-picker.tsx';
import { useInlineRow } from '../ui/use-inline-row.ts';
import { PositionImport } from './position-import/position-import.tsx';
import {
  filterStops,
  mapHref,
  type StopsFilter,
  searchFromStopsFilter,
  stopsFilterFromSearch,
} from './stops-filter.ts';
// The map where stops are placed and moved.
import { StopsMap } from './stops-map.tsx';
import './bus-stops.css';

/**
 * Bus stops with their usage: inline view/edit rows, a search box and an add button; which
 * stops have no position yet (the open data needs one for every stop a trip uses), with a
 * filter kept in the address (stops-filter.ts) that the Publishing screen links to.
 */
export function BusStopsPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => stopsFilterFromSearch(search), [search]);
  const list = useQuery(trpc.admin.stops.listWithUsage.queryOptions());
  const [query, setQuery] = useState('');
  const [added, setAdded] = useState<number[]>([]);
  const setFilter = (next: StopsFilter) =>
    navigate(`/bus-stops${searchFromStopsFilter(next)}`, { replace: true });

  const shown = useMemo(() => {
    if (!list.data) return [];
    const byId = new Map(list.data.map((item) => [item.stop.id, item]));
    const matched = matchStops(
      list.data.map((item) => item.stop),
      query,
    ).flatMap((stop) => byId.get(stop.id) ?? []);
    return filterStops(matched, filter);
  }, [list.data, query, filter]);
  const withoutPosition = list.data?.filter((item) => item.stop.position === null).length ?? 0;
  const oneStop =
    filter.stopId === null ? undefined : list.data?.find((item) => item.stop.id === filter.stopId);

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
              onChange={(event) => {
                setQuery(event.target.value);
                // Typing looks through every stop again, not only the one linked to.
                if (filter.stopId !== null) setFilter({ ...filter, stopId: null });
              }}
            />
          </div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setAdded((ids) => [tempId(), ...ids])}
          >
            {m.stops.add}
          </button>
          {/* Positions from a GTFS stops.txt. */}
          <PositionImport />
        </div>
        <p className="muted" role="status">
          {oneStop ? m.stops.oneStop(oneStop.stop.name) : m.stops.count(shown.length, list.data.length)}
        </p>
        <div className="stops-positions">
          <p className="stops-positions__count">
            {withoutPosition === 0 ? m.stops.allPositioned : m.stops.withoutPosition(withoutPosition)}
          </p>
          {(withoutPosition > 0 || filter.missingPosition) && (
            <CheckField
              className="stops-positions__toggle"
              label={m.stops.onlyWithoutPosition}
              checked={filter.missingPosition}
              onChange={(missingPosition) => setFilter({ stopId: null, missingPosition })}
            />
          )}
          {filter.stopId !== null && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setFilter({ ...filter, stopId: null })}
            >
              {m.stops.showAll}
            </button>
          )}
        </div>
        <StopsMap items={list.data} />
        <p id={`${id}-position-hint`} className="field-hint stops-positions__hint">
          {m.stops.positionHint}
        </p>
        <DataTable
          className="table admin-table stops-table"
          columns={[
            m.common.name,
            m.stops.position,
            m.stops.coords,
            m.stops.searchNames,
            m.stops.defaultInSearch,
            m.stops.stepFree,
            m.stops.bay,
            m.stops.usedIn,
            m.common.actions,
          ]}
        >
          {added.map((stopId) => (
            <StopRow
              key={stopId}
              item={{
                stop: {
                  id: stopId,
                  name: '',
                  coords: null,
                  defaultOption: false,
                  searchNames: [],
                  position: null,
                  stepFree: 'unknown',
                  bay: null,
                },
                usedInLines: [],
                version: 0,
              }}
              positionHintId={`${id}-position-hint`}
              onDone={() => setAdded((ids) => ids.filter((i) => i !== stopId))}
            />
          ))}
          {shown.map((item) => (
            <StopRow
              key={item.stop.id}
              item={item}
              positionHintId={`${id}-position-hint`}
              // A stop linked to (from the Publishing screen) opens at its position field.
              openAtPosition={item.stop.id === filter.stopId}
            />
          ))}
        </DataTable>
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
  /** 'latitude, longitude' as typed or pasted; '' for none. */
  position: string;
  defaultOption: boolean;
  /** The extra search names as typed, separated by ';'. */
  searchNames: string;
  stepFree: StepFree;
  /** The bay or platform as typed (issue 42); '' for none. */
  bay: string;
}

/** 'Autobusų stotis; Bus station' -> the names (blank parts dropped). */
function splitNames(text: string): string[] {
  return text
    .split(SEARCH_NAME_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

const SEARCH_NAME_SEPARATOR = ';';

function StopRow({
  item,
  onDone,
  positionHintId,
  openAtPosition = false,
}: {
  item: StopWithUsageData;
  onDone?: () => void;
  /** The id of the text explaining what a position looks like. */
  positionHintId: string;
  /** Starts in edit mode with the position field focused. */
  openAtPosition?: boolean;
}) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const positionErrorId = useId();
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
    position: d.position,
    stepFree: d.stepFree,
    bay: d.bay,
    baseVersion,
    ...(confirmed ? { confirmDuplicateName: true } : {}),
  });
  const row = useInlineRow<StopDraft>({
    initial: () => ({
      name: stop.name,
      coords: stop.coords ?? '',
      position: formatPosition(stop.position),
      defaultOption: stop.defaultOption,
      searchNames: stop.searchNames.join(`${SEARCH_NAME_SEPARATOR} `),
      stepFree: stop.stepFree,
      bay: stop.bay ?? '',
    }),
    startEditing: onDone !== undefined || openAtPosition,
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
        // A position makes the open data more complete (the Publishing screen's readiness).
        queryClient.invalidateQueries({ queryKey: trpc.admin.publishing.get.queryKey() }),
      ]),
    deletedMessage: m.stops.deleted(stop.name),
  });
  const { draft, editing, startEditing, submitted, refused, del } = row;
  const parsed = SaveStopInput.safeParse(input(draft.value));
  const issueAt = (field: string) => !parsed.success && parsed.error.issues.some((i) => i.path[0] === field);
  const namesInvalid = submitted && issueAt('searchNames');
  const bayInvalid = submitted && issueAt('bay');
  // The position's rule in words under its field (the server's wording, in the language shown),
  // as the last refused save saw it.
  const positionCheck = refused === null ? null : parsePosition(refused.position);
  const positionProblem =
    positionCheck && !positionCheck.ok
      ? serverMessage('invalidPosition', { problem: positionCheck.problem })
      : null;
  const nameInvalid =
    submitted &&
    !parsed.success &&
    (issueAt('name') || (!namesInvalid && !bayInvalid && positionProblem === null));

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
        <td>
          {stop.position === null ? (
            <span className="muted position-missing">{m.stops.noPosition}</span>
          ) : (
            <span className="position">
              <span className="position__text">{formatPosition(stop.position)}</span>{' '}
              <a
                href={mapHref(stop.position)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={m.stops.onMapOf(stop.name)}
              >
                {m.stops.onMap}
              </a>
            </span>
          )}
        </td>
        <td>{stop.coords}</td>
        <td>{stop.searchNames.join(`${SEARCH_NAME_SEPARATOR} `)}</td>
        <td>
          <YesNo value={stop.defaultOption} />
        </td>
        <td>{m.stops.stepFreeValue[stop.stepFree]}</td>
        <td>{stop.bay}</td>
        <td>{usage}</td>
        <td className="row-actions">
          <EditButton label={m.stops.editOf(stop.name)} onClick={startEditing} />
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
          autoFocus={!openAtPosition}
          onCommit={(name) =>
            draft.edit((d) => {
              d.name = name;
            })
          }
        />
      </td>
      <td className="position-cell">
        <DebouncedInput
          aria-label={m.stops.positionOf(stop.name)}
          aria-describedby={positionProblem ? `${positionErrorId} ${positionHintId}` : positionHintId}
          placeholder={m.stops.positionPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={draft.value.position}
          invalid={positionProblem !== null}
          autoFocus={openAtPosition}
          onCommit={(position) =>
            draft.edit((d) => {
              d.position = position;
            })
          }
        />
        {positionProblem && (
          <p id={positionErrorId} className="field-error">
            {serverMessages
              ? renderServerMessage(serverMessages, positionProblem)
              : englishMessage(positionProblem)}
          </p>
        )}
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
      <td>
        <select
          className="input select"
          aria-label={m.stops.stepFreeOf(stop.name)}
          value={draft.value.stepFree}
          onChange={(event) =>
            draft.edit((d) => {
              d.stepFree = event.target.value as StepFree;
            })
          }
        >
          {STEP_FREE_VALUES.map((value) => (
            <option key={value} value={value}>
              {m.stops.stepFreeValue[value]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <DebouncedInput
          className="stops-bay"
          aria-label={m.stops.bayOf(stop.name)}
          placeholder={m.stops.bayPlaceholder}
          autoComplete="off"
          value={draft.value.bay}
          invalid={bayInvalid}
          onCommit={(bay) =>
            draft.edit((d) => {
              d.bay = bay;
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

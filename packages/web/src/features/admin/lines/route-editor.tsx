import { ROAD_FACTOR, type Stop } from '@bus/core';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { distanceText } from '../logic/distance-text.ts';
import type { RouteDraft } from '../logic/line-draft.ts';
import {
  chosenCount,
  digitsOnly,
  emptyGapEstimates,
  fillEstimates,
  insertStopAfter,
  removeStopAt,
  resizeRouteStops,
  resolveStopCount,
  stopCountText,
} from '../logic/route-stops.ts';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { TextField } from '../ui/fields.tsx';
import { useRegisterFlush } from '../ui/flush.tsx';
import { StopPicker } from '../ui/stop-picker.tsx';
// The route on a map, in its order.
import { RouteMap } from './route-map.tsx';
import { useStopPlaces } from './use-stop-places.ts';
import './line-editor.css';

/** How much longer than the straight line the estimates take a road to be, in per cent. */
const ROAD_PERCENT = Math.round((ROAD_FACTOR - 1) * 100);

const digits = (raw: string) => {
  const text = digitsOnly(raw, 7);
  return { text, value: text };
};

export interface RouteEditorProps {
  route: RouteDraft;
  index: number;
  lineId: number | null;
  stops: readonly Stop[];
  invalid: (...path: (string | number)[]) => boolean;
  onCreateStop: (name: string) => Stop;
  onChange: (change: (route: RouteDraft) => RouteDraft) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One route variation in the line editor: notes, stop count, stops with distances. */
export function RouteEditor({
  route,
  index,
  lineId,
  stops,
  invalid,
  onCreateStop,
  onChange,
  ...actions
}: RouteEditorProps) {
  const m = useAdminMessages();
  const language = useLanguage();
  const headingId = useId();
  const n = index + 1;
  // Issue 41: where no distance is entered and both stops are on the map, an estimate is shown
  // in the field's place; it becomes a distance only when staff use it (and then save).
  const { placed } = useStopPlaces();
  const estimates = useMemo(() => emptyGapEstimates(route, (stopId) => placed.get(stopId)), [route, placed]);
  const estimated = estimates.filter((e) => e !== null).length;
  const [used, setUsed] = useState<number | null>(null);
  const takeEstimates = () => {
    setUsed(estimated);
    // From the draft as it is when applied: a distance typed just before is never replaced.
    onChange(
      (r) =>
        fillEstimates(
          r,
          emptyGapEstimates(r, (stopId) => placed.get(stopId)),
        ).route,
    );
  };

  /** An empty distance field shows its estimate, marked as one, where there is one. */
  const estimateProps = (estimate: number | null) =>
    estimate === null
      ? { placeholder: m.lineEditor.distance }
      : {
          placeholder: m.lineEditor.estimate(distanceText(estimate, language)),
          className: 'input--estimate',
        };

  return (
    <fieldset className="route-editor" aria-labelledby={headingId}>
      <RouteHead headingId={headingId} n={n} usage={route.usage} lineId={lineId} {...actions} />
      <div className="form-grid">
        <TextField
          label={m.lineEditor.routeNotes}
          value={route.routeNotes}
          required
          invalid={invalid('routeNotes')}
          onCommit={(routeNotes) => onChange((r) => ({ ...r, routeNotes }))}
        />
        <StopCountField
          label={m.lineEditor.stopCount}
          route={route}
          onResize={(count) => onChange((r) => ({ ...r, ...resizeRouteStops(r, count) }))}
        />
      </div>
      <div className="route-stop route-stops__head" aria-hidden="true">
        <span className="route-stop__n" />
        <span className="route-stop__picker">{m.lineEditor.stops}</span>
        <span className="route-stop__distance">{m.lineEditor.distance}</span>
      </div>
      <ol className="route-stops">
        {route.stops.map((stop, j) => (
          <li key={j} className="route-stop">
            <span className="route-stop__n" aria-hidden="true">
              {j + 1}
            </span>
            <div className="route-stop__picker">
              <StopPicker
                label={m.lineEditor.stopOf(j + 1, n)}
                stops={stops}
                value={stop}
                invalid={invalid('stopsArr', j)}
                onCreate={onCreateStop}
                onChange={(chosen) =>
                  onChange((r) => ({ ...r, stops: r.stops.map((s, k) => (k === j ? chosen : s)) }))
                }
              />
            </div>
            <div className="route-stop__distance">
              {j < route.stops.length - 1 && (
                <DebouncedInput
                  aria-label={m.lineEditor.distanceOf(j + 1, n)}
                  inputMode="numeric"
                  {...estimateProps(estimates[j] ?? null)}
                  value={route.distances[j] ?? ''}
                  parse={digits}
                  invalid={invalid('distanceMetersList', j)}
                  onCommit={(text) =>
                    onChange((r) => ({ ...r, distances: r.distances.map((x, k) => (k === j ? text : x)) }))
                  }
                />
              )}
            </div>
            <div className="route-stop__tools">
              <button
                type="button"
                className="icon-btn"
                aria-label={m.lineEditor.insertAfter(j + 1, n)}
                title={m.lineEditor.insertAfter(j + 1, n)}
                onClick={() => onChange((r) => ({ ...r, ...insertStopAfter(r, j) }))}
              >
                <span aria-hidden="true">+</span>
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={m.lineEditor.removeStop(j + 1, n)}
                title={m.lineEditor.removeStop(j + 1, n)}
                disabled={route.stops.length <= 1}
                onClick={() => onChange((r) => ({ ...r, ...removeStopAt(r, j) }))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      {estimated > 0 && (
        <div className="route-estimates">
          <p className="field-hint">{m.lineEditor.estimatesHint(estimated, ROAD_PERCENT)}</p>
          <button
            type="button"
            className="btn btn--small"
            aria-label={m.lineEditor.useEstimatesIn(n)}
            onClick={takeEstimates}
          >
            {m.lineEditor.useEstimates}
          </button>
        </div>
      )}
      <p className="field-hint route-estimates__used" role="status">
        {used !== null && estimated === 0 ? m.lineEditor.estimatesUsed(used) : ''}
      </p>
      <RouteMap n={n} routeStops={route.stops} />
    </fieldset>
  );
}

/**
 * The head of a route: its heading, its duplicate, and its delete or, for a route schedules run
 * on (which cannot be deleted, spec section 2), the list of those schedules.
 */
function RouteHead({
  headingId,
  n,
  usage,
  lineId,
  onDuplicate,
  onDelete,
}: Pick<RouteEditorProps, 'lineId' | 'onDuplicate' | 'onDelete'> & {
  headingId: string;
  n: number;
  usage: readonly number[];
}) {
  const m = useAdminMessages();
  return (
    <div className="route-editor__head">
      <h3 id={headingId}>{m.lineEditor.variation(n)}</h3>
      <div className="route-editor__actions">
        <HeadButton label={m.lineEditor.duplicateOf(n)} onClick={onDuplicate}>
          {m.lineEditor.duplicate}
        </HeadButton>
        {usage.length > 0 ? (
          <details className="usage usage--button">
            <summary className="btn btn--small" title={m.lineEditor.usedByHint}>
              {m.lineEditor.usedBy(usage.length)}
            </summary>
            <ul>
              {usage.map((scheduleId) => (
                <li key={scheduleId}>
                  <Link href={`/schedules/${lineId}/${scheduleId}`}>
                    {m.lineEditor.scheduleLink(scheduleId)}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <HeadButton label={m.lineEditor.deleteRoute(n)} danger onClick={onDelete}>
            {m.common.delete}
          </HeadButton>
        )}
      </div>
    </div>
  );
}

/** A small button of a route's head, named for its route ('Duplicate route 2'). */
function HeadButton({
  label,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const className = danger ? 'btn btn--small btn--danger-outline' : 'btn btn--small';
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The stop count: digits only while typing; applied when the field is left, on Enter or
 * before a save, never below the stops already chosen nor below 1 (spec section 5).
 */
function StopCountField({
  label,
  route,
  onResize,
}: {
  label: string;
  route: RouteDraft;
  onResize: (count: number) => void;
}) {
  const m = useAdminMessages();
  const id = useId();
  const count = route.stops.length;
  const chosen = chosenCount(route.stops);
  const [text, setText] = useState(String(count));
  const editing = useRef(false);
  const latest = useRef({ text, count, chosen, onResize });
  latest.current = { text, count, chosen, onResize };

  useEffect(() => {
    if (!editing.current) setText(String(count));
  }, [count]);

  const apply = useCallback(() => {
    if (!editing.current) return;
    editing.current = false;
    const { text: typed, count: current, chosen: minimum, onResize: resize } = latest.current;
    const next = resolveStopCount(typed, minimum, current);
    setText(String(next));
    if (next !== current) resize(next);
  }, []);
  useRegisterFlush(apply);

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input input--short"
        inputMode="numeric"
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => {
          editing.current = true;
          setText(stopCountText(event.target.value));
        }}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {m.lineEditor.stopCountHint(chosen)}
      </p>
    </div>
  );
}

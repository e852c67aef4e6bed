import { Link, useLocation, useSearch } from 'wouter';
import { useMessages } from '../i18n/index.ts';
import { DIRECTIONS, type Direction, HOME_STOP_ID, stopLabel } from '../lib/core.ts';
import {
  destinationEnabled,
  effectiveFrom,
  type HeaderQuery,
  readHeaderQuery,
  withDate,
  withDeparture,
  withDestination,
  withDirection,
  writeHeaderQuery,
} from '../lib/timetable-query.ts';
import { useVilniusNow } from '../lib/use-now.ts';
import { usePublicQuery } from '../lib/use-public-query.ts';
import { DateField } from './date-field.tsx';
import { LazyStopCombobox as StopCombobox } from './lazy-stop-combobox.tsx';
import type { StopOption } from './stop-combobox.tsx';

/**
 * 'timetable': departure and destination selectors, Today, date picker, direction radios.
 * 'stop': the departure stop selector only (browse, line and trip pages).
 */
export type StopHeaderVariant = 'timetable' | 'stop';

/** Stops the visitor picked, so the selector shows the name at once instead of waiting for stopPair. */
const pickedLabels = new Map<number, string>();

/**
 * The departure (and destination) the URL names, with their labels from timetable.stopPair.
 * The timetable shows the home station's departures when no from is given, so there its
 * selector shows the home station too; the browse pages filter nothing then, and show none.
 */
function useStopValues(q: HeaderQuery, variant: StopHeaderVariant) {
  const fromId = variant === 'timetable' ? effectiveFrom(q) : q.from;
  const toId = variant === 'timetable' && fromId === HOME_STOP_ID ? q.to : null;
  const pair = usePublicQuery('stopPair', fromId === null ? null : { fromId, toId });
  const option = (id: number | null, stop: { id: number; name: string; coords: string | null } | null) => {
    if (id === null) return null;
    const known = pickedLabels.get(id);
    if (known !== undefined) return { id, label: known };
    // stopPair answers the home station for an unknown departure: only trust a matching id.
    return stop && stop.id === id ? { id, label: stopLabel(stop) } : null;
  };
  return {
    from: option(fromId, pair.data?.from ?? null),
    to: option(toId, pair.data?.to ?? null),
  };
}

/** Header area shared by public pages (spec section 2, "Header"). */
export function StopHeader({ variant }: { variant: StopHeaderVariant }) {
  const m = useMessages();
  const [location, navigate] = useLocation();
  const search = useSearch();
  // Kept current: after midnight the date button and Today follow without a reload.
  const today = useVilniusNow().date;
  const q = readHeaderQuery(search, today);
  const values = useStopValues(q, variant);

  // Every change writes from, to, dir and date into the URL (a history entry, so Back undoes it).
  const go = (next: HeaderQuery) => navigate(`${location}?${writeHeaderQuery(next)}`);
  const remember = (stop: StopOption | null) => {
    if (stop) pickedLabels.set(stop.id, stop.label);
  };

  const fromHome = effectiveFrom(q) === HOME_STOP_ID;
  const directionLabel = (dir: Direction) =>
    dir === 'Out bound'
      ? m.header.outBound
      : fromHome
        ? m.header.cityBoundFromHome
        : m.header.cityBoundElsewhere;

  return (
    <section className="app-header" aria-label={m.header.label} data-variant={variant}>
      <div className="app-header__stops">
        <StopCombobox
          label={m.header.departure}
          value={values.from}
          onChange={(stop) => {
            remember(stop);
            go(withDeparture(q, stop?.id ?? null));
          }}
        />
        {variant === 'timetable' && (
          <StopCombobox
            label={m.header.destination}
            value={values.to}
            exclude={HOME_STOP_ID}
            disabled={!destinationEnabled(q)}
            onChange={(stop) => {
              remember(stop);
              go(withDestination(q, stop?.id ?? null));
            }}
          />
        )}
        {/* The stop chosen on the map instead (the map itself is a lazy page). */}
        <Link href={`/map?${writeHeaderQuery(q)}`}>{m.header.onMap}</Link>
        {/* Where "To" cannot be chosen, the journey planner can. */}
        {variant === 'timetable' && !destinationEnabled(q) && (
          <Link className="plan-link" href={`/plan?from=${effectiveFrom(q)}&date=${q.date}`}>
            {m.now.planWithChanges}
          </Link>
        )}
      </div>
      {variant === 'timetable' && (
        <div className="app-header__when">
          <div className="app-header__date">
            <button type="button" className="btn" onClick={() => go(withDate(q, today))}>
              {m.header.today}
            </button>
            <DateField value={q.date} today={today} onChange={(date) => go(withDate(q, date))} />
          </div>
          <fieldset className="direction">
            <legend className="sr-only">{m.header.direction}</legend>
            {DIRECTIONS.map((dir) => (
              <label key={dir} className="direction__option">
                <input
                  type="radio"
                  name="dir"
                  value={dir}
                  checked={q.dir === dir}
                  onChange={() => go(withDirection(q, dir))}
                />
                <span>{directionLabel(dir)}</span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </section>
  );
}

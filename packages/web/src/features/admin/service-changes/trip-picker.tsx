import { changeDatesText, isIsoDate, toCalendarDate } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { directionLabel } from '../../../i18n/direction-label.ts';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { parseCellTime } from '../logic/grid-time.ts';
import { LoadError } from '../ui/bits.tsx';
import { type ChangeDraft, shiftMinutes } from './change-draft.ts';

/**
 * The trips of a line on the change's first date (admin.serviceChanges.lineTrips: the regular
 * timetable of that day, both directions), to tick; for a time change, the ticked trips' stops
 * with a box for a new time each (the grid's time rules).
 */
export function TripPicker({
  draft,
  date = draft.from,
  edit,
  badTimeKeys,
  badTimeText,
}: {
  draft: ChangeDraft;
  /** The day whose trips are listed: the change's first date unless given (a notice's picker). */
  date?: string;
  edit: (change: (d: ChangeDraft) => void) => void;
  badTimeKeys: readonly string[];
  badTimeText: (text: string) => string;
}) {
  const m = useAdminMessages();
  const messages = useMessages();
  const trpc = useTRPC();
  const id = useId();
  const language = useLanguage();
  const ready = draft.lineId !== null && isIsoDate(date);
  const trips = useQuery({
    ...trpc.admin.serviceChanges.lineTrips.queryOptions({ lineId: draft.lineId ?? 0, date }),
    enabled: ready,
  });

  if (!ready) return <p className="field-hint">{m.serviceChanges.tripsNeedDate}</p>;
  if (trips.isPending) return <Loading />;
  if (trips.isError) return <LoadError error={trips.error} />;
  const list = trips.data.trips;
  const shift = shiftMinutes(draft.shift);
  const moved = (time: string | null) => {
    if (time === null || shift === null || Number.isNaN(shift)) return null;
    const [h, mm] = time.split(':').map(Number) as [number, number];
    const total = h * 60 + mm + shift;
    if (total < 0 || total >= 24 * 60) return null;
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  };

  return (
    <>
      <fieldset className="sc-trips">
        <legend>
          {m.serviceChanges.tripsOn(changeDatesText(date, date, language, toCalendarDate(date).year))}
        </legend>
        <p className="field-hint">{m.serviceChanges.tripsHint}</p>
        {list.length === 0 && <p>{m.serviceChanges.noTrips}</p>}
        <ul className="sc-trip-list">
          {list.map((trip) => {
            const taken = trip.cancelledBy ?? trip.retimedBy;
            const checkId = `${id}-trip-${trip.id}`;
            return (
              <li key={trip.id}>
                <input
                  id={checkId}
                  type="checkbox"
                  className="checkbox"
                  checked={draft.tripIds.includes(trip.id)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    edit((d) => {
                      d.tripIds = on
                        ? [...d.tripIds, trip.id].sort((a, b) => a - b)
                        : d.tripIds.filter((t) => t !== trip.id);
                    });
                  }}
                />
                <label htmlFor={checkId}>
                  <strong>{trip.firstTime}</strong> {trip.firstStop} – {trip.lastStop}{' '}
                  <span className="muted">({directionLabel(messages, trip.boundFor)})</span>
                  {taken && (
                    <span className="sc-taken"> · {m.serviceChanges.alreadyCancelled(taken.title)}</span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {draft.kind === 'retime' &&
        list
          .filter((trip) => draft.tripIds.includes(trip.id))
          .map((trip) => (
            <fieldset key={trip.id} className="sc-times">
              <legend>{m.serviceChanges.newTimes(trip.firstTime, trip.firstStop)}</legend>
              <p className="field-hint">{m.serviceChanges.newTimesHint}</p>
              <div className="sc-times__grid">
                {trip.stops
                  .filter((stop) => stop.time !== null)
                  .map((stop) => {
                    const key = `${trip.id}:${stop.index}`;
                    const text = draft.times[key] ?? '';
                    const bad = badTimeKeys.includes(key);
                    const inputId = `${id}-time-${key}`;
                    return (
                      <div key={key} className="sc-time">
                        <label htmlFor={inputId}>
                          {m.serviceChanges.newTimeAt(stop.name, stop.time ?? '')}
                        </label>
                        <input
                          id={inputId}
                          className={`input input--short${bad ? ' is-invalid' : ''}`}
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={8}
                          placeholder={moved(stop.time) ?? stop.time ?? ''}
                          aria-invalid={bad || undefined}
                          value={text}
                          onChange={(event) => {
                            const value = event.target.value;
                            edit((d) => {
                              d.times = { ...d.times, [key]: value };
                            });
                          }}
                          onBlur={() => {
                            // Shown as the grid shows it: '1350' becomes 13:50.
                            const parsed = parseCellTime(text);
                            if (parsed.kind === 'time' && parsed.value !== text)
                              edit((d) => {
                                d.times = { ...d.times, [key]: parsed.value };
                              });
                          }}
                        />
                        {bad && <p className="field-error">{badTimeText(text)}</p>}
                      </div>
                    );
                  })}
              </div>
            </fieldset>
          ))}
    </>
  );
}

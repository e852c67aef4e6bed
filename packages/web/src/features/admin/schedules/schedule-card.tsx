import { type BoundFor, STEP_FREE_VALUES, type StepFree, WEEKDAYS } from '@bus/core';
import { useId, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { AdminRouteData } from '../admin-api.tsx';
import {
  type ScheduleForm,
  type ScheduleWarning,
  secondTrip,
  switchTripRoute,
  type TripForm,
  travelStops,
} from '../logic/schedule-form.ts';
import { isTempId } from '../logic/temp-ids.ts';
import { timeInput } from '../logic/time-input.ts';
import { TextInput } from '../service-changes/form-fields.tsx';
import { ConfirmDelete } from '../ui/bits.tsx';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { ScheduleWarnings, scheduleWarningText } from './schedule-warnings.tsx';
import './schedules.css';

const parseTime = (raw: string, previous: string) => timeInput(raw, previous);
const showStored = (value: string) => value;

export interface ScheduleCardProps {
  form: ScheduleForm;
  routes: readonly AdminRouteData[];
  boundForOptions: readonly BoundFor[];
  yearlyOptions: readonly { id: number; periodName: string }[];
  /** The rule's name as shown (the whole year is a dash). */
  ruleLabel: string;
  expanded: boolean;
  showInvalid: boolean;
  busy: boolean;
  onToggle: (open: boolean) => void;
  onEdit: (change: (form: ScheduleForm) => void) => void;
  onSave: () => void;
  onDelete: () => void;
  /** Adds a copy of the whole schedule (both trips) as a new one. */
  onDuplicate?: () => void;
  /** Plausibility warnings of the last save attempt, to confirm or go back to (null: none). */
  warnings: ScheduleWarning[] | null;
  onConfirmWarnings: () => void;
  onDismissWarnings: () => void;
}

/** Whether the trips' directions break the schedule rules (spec section 5). */
function directionsWrong(trips: readonly TripForm[]): boolean {
  const dirs = trips.map((t) => t.boundFor);
  if (dirs.length === 1) return dirs[0] !== 'One way';
  if (dirs.length === 2) return !(dirs.includes('Out bound') && dirs.includes('City bound'));
  return false;
}

/** One schedule: a summary that opens the editor of its weekdays, rule, flags and trips. */
export function ScheduleCard({
  form,
  routes,
  boundForOptions,
  yearlyOptions,
  ruleLabel,
  expanded,
  showInvalid,
  busy,
  onToggle,
  onEdit,
  onSave,
  onDelete,
  onDuplicate,
  warnings,
  onConfirmWarnings,
  onDismissWarnings,
}: ScheduleCardProps) {
  const m = useAdminMessages();
  const id = useId();
  const isNew = isTempId(form.id);
  const title = isNew ? m.schedules.newSchedule : m.schedules.schedule(form.id);
  const days = form.runsOnWeekly.map((d) => m.schedules.weekdayShort[d]).join(' ');
  const firstTimes = form.trips
    .map((t) => {
      const first = t.timeList.find((x) => x !== '');
      return first ? `${first} ${m.values.boundFor[t.boundFor]}` : '';
    })
    .filter(Boolean)
    .join(' · ');
  const wrongDirections = showInvalid && directionsWrong(form.trips);

  return (
    <article id={`schedule-${form.id}`} className={`sched-card${expanded ? ' is-open' : ''}`}>
      <h2 className="sched-card__heading">
        <button
          type="button"
          className="sched-card__toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          onClick={() => onToggle(!expanded)}
        >
          <span className="sched-card__chevron" aria-hidden="true" />
          <span className="sched-card__title">{title}</span>
          <span className="sched-card__summary">
            {[
              days,
              ruleLabel && m.schedules.summaryRule(ruleLabel),
              (form.validFrom || form.validUntil) &&
                m.dated.window(form.validFrom || null, form.validUntil || null),
              m.schedules.firstTimes(firstTimes),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {isNew && <span className="badge badge--new">{m.schedules.unsavedHint}</span>}
        </button>
      </h2>
      <div id={`${id}-body`} className="sched-card__body" hidden={!expanded}>
        {expanded && (
          // Read-only while its save runs: the stored copy replaces the form when the save
          // returns, so an edit made meanwhile would be lost without a word.
          <fieldset className="sched-card__fields" disabled={busy} aria-busy={busy || undefined}>
            <fieldset
              className={`weekday-checks${showInvalid && form.runsOnWeekly.length === 0 ? ' is-invalid' : ''}`}
            >
              <legend>{m.schedules.weekdays}</legend>
              {WEEKDAYS.map((day) => (
                <label key={day} className="weekday-check">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={form.runsOnWeekly.includes(day)}
                    aria-invalid={(showInvalid && form.runsOnWeekly.length === 0) || undefined}
                    onChange={(event) =>
                      onEdit((f) => {
                        const on = event.target.checked;
                        f.runsOnWeekly = WEEKDAYS.filter((d) =>
                          d === day ? on : f.runsOnWeekly.includes(d),
                        );
                      })
                    }
                  />
                  {m.schedules.weekdayNames[day]}
                </label>
              ))}
            </fieldset>
            <div className="form-grid">
              <SelectField
                label={m.schedules.yearlyRule}
                value={form.runsOnYearlyId}
                options={yearlyOptions.map((r) => ({ value: r.id, label: r.periodName }))}
                placeholder={m.schedules.chooseRule}
                required
                invalid={showInvalid && form.runsOnYearlyId === null}
                onChange={(v) =>
                  onEdit((f) => {
                    f.runsOnYearlyId = v;
                  })
                }
              />
              <TextField
                label={m.schedules.constraints}
                value={form.timeConstraintsDescription}
                onCommit={(v) =>
                  onEdit((f) => {
                    f.timeConstraintsDescription = v;
                  })
                }
              />
              <TextInput
                type="date"
                label={m.dated.validFrom}
                hint={m.dated.windowHint}
                value={form.validFrom ?? ''}
                onChange={(v) =>
                  onEdit((f) => {
                    f.validFrom = v;
                  })
                }
              />
              <TextInput
                type="date"
                label={m.dated.validUntil}
                value={form.validUntil ?? ''}
                onChange={(v) =>
                  onEdit((f) => {
                    f.validUntil = v;
                  })
                }
              />
              <SelectField<StepFree>
                label={m.schedules.stepFree}
                value={form.stepFree ?? 'unknown'}
                options={STEP_FREE_VALUES.map((value) => ({
                  value,
                  label: m.schedules.stepFreeValue[value],
                }))}
                onChange={(v) =>
                  onEdit((f) => {
                    f.stepFree = v ?? 'unknown';
                  })
                }
              />
              <CheckField
                className="form-grid__check"
                label={m.schedules.publicHolidays}
                checked={form.runsOnPublicHolidays}
                onChange={(v) =>
                  onEdit((f) => {
                    f.runsOnPublicHolidays = v;
                  })
                }
              />
            </div>
            <div className="trips">
              {form.trips.map((trip, index) => (
                <TripEditor
                  key={trip.id}
                  trip={trip}
                  n={index + 1}
                  routes={routes}
                  boundForOptions={boundForOptions}
                  showInvalid={showInvalid}
                  wrongDirection={wrongDirections}
                  canRemove={form.trips.length > 1}
                  onEdit={(change) =>
                    onEdit((f) => {
                      const target = f.trips.find((t) => t.id === trip.id);
                      if (target) change(target);
                    })
                  }
                  onRemove={() =>
                    onEdit((f) => {
                      f.trips = f.trips.filter((t) => t.id !== trip.id);
                      // One trip left: a single-trip schedule is one way.
                      const [only] = f.trips;
                      if (f.trips.length === 1 && only) only.boundFor = 'One way';
                    })
                  }
                />
              ))}
            </div>
            {warnings !== null && warnings.length > 0 && (
              <ScheduleWarnings
                texts={warnings.map((w) => scheduleWarningText(m, w))}
                busy={busy}
                onConfirm={onConfirmWarnings}
                onDismiss={onDismissWarnings}
              />
            )}
            <div className="actions-bar">
              {form.trips.length < 2 && (
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    onEdit((f) => {
                      const [first] = f.trips;
                      // Two trips go out and back: a one-way first trip becomes the outbound one.
                      if (first?.boundFor === 'One way') first.boundFor = 'Out bound';
                      f.trips.push(secondTrip(first));
                    })
                  }
                >
                  {m.schedules.addTrip}
                </button>
              )}
              <button type="button" className="btn btn--primary" disabled={busy} onClick={onSave}>
                {busy ? m.common.saving : m.schedules.saveSchedule}
              </button>
              {onDuplicate && (
                <button type="button" className="btn" onClick={onDuplicate}>
                  {m.grid.duplicateSchedule}
                </button>
              )}
              {isNew ? (
                <button type="button" className="btn btn--danger-outline" onClick={onDelete}>
                  {m.schedules.removeSchedule}
                </button>
              ) : (
                <ConfirmDelete
                  className="btn btn--danger-outline"
                  question={m.schedules.confirmDelete(form.id)}
                  busy={busy}
                  onConfirm={onDelete}
                >
                  {m.schedules.deleteSchedule}
                </ConfirmDelete>
              )}
            </div>
          </fieldset>
        )}
      </div>
    </article>
  );
}

function TripEditor({
  trip,
  n,
  routes,
  boundForOptions,
  showInvalid,
  wrongDirection,
  canRemove,
  onEdit,
  onRemove,
}: {
  trip: TripForm;
  n: number;
  routes: readonly AdminRouteData[];
  boundForOptions: readonly BoundFor[];
  showInvalid: boolean;
  wrongDirection: boolean;
  canRemove: boolean;
  onEdit: (change: (trip: TripForm) => void) => void;
  onRemove: () => void;
}) {
  const m = useAdminMessages();
  const headingId = useId();
  const route = routes.find((r) => r.id === trip.routeId);
  const stops = route ? travelStops(route, trip.routeDirReversed) : [];
  // Said after the route changed: which times were kept, which stops are still empty.
  const [switched, setSwitched] = useState<string | null>(null);
  const routeName = (r: AdminRouteData) => r.routeNotes?.trim() || m.lineDetail.mainRoute;

  return (
    <fieldset className="trip-editor" aria-labelledby={headingId}>
      <div className="trip-editor__head">
        <h3 id={headingId}>{m.schedules.trip(n)}</h3>
        {canRemove && (
          <button type="button" className="btn btn--small btn--danger-outline" onClick={onRemove}>
            {m.schedules.removeTrip(n)}
          </button>
        )}
      </div>
      <div className="form-grid form-grid--trip">
        <SelectField
          label={m.schedules.direction}
          value={trip.boundFor}
          options={boundForOptions.map((b) => ({ value: b, label: m.values.boundFor[b] }))}
          invalid={wrongDirection}
          onChange={(v) =>
            onEdit((t) => {
              if (v !== null) t.boundFor = v;
            })
          }
        />
        <SelectField
          label={m.schedules.route}
          value={trip.routeId}
          options={routes.map((r) => ({
            value: r.id,
            label: m.schedules.routeOption(routeName(r), r.stopsArr.length),
          }))}
          placeholder={m.schedules.chooseRoute}
          required
          invalid={showInvalid && route === undefined}
          onChange={(v) => {
            const to = routes.find((r) => r.id === v);
            if (v === null || !to) {
              onEdit((t) => {
                t.routeId = v;
              });
              return;
            }
            const moved = switchTripRoute(trip, route, to);
            setSwitched(route ? m.schedules.routeSwitched(moved.kept, moved.empty, moved.dropped) : null);
            onEdit((t) => {
              t.routeId = v;
              t.timeList = moved.timeList;
            });
          }}
        />
        <CheckField
          className="form-grid__check"
          label={m.schedules.reversed}
          checked={trip.routeDirReversed}
          onChange={(v) =>
            onEdit((t) => {
              t.routeDirReversed = v;
            })
          }
        />
      </div>
      {switched !== null && (
        <p className="alert alert--info route-switched" role="status">
          {switched}
        </p>
      )}
      {route ? (
        <div className="table-wrap">
          <table className="table times-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {m.lineDetail.colNumber}
                </th>
                <th scope="col">{m.schedules.colStop}</th>
                <th scope="col">{m.schedules.colTime}</th>
              </tr>
            </thead>
            <tbody>
              {stops.map((stop, j) => {
                const value = trip.timeList[j] ?? '';
                return (
                  <tr key={j}>
                    <td className="num">{j + 1}</td>
                    <td>{stop.name}</td>
                    <td>
                      <DebouncedInput
                        className="time-input"
                        aria-label={m.schedules.timeAt(stop.name, j + 1, n)}
                        inputMode="numeric"
                        maxLength={5}
                        placeholder={m.schedules.timePlaceholder}
                        value={value}
                        parse={parseTime}
                        display={showStored}
                        invalid={showInvalid && value === ''}
                        onCommit={(time) =>
                          onEdit((t) => {
                            while (t.timeList.length <= j) t.timeList.push('');
                            t.timeList[j] = time;
                          })
                        }
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{m.schedules.chooseRouteFirst}</p>
      )}
    </fieldset>
  );
}

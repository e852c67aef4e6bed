import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import './change-rules.css';

/** A row as edited: a stop not chosen yet is null; minutes as typed. */
interface StopRow {
  key: number;
  stopId: number | null;
  minutes: string;
}
interface PlaceRow {
  key: number;
  stopA: number | null;
  stopB: number | null;
  walkMinutes: string;
}

let nextKey = 1;

/**
 * Changes between buses (/admin-panel/change-rules, issue 30): each stop's own minimum change
 * time and the change places (two stops as one place, with the walk), which the journey planner
 * counts with. The whole set is saved at once against the version loaded; the history keeps it.
 */
export function ChangeRulesPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.changeRules.get.queryOptions());
  const stops = useQuery(trpc.admin.stops.list.queryOptions());
  let body: ReactNode;
  if (settings.isPending || stops.isPending) body = <Loading />;
  else if (settings.isError) body = <LoadError error={settings.error} />;
  else if (stops.isError) body = <LoadError error={stops.error} />;
  else
    body = (
      <ChangeRulesEditor
        key={settings.data.version}
        data={settings.data}
        stops={[...stops.data].sort((a, b) => a.name.localeCompare(b.name, 'lt'))}
      />
    );
  return (
    <div className="change-rules">
      <h1>{m.changeRules.heading}</h1>
      <p className="change-rules__intro">{m.changeRules.intro}</p>
      {body}
    </div>
  );
}

type Settings = {
  stopMinutes: { stopId: number; minutes: number }[];
  places: { stopA: number; stopB: number; walkMinutes: number }[];
  version: number;
};

function ChangeRulesEditor({ data, stops }: { data: Settings; stops: { id: number; name: string }[] }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const serverMessages = useServerMessages();
  const save = useMutation(trpc.admin.changeRules.save.mutationOptions());
  const [stopRows, setStopRows] = useState<StopRow[]>(() =>
    data.stopMinutes.map((s) => ({ key: nextKey++, stopId: s.stopId, minutes: String(s.minutes) })),
  );
  const [placeRows, setPlaceRows] = useState<PlaceRow[]>(() =>
    data.places.map((p) => ({ key: nextKey++, ...p, walkMinutes: String(p.walkMinutes) })),
  );
  const name = (id: number | null) => stops.find((s) => s.id === id)?.name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const stored = await save.mutateAsync({
        stopMinutes: stopRows.map((r) => ({ stopId: r.stopId ?? 0, minutes: r.minutes })),
        places: placeRows.map((r) => ({
          stopA: r.stopA ?? 0,
          stopB: r.stopB ?? 0,
          walkMinutes: r.walkMinutes,
        })),
        baseVersion: data.version,
      });
      // Rebased on the answer at once (the editor starts again from it, keyed by its version),
      // so a second save right after sends the new version, not the one loaded before.
      queryClient.setQueryData(trpc.admin.changeRules.get.queryKey(), stored);
      toasts.success(m.changeRules.saved, ALERT_MS.standard);
    } catch (error) {
      toasts.danger(errorText(error, serverMessages), ALERT_MS.standard);
    }
  };

  const stopSelect = (label: string, value: number | null, onChange: (id: number | null) => void) => (
    <select
      className="input"
      aria-label={label}
      value={value ?? ''}
      required
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{m.changeRules.chooseStop}</option>
      {stops.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
  const minutesInput = (label: string, value: string, onChange: (v: string) => void) => (
    <input
      className="input change-rules__minutes"
      type="number"
      inputMode="numeric"
      min={0}
      max={60}
      required
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  const editStop = (key: number, change: Partial<StopRow>) =>
    setStopRows((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const editPlace = (key: number, change: Partial<PlaceRow>) =>
    setPlaceRows((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <form onSubmit={submit} className="change-rules__form">
      <RuleSection
        id="change-times"
        heading={m.changeRules.stopTimes}
        none={m.changeRules.stopTimesNone}
        rows={stopRows}
        fields={(row, n) => (
          <>
            {stopSelect(`${m.changeRules.stop} ${n}`, row.stopId, (stopId) => editStop(row.key, { stopId }))}
            {minutesInput(`${m.changeRules.minutes} ${n}`, row.minutes, (minutes) =>
              editStop(row.key, { minutes }),
            )}
          </>
        )}
        rowName={(row, n) => name(row.stopId) || `${m.changeRules.stop} ${n}`}
        onRemove={(key) => setStopRows((rows) => rows.filter((r) => r.key !== key))}
        add={m.changeRules.addStop}
        onAdd={() => setStopRows((rows) => [...rows, { key: nextKey++, stopId: null, minutes: '3' }])}
      />
      <RuleSection
        id="change-places"
        heading={m.changeRules.places}
        none={m.changeRules.placesNone}
        rows={placeRows}
        className="change-rules__row--place"
        fields={(row, n) => (
          <>
            {stopSelect(`${m.changeRules.stopA} ${n}`, row.stopA, (stopA) => editPlace(row.key, { stopA }))}
            {stopSelect(`${m.changeRules.stopB} ${n}`, row.stopB, (stopB) => editPlace(row.key, { stopB }))}
            {minutesInput(`${m.changeRules.walkMinutes} ${n}`, row.walkMinutes, (walkMinutes) =>
              editPlace(row.key, { walkMinutes }),
            )}
          </>
        )}
        rowName={(row, n) =>
          row.stopA !== null && row.stopB !== null
            ? `${name(row.stopA)} – ${name(row.stopB)}`
            : `${m.changeRules.places} ${n}`
        }
        onRemove={(key) => setPlaceRows((rows) => rows.filter((r) => r.key !== key))}
        add={m.changeRules.addPlace}
        onAdd={() =>
          setPlaceRows((rows) => [...rows, { key: nextKey++, stopA: null, stopB: null, walkMinutes: '5' }])
        }
      />

      <p>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? m.changeRules.saving : m.changeRules.save}
        </button>
      </p>
    </form>
  );
}

/** A list of settings, each row with its fields and a remove button, and a button adding one. */
function RuleSection<R extends { key: number }>(props: {
  id: string;
  heading: string;
  none: string;
  rows: readonly R[];
  className?: string;
  /** The row's fields; `n` counts from 1 (the fields' names say which row). */
  fields: (row: R, n: number) => ReactNode;
  rowName: (row: R, n: number) => string;
  onRemove: (key: number) => void;
  add: string;
  onAdd: () => void;
}) {
  const m = useAdminMessages();
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      {props.rows.length === 0 && <p className="change-rules__none">{props.none}</p>}
      <ul className="change-rules__rows">
        {props.rows.map((row, index) => (
          <li key={row.key} className={`change-rules__row ${props.className ?? ''}`}>
            {props.fields(row, index + 1)}
            <button
              type="button"
              className="btn btn--small"
              aria-label={m.changeRules.removeRow(props.rowName(row, index + 1))}
              onClick={() => props.onRemove(row.key)}
            >
              {m.changeRules.remove}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn" onClick={props.onAdd}>
        {props.add}
      </button>
    </section>
  );
}

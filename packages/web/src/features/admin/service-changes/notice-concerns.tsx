import { useId, useState } from 'react';
import { StopCombobox } from '../../../components/stop-combobox.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { ChangeDraft } from './change-draft.ts';
import { LineSelect, TextInput } from './form-fields.tsx';
import { TripPicker } from './trip-picker.tsx';
import type { LineChoice } from './types.ts';

/** A notice's lines (ticked) and stops (added with the stop search); none: the whole network. */
export function NoticeConcerns({
  draft,
  edit,
  lines,
  badTimeText,
}: {
  draft: ChangeDraft;
  edit: (change: (d: ChangeDraft) => void) => void;
  lines: readonly LineChoice[];
  badTimeText: (text: string) => string;
}) {
  const m = useAdminMessages();
  const id = useId();
  // The trips are picked from a line's trips of a day: the notice's first date, else the one chosen here.
  const [tripDay, setTripDay] = useState('');
  const day = tripDay !== '' ? tripDay : draft.from;
  return (
    <fieldset className="sc-concerns">
      <legend>{m.serviceChanges.concerns}</legend>
      <p className="field-hint">{m.serviceChanges.concernsHint}</p>
      <fieldset className="sc-subset">
        <legend>{m.serviceChanges.lines}</legend>
        <ul className="sc-line-list">
          {lines.map((line) => (
            <li key={line.id}>
              <input
                id={`${id}-line-${line.id}`}
                type="checkbox"
                className="checkbox"
                checked={draft.lineIds.includes(line.id)}
                onChange={(event) => {
                  const on = event.target.checked;
                  edit((d) => {
                    d.lineIds = on ? [...d.lineIds, line.id] : d.lineIds.filter((l) => l !== line.id);
                  });
                }}
              />
              <label htmlFor={`${id}-line-${line.id}`}>{line.name}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="sc-combo">
        <StopCombobox
          label={m.serviceChanges.addStop}
          value={null}
          onChange={(stop) => {
            if (stop)
              edit((d) => {
                if (!d.stops.some((x) => x.id === stop.id)) d.stops = [...d.stops, stop];
              });
          }}
        />
      </div>
      {draft.stops.length > 0 && (
        <ul className="sc-chips" aria-label={m.serviceChanges.stops}>
          {draft.stops.map((stop) => (
            <li key={stop.id}>
              {stop.label}{' '}
              <button
                type="button"
                className="btn btn--small"
                aria-label={m.serviceChanges.removeStop(stop.label)}
                onClick={() =>
                  edit((d) => {
                    d.stops = d.stops.filter((x) => x.id !== stop.id);
                  })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="sc-subset">
        <legend>{m.serviceChanges.trips}</legend>
        <div className="form-grid">
          <LineSelect
            label={m.serviceChanges.tripsOfLine}
            lineId={draft.lineId}
            lines={lines}
            onChange={(lineId) =>
              edit((d) => {
                d.lineId = lineId;
              })
            }
          />
          <TextInput type="date" label={m.serviceChanges.tripsDay} value={day} onChange={setTripDay} />
        </div>
        <TripPicker draft={draft} date={day} edit={edit} badTimeKeys={[]} badTimeText={badTimeText} />
      </fieldset>
    </fieldset>
  );
}

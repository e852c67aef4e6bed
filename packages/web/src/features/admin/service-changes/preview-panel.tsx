import { isIsoDate, noticeIn } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { TextInput } from './form-fields.tsx';

/** A trip named by its first time, line and ends ('07:50 M24, Anykščių AS – Nausodė'): no words to translate. */
const tripName = (trip: { firstTime: string; lineName: string; firstStop: string; lastStop: string }) =>
  `${trip.firstTime} ${trip.lineName}, ${trip.firstStop} – ${trip.lastStop}`;

/**
 * "What visitors will see" on a chosen date (admin.serviceChanges.preview): every change holding
 * then, its notice in the language shown (English falls back to Lithuanian, as on the site), and
 * what it does in words: the trips that do not run, the changed times, the stops not served.
 */
export function PreviewPanel({ today }: { today: string }) {
  const m = useAdminMessages();
  const language = useLanguage();
  const trpc = useTRPC();
  const headingId = useId();
  const [date, setDate] = useState(today);
  const valid = isIsoDate(date);
  const preview = useQuery({ ...trpc.admin.serviceChanges.preview.queryOptions({ date }), enabled: valid });

  let body = null;
  if (!valid) body = null;
  else if (preview.isPending) body = <Loading />;
  else if (preview.isError) body = <LoadError error={preview.error} />;
  else if (preview.data.items.length === 0) body = <p>{m.serviceChanges.previewNone}</p>;
  else
    body = (
      <ul className="sc-preview">
        {preview.data.items.map((change) => {
          const notice = noticeIn(change, language);
          const cancelled = change.kind === 'cancel';
          return (
            <li key={change.id}>
              <p className="sc-preview__title">
                <strong>{notice.title}</strong>{' '}
                <span className="badge">{m.serviceChanges.kinds[change.kind]}</span>
              </p>
              {notice.text && <p>{notice.text}</p>}
              {change.trips.length > 0 && (
                <>
                  <p>{cancelled ? m.serviceChanges.previewCancelled : m.serviceChanges.previewRetimed}</p>
                  <ul>
                    {change.trips.map((trip) => (
                      <li key={trip.id}>
                        {cancelled ? <s>{tripName(trip)}</s> : tripName(trip)}
                        {!trip.runs && <span className="muted"> ({m.serviceChanges.notRunning})</span>}
                        {trip.changedTimes.length > 0 && (
                          <ul className="sc-preview__times">
                            {trip.changedTimes.map((t) => (
                              <li key={t.index}>{`${t.stopName} ${t.planned ?? '—'} → ${t.time ?? '—'}`}</li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {change.kind === 'closure' &&
                change.stops.map((stop) => <p key={stop.id}>{m.serviceChanges.previewClosed(stop.name)}</p>)}
              {change.insteadStop && <p>{m.serviceChanges.previewInstead(change.insteadStop.name)}</p>}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="panel sc-preview-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.serviceChanges.preview}</h2>
      <TextInput
        type="date"
        label={m.serviceChanges.previewDate}
        value={date}
        inputClassName="input sc-date"
        onChange={setDate}
      />
      <div aria-live="polite">{body}</div>
    </section>
  );
}

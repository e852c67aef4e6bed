import { isIsoDate, noticeIn } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { TextInput } from './form-fields.tsx';

/**
 * "What visitors will see" on a chosen date (admin.serviceChanges.preview): every change holding
 * then, its notice in the language shown (English falls back to Lithuanian, as on the site), and
 * what it does in words: the trips that do not run, the changed times, the stops not served.
 */
export function PreviewPanel({ today }: { today: string }) {
  const m = useAdminMessages();
  const s = m.serviceChanges;
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
  else if (preview.data.items.length === 0) body = <p>{s.previewNone}</p>;
  else
    body = (
      <ul className="sc-preview">
        {preview.data.items.map((change) => {
          const notice = noticeIn(change, language);
          const cancelled = change.kind === 'cancel';
          return (
            <li key={change.id}>
              <p className="sc-preview__title">
                <strong>{notice.title}</strong> <span className="badge">{s.kinds[change.kind]}</span>
              </p>
              {notice.text && <p>{notice.text}</p>}
              {change.trips.length > 0 && (
                <>
                  <p>{cancelled ? s.previewCancelled : s.previewRetimed}</p>
                  <ul>
                    {change.trips.map((trip) => (
                      <li key={trip.id}>
                        {cancelled ? (
                          <s>{s.tripName(trip.firstTime, trip.lineName, trip.firstStop, trip.lastStop)}</s>
                        ) : (
                          s.tripName(trip.firstTime, trip.lineName, trip.firstStop, trip.lastStop)
                        )}
                        {!trip.runs && <span className="muted"> ({s.notRunning})</span>}
                        {trip.changedTimes.length > 0 && (
                          <ul className="sc-preview__times">
                            {trip.changedTimes.map((t) => (
                              <li key={t.index}>
                                {s.timeChange(t.stopName, t.planned ?? '—', t.time ?? '—')}
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {change.kind === 'closure' &&
                change.stops.map((stop) => <p key={stop.id}>{s.previewClosed(stop.name)}</p>)}
              {change.insteadStop && <p>{s.previewInstead(change.insteadStop.name)}</p>}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="panel sc-preview-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{s.preview}</h2>
      <TextInput
        type="date"
        label={s.previewDate}
        value={date}
        inputClassName="input sc-date"
        onChange={setDate}
      />
      <div aria-live="polite">{body}</div>
    </section>
  );
}

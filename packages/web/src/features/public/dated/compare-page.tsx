import type { ComparedRow } from '@bus/core/browser';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useDatedMessages } from '../../../i18n/dated.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import '../../../components/pages.css';
import './compare-page.css';

/**
 * The comparison of a new timetable (/compare?from=&dir=&change=, issue 28): a stop's
 * departures in one direction on the day before the change beside the same weekday after it,
 * each marked same, new, removed or moved (with its other time).
 */
export function ComparePage() {
  const m = useDatedMessages();
  const { app } = useMessages();
  // 'Sunday 6 December 2026': the weekday says which days are compared.
  const day = (date: string) => formatDate(app.locale, 'longDay', new Date(`${date}T12:00:00`));
  const params = new URLSearchParams(useSearch());
  const change = params.get('change') ?? '';
  const from = Number(params.get('from'));
  const dir = params.get('dir') === 'City bound' ? 'City bound' : 'Out bound';
  useDocumentTitle(m.heading(change));
  // An address typed by hand without a stop or a change date: nothing is asked, a hint is shown.
  const complete = Number.isSafeInteger(from) && from > 0 && /^\d{4}-\d{2}-\d{2}$/.test(change);
  const result = usePublicQuery('compare', complete ? { from, dir, change } : null);
  const stop = usePublicQuery('stopPair', complete ? { fromId: from, toId: null } : null);
  const data = result.data;
  return (
    <div className="compare-page">
      <h1>{m.heading(change)}</h1>
      {!complete && <p>{m.missing}</p>}
      {stop.data?.from && <p>{m.intro(stop.data.from.name)}</p>}
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {complete && !data && result.status !== 'error' && <Loading />}
      {data && (
        <div className="compare-page__days">
          <Day title={m.before(day(data.before.date))} rows={data.before.rows} before />
          <Day title={m.after(day(data.after.date))} rows={data.after.rows} before={false} />
        </div>
      )}
      <p>
        <Link href={complete ? `/?${new URLSearchParams({ from: String(from), dir })}` : '/'}>{m.back}</Link>
      </p>
    </div>
  );
}

function Day({ title, rows, before }: { title: string; rows: readonly ComparedRow[]; before: boolean }) {
  const m = useDatedMessages();
  return (
    <section className="compare-day" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{m.none}</p>
      ) : (
        <ul className="compare-day__list">
          {rows.map((row, index) => (
            // Rows have no id of their own; their order is the answer's.
            <li key={index} className={`compare-row compare-row--${row.mark}`}>
              <span className="compare-row__time">{row.time}</span>{' '}
              <span className="compare-row__line">{row.lineName}</span>{' '}
              {row.mark !== 'same' && (
                <span className="compare-row__mark">
                  {m.marks[row.mark]}
                  {row.otherTime !== undefined &&
                    ` (${before ? m.movedTo(row.otherTime) : m.movedFrom(row.otherTime)})`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

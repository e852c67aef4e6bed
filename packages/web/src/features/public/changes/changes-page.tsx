import { changeDatesText, noticeIn } from '@bus/core/browser';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import '../../../components/pages.css';
import './changes-page.css';

type ListedNotice = PublicOutput<'serviceChanges'>['current'][number];

/**
 * The Service changes page (/changes, issue 27): every notice holding today, the one begun last
 * first, then every notice still to come, the soonest first; each with what it concerns (its
 * lines linking to their pages, its stops to their departures), its validity, its text and link.
 * The header links here while any notice holds today; the Atom feed carries the same list.
 */
export function ChangesPage() {
  const m = useMessages();
  useDocumentTitle(m.changes.heading);
  const result = usePublicQuery('serviceChanges', undefined);
  return (
    <div className="changes-page">
      <h1>{m.changes.heading}</h1>
      <p className="changes-page__intro">
        {m.serviceChanges.intro}{' '}
        <a href="/changes.atom" type="application/atom+xml" className="changes-page__feed">
          {m.serviceChanges.feed}
        </a>
      </p>
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {(result.status === 'loading' || result.status === 'idle') && <Loading />}
      {result.status === 'success' && (
        <>
          <NoticeGroup
            id="current"
            heading={m.serviceChanges.current}
            empty={m.serviceChanges.none}
            notices={result.data.current}
            thisYear={Number(result.data.today.slice(0, 4))}
          />
          <NoticeGroup
            id="upcoming"
            heading={m.serviceChanges.upcoming}
            empty={m.serviceChanges.noneUpcoming}
            notices={result.data.upcoming}
            thisYear={Number(result.data.today.slice(0, 4))}
          />
        </>
      )}
    </div>
  );
}

function NoticeGroup(props: {
  id: string;
  heading: string;
  empty: string;
  notices: readonly ListedNotice[];
  thisYear: number;
}) {
  const { id, heading, empty, notices, thisYear } = props;
  return (
    <section className="changes-group" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {notices.length === 0 ? (
        <p className="changes-group__empty">{empty}</p>
      ) : (
        <ul className="changes-list">
          {notices.map((n) => (
            <li key={n.id}>
              <ListedNoticeView notice={n} thisYear={thisYear} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ListedNoticeView({ notice: n, thisYear }: { notice: ListedNotice; thisYear: number }) {
  const m = useMessages();
  const lang = useLanguage();
  const { title, text } = noticeIn(n, lang);
  // The lines and stops on the change's first day (today when it already holds).
  const date = n.status === 'upcoming' && n.from !== null ? n.from : null;
  const lineHref = (lineId: number) => (date ? `${linePath(lineId)}?date=${date}` : linePath(lineId));
  const stopHref = (stopId: number) =>
    `/?${new URLSearchParams({ from: String(stopId), ...(date ? { date } : {}) })}`;
  return (
    <article
      className="notice"
      id={`notice-${n.id}`}
      lang={lang === 'en' && n.titleEn === null ? 'lt' : undefined}
    >
      <h3 className="notice__title">{title}</h3>
      <p className="notice__valid">{m.changes.valid(changeDatesText(n.from, n.until, lang, thisYear))}</p>
      {n.lines.length > 0 && (
        <p className="notice__concerns">
          {m.serviceChanges.lines}:{' '}
          {n.lines.map((line, i) => (
            <span key={line.id}>
              {i > 0 && ', '}
              <Link href={lineHref(line.id)}>{line.name}</Link>
            </span>
          ))}
        </p>
      )}
      {n.stops.length > 0 && (
        <p className="notice__concerns">
          {m.serviceChanges.stops}:{' '}
          {n.stops.map((stop, i) => (
            <span key={stop.id}>
              {i > 0 && ', '}
              <Link href={stopHref(stop.id)}>{stop.name}</Link>
            </span>
          ))}
        </p>
      )}
      {n.insteadStop && <p className="notice__concerns">{m.changes.insteadStop(n.insteadStop.name)}</p>}
      {text !== null && <p className="notice__text">{text}</p>}
      {n.url !== null && (
        <p className="notice__more">
          <a href={n.url} rel="noopener noreferrer">
            {m.changes.more}
          </a>
        </p>
      )}
    </article>
  );
}

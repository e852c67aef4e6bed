import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useChangesMessages } from '../../../i18n/changes.ts';
import { useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { NoticeList } from '../notices/notice-list.tsx';
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
      {result.status === 'success' &&
        (['current', 'upcoming'] as const).map((group) => (
          <NoticeGroup
            key={group}
            id={group}
            heading={group === 'current' ? m.serviceChanges.current : m.serviceChanges.upcoming}
            empty={group === 'current' ? m.serviceChanges.none : m.serviceChanges.noneUpcoming}
            notices={result.data[group]}
            thisYear={Number(result.data.today.slice(0, 4))}
          />
        ))}
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
    // The list itself is the region (NoticeList, named by the heading).
    <div className="changes-group">
      <h2 id={`${id}-heading`}>{heading}</h2>
      {notices.length === 0 ? (
        <p className="changes-group__empty">{empty}</p>
      ) : (
        <NoticeList
          notices={notices}
          thisYear={thisYear}
          label={heading}
          headingLevel={3}
          details={(n) => <Concerns notice={n} />}
        />
      )}
    </div>
  );
}

/** What a notice concerns: its lines (to their pages) and stops (to their departures), on its first day. */
function Concerns({ notice: n }: { notice: ListedNotice }) {
  const m = useMessages();
  const c = useChangesMessages();
  // The change's first day when it is still to come; today (no date) when it already holds.
  const date = n.status === 'upcoming' && n.from !== null ? n.from : null;
  const lineHref = (lineId: number) => (date ? `${linePath(lineId)}?date=${date}` : linePath(lineId));
  const stopHref = (stopId: number) =>
    `/?${new URLSearchParams({ from: String(stopId), ...(date ? { date } : {}) })}`;
  const links = (
    label: string,
    items: readonly { id: number; name: string }[],
    href: (id: number) => string,
  ) =>
    items.length > 0 && (
      <p className="notice__concerns">
        {label}:{' '}
        {items.map((item, i) => (
          <span key={item.id}>
            {i > 0 && ', '}
            <Link href={href(item.id)}>{item.name}</Link>
          </span>
        ))}
      </p>
    );
  return (
    <>
      {links(m.serviceChanges.lines, n.lines, lineHref)}
      {links(m.serviceChanges.stops, n.stops, stopHref)}
      {n.insteadStop && <p className="notice__concerns">{c.insteadStop(n.insteadStop.name)}</p>}
    </>
  );
}

import type { MouseEvent } from 'react';
import { Fragment, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import { parseStopId } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import '../../../components/pages.css';
import './browse-page.css';

/** Table of all lines (/browse), filtered by the query's from stop (the server filters). */
export function BrowsePage() {
  const m = useMessages();
  const search = useSearch();
  const [, navigate] = useLocation();
  const from = parseStopId(new URLSearchParams(search).get('from'));
  const result = usePublicQuery('lines', { from });
  useDocumentTitle(m.browse.title);
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // The whole row opens the line for pointer users; the link in the first cell is the
  // keyboard and screen reader way, so the row itself needs no role or key handling.
  const openRow = (event: MouseEvent, href: string) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button')) return;
    navigate(href);
  };

  return (
    <>
      <h1>{m.browse.heading}</h1>
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {result.status === 'loading' && <Loading />}
      {result.status === 'success' &&
        (result.data.length === 0 ? (
          <p>{m.browse.noLines}</p>
        ) : (
          <DataTable
            className="table lines-table"
            columns={[m.browse.colLine, m.browse.colGoesTo, m.browse.colShowStops]}
          >
            {result.data.map((line) => {
              const href = withSearch(linePath(line.id), search);
              const open = openIds.has(line.id);
              const stopsId = `line-stops-${line.id}`;
              const action = open ? m.browse.hide : m.browse.show;
              return (
                <Fragment key={line.id}>
                  <tr className="lines-table__row" onClick={(event) => openRow(event, href)}>
                    <th scope="row">
                      <Link href={href}>{line.name}</Link>
                    </th>
                    <td>{line.goesTo}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn--small"
                        aria-expanded={open}
                        aria-controls={open ? stopsId : undefined}
                        aria-label={m.browse.stopsOf(action, line.name)}
                        onClick={() => toggle(line.id)}
                      >
                        {action}
                      </button>
                    </td>
                  </tr>
                  {open && (
                    <tr id={stopsId} className="lines-table__stops">
                      <td colSpan={3}>
                        <ol className="stop-chain">
                          {line.mainStops.map((stop, index) => (
                            <li
                              key={`${stop.id}-${index}`}
                              className={stop.id === from ? 'is-selected' : undefined}
                            >
                              {stop.name}
                            </li>
                          ))}
                        </ol>
                        {line.extraStops && line.extraStops.length > 0 && (
                          <p className="extra-stops">
                            <strong className="extra-stops__label">{m.browse.extra}</strong>{' '}
                            {line.extraStops.map((stop) => stop.name).join(', ')}
                          </p>
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </DataTable>
        ))}
    </>
  );
}

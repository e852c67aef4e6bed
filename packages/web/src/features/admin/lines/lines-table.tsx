import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { linesToShow } from './lines-order.ts';

interface LinePreviewRow {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
}

/**
 * The lines table (Name, From, To, Actions), shared by the lines page and the schedules page
 * ("line table reused"): there a line's name opens its schedule editor.
 */
export function LinesTable({ purpose }: { purpose: 'lines' | 'schedules' }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const [query, setQuery] = useState('');
  const list = useQuery(trpc.admin.lines.list.queryOptions());
  const shown = useMemo(() => linesToShow(list.data ?? [], query), [list.data, query]);
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} />;
  if (list.data.length === 0) return <p>{m.lines.empty}</p>;
  return (
    <>
      <div className="toolbar">
        <div className="field toolbar__search">
          <label htmlFor={`${id}-search`}>{m.lines.search}</label>
          <input
            id={`${id}-search`}
            type="search"
            className="input"
            placeholder={m.lines.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      <p className="muted" role="status">
        {shown.length === 0 ? m.lines.noMatch : m.lines.shown(shown.length, list.data.length)}
      </p>
      {shown.length > 0 && <LinesRows lines={shown} purpose={purpose} />}
    </>
  );
}

function LinesRows({ lines, purpose }: { lines: LinePreviewRow[]; purpose: 'lines' | 'schedules' }) {
  const m = useAdminMessages();
  return (
    <DataTable
      className="table admin-table lines-admin-table"
      columns={[m.lines.colName, m.lines.colFrom, m.lines.colTo, m.lines.colActions]}
    >
      {lines.map((line) => (
        <tr key={line.id}>
          <td>
            <Link
              href={purpose === 'lines' ? `/lines/${line.id}` : `/schedules/${line.id}`}
              className="strong-link"
            >
              {line.name}
            </Link>
          </td>
          <td>{line.routeStart}</td>
          <td>{line.routeEnd}</td>
          <td className="row-actions">
            {purpose === 'lines' && (
              <>
                <Link
                  href={`/lines/${line.id}`}
                  className="btn btn--small"
                  aria-label={m.lines.viewOf(line.name)}
                >
                  {m.common.view}
                </Link>
                <Link
                  href={`/lines/${line.id}/edit`}
                  className="btn btn--small"
                  aria-label={m.lines.editOf(line.name)}
                >
                  {m.common.edit}
                </Link>
              </>
            )}
            <Link
              href={`/schedules/${line.id}`}
              className="btn btn--small"
              aria-label={m.lines.schedulesOf(line.name)}
            >
              {m.admin.schedules}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { LineFullData } from '../admin-api.tsx';
import { ConfirmDelete, YesNo } from '../ui/bits.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import './line-detail.css';

/** A line's info, notes and route variations, with its actions (schedules, edit, delete). */
export function LineDetail({ data }: { data: LineFullData }) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [, navigate] = useLocation();
  const search = useSearch();
  const switchId = useId();
  // Just saved in the line editor: schedules whose times followed their stops (?moved=1,2).
  const moved = (new URLSearchParams(search).get('moved') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const { info, routes } = data;
  // Route variations shown (several may be open at once); the main route to start with.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(routes.slice(0, 1).map((r) => r.id)));
  const [showDistance, setShowDistance] = useState(true);
  const remove = useMutation(trpc.admin.lines.delete.mutationOptions());

  const del = async () => {
    try {
      await remove.mutateAsync({ id: info.id, baseVersion: data.version });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.lines.list.queryKey() });
      toasts.success(m.lineDetail.deleted(info.name), ALERT_MS.deleted);
      navigate('/lines');
    } catch (error) {
      toasts.danger(errorText(error, serverMessages));
    }
  };

  const toggle = (routeId: number) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (!next.delete(routeId)) next.add(routeId);
      return next;
    });

  const fields: [string, ReactNode][] = [
    [m.lineFields.routeStart, info.routeStart],
    [m.lineFields.routeEnd, info.routeEnd],
    [m.lineFields.operator, info.operator],
    [m.lineFields.anykStationPlatform, info.anykStationPlatform],
    [m.lineFields.price, info.price],
    [m.lineFields.routeType, m.values.routeType[info.routeType]],
    [
      m.lineFields.enabledSeasonalYearlyRuleFilter,
      <YesNo key="filter" value={info.enabledSeasonalYearlyRuleFilter} />,
    ],
  ];
  const routeName = (notes: string | null) => notes?.trim() || m.lineDetail.mainRoute;

  return (
    <>
      <h1>{info.name}</h1>
      {/* City buses go round the town: no start and end headings. */}
      {info.routeType !== 'City Bus' && (
        <p className="line-ends-admin">{m.lineDetail.ends(info.routeStart ?? '', info.routeEnd ?? '')}</p>
      )}
      {moved.length > 0 && (
        <div className="alert alert--info" role="status">
          <p>{m.lineDetail.moved}</p>
          <ul>
            {moved.map((id) => (
              <li key={id}>
                <Link href={`/schedules/${info.id}/${id}`}>{m.lineDetail.movedSchedule(id)}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions-bar">
        <Link href={`/schedules/${info.id}`} className="btn btn--primary">
          {m.lineDetail.goToSchedules}
        </Link>
        <Link href={`/lines/${info.id}/edit`} className="btn">
          {m.lineDetail.edit}
        </Link>
        <ConfirmDelete
          question={m.lineDetail.confirmDelete(info.name, new Set(data.routeUsage.flat()).size)}
          busy={remove.isPending}
          onConfirm={del}
        >
          {m.lineDetail.deleteLine(info.name)}
        </ConfirmDelete>
      </div>

      <div className="detail-grid">
        <section aria-labelledby={`${switchId}-info`}>
          <h2 id={`${switchId}-info`}>{m.lineDetail.info}</h2>
          <dl className="info-list">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value ?? m.common.none}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby={`${switchId}-notes`}>
          <h2 id={`${switchId}-notes`}>{m.lineDetail.notes}</h2>
          {info.customNotes.length === 0 ? (
            <p className="muted">{m.lineDetail.noNotes}</p>
          ) : (
            <dl className="info-list">
              {info.customNotes.map((note) => (
                <div key={note.id}>
                  <dt>{note.noteKey}</dt>
                  <dd>{note.noteValue}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>

      <section aria-labelledby={`${switchId}-routes`}>
        <h2 id={`${switchId}-routes`}>{m.lineDetail.variations}</h2>
        {routes.length === 0 ? (
          <p className="muted">{m.lineDetail.noVariations}</p>
        ) : (
          <>
            <div className="route-toggles">
              {routes.map((route) => (
                <button
                  key={route.id}
                  type="button"
                  className="btn btn--small route-toggle"
                  aria-pressed={open.has(route.id)}
                  onClick={() => toggle(route.id)}
                >
                  {routeName(route.routeNotes)}
                  <span className="muted"> · {m.lineDetail.stopCount(route.stopsArr.length)}</span>
                </button>
              ))}
              <label className="switch" htmlFor={`${switchId}-distance`}>
                <input
                  id={`${switchId}-distance`}
                  type="checkbox"
                  role="switch"
                  aria-checked={showDistance}
                  checked={showDistance}
                  onChange={(event) => setShowDistance(event.target.checked)}
                />
                {m.lineDetail.showDistance}
              </label>
            </div>
            <div className="two-columns">
              {routes
                .filter((route) => open.has(route.id))
                .map((route) => (
                  <div key={route.id} className="table-wrap route-table">
                    <table className="table">
                      <caption>{m.lineDetail.stopsCaption(routeName(route.routeNotes))}</caption>
                      <thead>
                        <tr>
                          <th scope="col" className="num">
                            #
                          </th>
                          <th scope="col">{m.lineDetail.colStop}</th>
                          {showDistance && (
                            <th scope="col" className="num">
                              {m.lineDetail.colDistance}
                            </th>
                          )}
                        </tr>
                      </thead>
                      <tbody>
                        {route.stopsArr.map((stop, index) => (
                          <tr key={index}>
                            <td className="num">{index + 1}</td>
                            <td>
                              {stop.name}
                              {stop.coords ? <span className="muted"> ({stop.coords})</span> : null}
                            </td>
                            {showDistance && <td className="num">{route.distanceMetersList[index] ?? ''}</td>}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ))}
            </div>
          </>
        )}
      </section>
    </>
  );
}

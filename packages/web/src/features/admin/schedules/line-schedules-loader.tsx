import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminRouteData, LineSchedulesData } from '../admin-api.tsx';
import { LoadError } from '../ui/bits.tsx';

/**
 * Loads what the schedule editor and the timetable grid edit: a line's schedules and its routes.
 * Until both are here the page shows its heading with the loading sign, or with the load error.
 */
export function LineSchedulesLoader({
  lineId,
  heading,
  children,
}: {
  lineId: number;
  heading: string;
  children: (data: LineSchedulesData, routes: AdminRouteData[]) => ReactNode;
}) {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.admin.schedules.byLine.queryOptions({ lineId }));
  const routes = useQuery(trpc.admin.routes.byLine.queryOptions({ lineId }));
  if (schedules.isError || routes.isError)
    return (
      <>
        <h1>{heading}</h1>
        <LoadError error={schedules.error ?? routes.error} />
      </>
    );
  if (!schedules.data || !routes.data)
    return (
      <>
        <h1>{heading}</h1>
        <Loading />
      </>
    );
  return children(schedules.data, routes.data);
}

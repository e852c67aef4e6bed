import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { TimetableGrid } from './timetable-grid.tsx';

/** The timetable grid of a line: schedules/:lineId/grid. */
export function TimetableGridPage({ lineId }: { lineId: string }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = Number(lineId);
  const schedules = useQuery(trpc.admin.schedules.byLine.queryOptions({ lineId: id }));
  const routes = useQuery(trpc.admin.routes.byLine.queryOptions({ lineId: id }));
  const heading = m.grid.heading(lineId);
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
  return <TimetableGrid lineId={id} data={schedules.data} routes={routes.data} />;
}

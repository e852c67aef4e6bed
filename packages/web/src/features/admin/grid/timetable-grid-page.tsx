import { useAdminMessages } from '../../../i18n/admin.ts';
import { LineSchedulesLoader } from '../schedules/line-schedules-loader.tsx';
import { TimetableGrid } from './timetable-grid.tsx';

/** The timetable grid of a line: schedules/:lineId/grid. */
export function TimetableGridPage({ lineId }: { lineId: string }) {
  const m = useAdminMessages();
  const id = Number(lineId);
  return (
    <LineSchedulesLoader lineId={id} heading={m.grid.heading(lineId)}>
      {(data, routes) => <TimetableGrid lineId={id} data={data} routes={routes} />}
    </LineSchedulesLoader>
  );
}

import { useAdminMessages } from '../../../i18n/admin.ts';
import { LinesTable } from '../lines/lines-table.tsx';

/** Schedules: the lines table reused, each line opening its schedule editor. */
export function SchedulesPage() {
  const m = useAdminMessages();
  return (
    <>
      <h1>{m.admin.schedules}</h1>
      <p>{m.lines.chooseLine}</p>
      <LinesTable purpose="schedules" />
    </>
  );
}

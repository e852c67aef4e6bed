import { useMessages } from '../../../i18n/index.ts';

/** Schedules: the lines table reused, each line opening its schedule editor. Placeholder. */
export function SchedulesPage() {
  const m = useMessages();
  return <h1>{m.admin.schedules}</h1>;
}

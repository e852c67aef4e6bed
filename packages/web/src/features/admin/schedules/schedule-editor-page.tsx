import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

export interface ScheduleEditorPageProps {
  lineId: string;
  openScheduleId?: string | undefined;
}

/** Schedule editor: schedules/:lineId and schedules/:lineId/:openScheduleId. */
export function ScheduleEditorPage({ lineId, openScheduleId }: ScheduleEditorPageProps) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = Number(lineId);
  const schedules = useQuery(trpc.admin.schedules.byLine.queryOptions({ lineId: id }));
  const routes = useQuery(trpc.admin.routes.byLine.queryOptions({ lineId: id }));
  const heading = m.admin.scheduleEditor(lineId);
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
  return (
    <ScheduleEditor
      lineId={id}
      data={schedules.data}
      routes={routes.data}
      openScheduleId={openScheduleId === undefined ? null : Number(openScheduleId)}
    />
  );
}

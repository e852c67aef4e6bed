import { useAdminMessages } from '../../../i18n/admin.ts';
import { LineSchedulesLoader } from './line-schedules-loader.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

export interface ScheduleEditorPageProps {
  lineId: string;
  openScheduleId?: string | undefined;
}

/** Schedule editor: schedules/:lineId and schedules/:lineId/:openScheduleId. */
export function ScheduleEditorPage({ lineId, openScheduleId }: ScheduleEditorPageProps) {
  const m = useAdminMessages();
  const id = Number(lineId);
  return (
    <LineSchedulesLoader lineId={id} heading={m.admin.scheduleEditor(lineId)}>
      {(data, routes) => (
        <ScheduleEditor
          lineId={id}
          data={data}
          routes={routes}
          openScheduleId={openScheduleId === undefined ? null : Number(openScheduleId)}
        />
      )}
    </LineSchedulesLoader>
  );
}

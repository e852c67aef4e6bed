import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

export interface ScheduleEditorPageProps {
  lineId: string;
  /** The schedule to open (expanded) when arriving from elsewhere, e.g. a yearly rule's usage. */
  openScheduleId?: string | undefined;
}

/** Schedule editor: schedules/:lineId and schedules/:lineId/:openScheduleId. Placeholder. */
export function ScheduleEditorPage({ lineId, openScheduleId }: ScheduleEditorPageProps) {
  const m = useMessages();
  return (
    <>
      <h1>{m.admin.scheduleEditor(lineId)}</h1>
      <RouteParams params={{ lineId, openScheduleId }} />
    </>
  );
}

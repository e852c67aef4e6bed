import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

export interface LinePageProps {
  lineId: string;
  schedId?: string | undefined;
  tripId?: string | undefined;
}

/** Line timetable view: /browse/:lineId and /browse/:lineId/:schedId/:tripId. Placeholder. */
export function LinePage({ lineId, schedId, tripId }: LinePageProps) {
  const m = useMessages();
  return (
    <>
      <h1>{m.line.heading(lineId)}</h1>
      <RouteParams params={{ lineId, schedId, tripId }} />
    </>
  );
}

import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

/** Line detail: info, notes, route variations (lines/:lineId). Placeholder. */
export function LineDetailPage({ lineId }: { lineId: string }) {
  const m = useMessages();
  return (
    <>
      <h1>{m.admin.lineDetail(lineId)}</h1>
      <RouteParams params={{ lineId }} />
    </>
  );
}

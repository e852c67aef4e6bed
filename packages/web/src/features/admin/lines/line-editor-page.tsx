import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

/** Line editor: lines/new (no lineId) and lines/:lineId/edit. Placeholder. */
export function LineEditorPage({ lineId }: { lineId?: string | undefined }) {
  const m = useMessages();
  return (
    <>
      <h1>{lineId === undefined ? m.admin.newLine : m.admin.editLine(lineId)}</h1>
      <RouteParams params={{ lineId }} />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { LineDetail } from './line-detail.tsx';

/** Line detail: info, notes, route variations (lines/:lineId). */
export function LineDetailPage({ lineId }: { lineId: string }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = Number(lineId);
  const line = useQuery(trpc.admin.lines.getFull.queryOptions({ id }));
  if (line.isPending)
    return (
      <>
        <h1>{m.admin.lineDetail(lineId)}</h1>
        <Loading />
      </>
    );
  if (line.isError)
    return (
      <>
        <h1>{m.admin.lineDetail(lineId)}</h1>
        <LoadError error={line.error} />
      </>
    );
  return <LineDetail data={line.data} />;
}

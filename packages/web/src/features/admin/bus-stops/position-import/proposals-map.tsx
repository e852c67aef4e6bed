import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Loading } from '../../../../components/loading.tsx';
import { useAdminMessages } from '../../../../i18n/admin.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { LazyStopMap } from '../../../map/lazy-stop-map.tsx';
import type { MapProposal } from '../../../map/map-types.ts';
import { adminMapWords } from '../map-words.ts';

/**
 * The positions a stops.txt proposes, on the map before they are saved (issue 29): each is a
 * "proposed" marker beside the stops already placed, so a stop matched to the wrong village
 * stands out. Read only: nothing here saves.
 */
export function ProposalsMap({ proposals }: { proposals: readonly MapProposal[] }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const positions = useQuery(trpc.timetable.stopPositions.queryOptions());
  const words = useMemo(() => adminMapWords(m, m.positionImport.mapLabel), [m]);
  if (!positions.data) return null;
  return (
    <Suspense fallback={<Loading />}>
      <LazyStopMap
        tiles={positions.data.tiles}
        words={words}
        stops={positions.data.stops}
        proposals={proposals}
        // Fitted to the proposals when a new file is read, not at every tick of a box.
        fitKey={`proposals-${proposals.length > 0}`}
        className="position-import__map"
      />
    </Suspense>
  );
}

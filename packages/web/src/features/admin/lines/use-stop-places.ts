import type { Position } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../../lib/trpc.ts';

/**
 * Where the stops are, for the line editor's route maps and distance estimates (issues 29 and
 * 41): the stops as stored (the list the visitors' maps read; the editor's copy of the stops may
 * be older than a position just placed), one request for every route of the page. `placed` is
 * empty until they are loaded.
 */
export function useStopPlaces() {
  const trpc = useTRPC();
  const positions = useQuery(trpc.timetable.stopPositions.queryOptions());
  const placed = useMemo(
    () =>
      new Map<number, Position>((positions.data?.stops ?? []).map((s) => [s.id, { lat: s.lat, lon: s.lon }])),
    [positions.data],
  );
  return { data: positions.data, placed };
}

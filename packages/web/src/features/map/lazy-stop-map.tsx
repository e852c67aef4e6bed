import { lazy } from 'react';

/**
 * The map component as a chunk of its own: Leaflet, its stylesheet and ours come only with the
 * pages that show a map, when they show it (never with the home's first load).
 */
export const LazyStopMap = lazy(() => import('./stop-map.tsx').then((chunk) => ({ default: chunk.StopMap })));

import type { AdminMessages } from '../../../i18n/admin.ts';
import type { MapWords } from '../../map/map-types.ts';

/** The admin maps' words (the bus stops screen's and the route editor's), under their own name. */
export const adminMapWords = (m: AdminMessages, label: string): MapWords => ({
  label,
  tilesFailed: m.stopsMap.tilesFailed,
  proposed: m.stopsMap.proposed,
  routeStops: m.stopsMap.routeStops,
});

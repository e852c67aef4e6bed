import type { AdminTestApp } from './admin-helpers.ts';
import { versionNow } from './admin-helpers.ts';

/**
 * The positions import's procedures (issue 29, wt-posimport) for the admin coverage tables of
 * admin-auth.test.ts: another feed's stops.txt, and one stop's position.
 */
const stopsTxt = 'stop_id,stop_name,stop_lat,stop_lon\nP,PAGIRIAI,55.58,25.1\n';
const positions = [{ stopId: 5, lat: 55.58, lon: 25.1 }];

/** Inputs that work on the real data. */
export const POSITION_IMPORT_WORKING_INPUT = {
  'admin.stops.positionImportPreview': () => ({ stopsTxt }),
  'admin.stops.positionImportApply': async (t: AdminTestApp) => ({
    baseVersion: await versionNow(t, { kind: 'stops' }),
    positions,
  }),
};

/** Well-formed inputs for the refused calls. */
export const POSITION_IMPORT_DENIED_INPUT = {
  'admin.stops.positionImportPreview': { stopsTxt },
  'admin.stops.positionImportApply': { baseVersion: 0, positions },
};

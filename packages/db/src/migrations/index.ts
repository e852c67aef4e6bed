import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './2026-11-22-initial-schema.ts';
import * as departuresCoveringIndex from './2026-11-23-departures-covering-index.ts';
import * as changeLog from './2026-11-25-change-log.ts';
import * as idsNeverReused from './2026-11-25-ids-never-reused.ts';
import * as userAccess from './2026-11-25-user-access.ts';
import * as stopSearchNames from './2026-11-26-stop-search-names.ts';
import * as gtfsPublishing from './2026-11-27-gtfs-publishing.ts';
import * as departureIndex from './2026-11-28-departure-index.ts';
import * as signInsNeverComeBack from './2026-11-29-sign-ins-never-come-back.ts';
import * as serviceChanges from './2026-11-30-service-changes.ts';
import * as scheduleWindows from './2026-12-01-schedule-windows.ts';
// Changes between buses.
import * as changePlaces from './2026-12-02-change-places.ts';
// Issue 37: an account's lock held against the addresses that guessed.
import * as signInFailureAddress from './2026-12-03-sign-in-failure-address.ts';
// Issue 37: the refused sign-ins on the admin board read the window's failures by time.
import * as signInFailureAt from './2026-12-04-sign-in-failure-at.ts';
// Issue 41: fare rules, pair fares and concessions.
import * as fares from './2026-12-06-fares.ts';
// Issue 41: step-free boarding at stops, low-floor buses on schedules.
import * as stepFree from './2026-12-07-step-free.ts';
// Issue 42: a stop's bay or platform, for the departure board.
import * as stopBay from './2026-12-08-stop-bay.ts';
// Issue 41: through fares (one ticket for a journey changing from one line to another).
import * as throughFares from './2026-12-09-through-fares.ts';

/**
 * Inline provider: migrations are bundled with the code, keyed by date-prefixed name. Kysely
 * runs them in name order (and refuses a new one that sorts before an applied one), so a new
 * migration's name must sort after every existing one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-initial-schema': initialSchema,
  '2026-11-23-departures-covering-index': departuresCoveringIndex,
  '2026-11-25-change-log': changeLog,
  '2026-11-25-ids-never-reused': idsNeverReused,
  '2026-11-25-user-access': userAccess,
  '2026-11-26-stop-search-names': stopSearchNames,
  '2026-11-27-gtfs-publishing': gtfsPublishing,
  '2026-11-28-departure-index': departureIndex,
  '2026-11-29-sign-ins-never-come-back': signInsNeverComeBack,
  '2026-11-30-service-changes': serviceChanges,
  '2026-12-01-schedule-windows': scheduleWindows,
  // Changes between buses.
  '2026-12-02-change-places': changePlaces,
  '2026-12-03-sign-in-failure-address': signInFailureAddress,
  '2026-12-04-sign-in-failure-at': signInFailureAt,
  // Issue 41: fares.
  '2026-12-06-fares': fares,
  '2026-12-07-step-free': stepFree,
  '2026-12-08-stop-bay': stopBay,
  '2026-12-09-through-fares': throughFares,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

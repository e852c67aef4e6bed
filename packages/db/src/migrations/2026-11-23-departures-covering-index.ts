import { type Kysely, sql } from 'kysely';

/**
 * The departures query walks from each route passing the stop to its trips. With this index
 * it reads everything it needs of a trip (bound_for, route_dir_reversed, schedule_id and the
 * rowid, which every index entry carries) from the index alone, never the trip row, and
 * narrows by bound_for inside the index. It replaces trip_route (route_id, schedule_id):
 * every lookup by route_id (routeScheduleUsage, trips of a route, the foreign key check when
 * a route is deleted) can use the new index's leading column just as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX trip_route_cover ON trip (route_id, bound_for, route_dir_reversed, schedule_id)`.execute(
    db,
  );
  await sql`DROP INDEX trip_route`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX trip_route ON trip (route_id, schedule_id)`.execute(db);
  await sql`DROP INDEX trip_route_cover`.execute(db);
}

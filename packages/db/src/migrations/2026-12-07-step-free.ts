import { type Kysely, sql } from 'kysely';

/**
 * Step-free travel (issue 41): whether a wheelchair can board at a stop, and whether a
 * schedule's bus is low-floor with a ramp. Stored as GTFS codes them (stops.txt
 * `wheelchair_boarding`, trips.txt `wheelchair_accessible`): 0 not known, 1 yes, 2 no. Every
 * stop and schedule starts as not known: nothing is claimed that staff have not said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stop ADD COLUMN wheelchair_boarding INTEGER NOT NULL DEFAULT 0
    CHECK (wheelchair_boarding IN (0, 1, 2))`.execute(db);
  await sql`ALTER TABLE schedule ADD COLUMN wheelchair_accessible INTEGER NOT NULL DEFAULT 0
    CHECK (wheelchair_accessible IN (0, 1, 2))`.execute(db);
}

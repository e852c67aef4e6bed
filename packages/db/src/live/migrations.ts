import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

/**
 * The live database's migrations (its own file, its own list: see schema.ts). Names sort in
 * the order they run, as the timetable's do.
 */
const liveBuses: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE live_trip (
      trip_id INTEGER NOT NULL,
      service_date TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('phone', 'feed')),
      user_id INTEGER,
      vehicle TEXT,
      line_id INTEGER NOT NULL,
      started_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      ended_at INTEGER,
      progress TEXT,
      changed INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (trip_id, service_date)
    ) WITHOUT ROWID`.execute(db);
    // The live state every process follows: what changed since it last looked (a counter, not
    // a time: a clock may stand still or step back), and the trips reported lately.
    await sql`CREATE INDEX live_trip_changed ON live_trip (changed)`.execute(db);
    await sql`CREATE INDEX live_trip_updated ON live_trip (updated_at)`.execute(db);
    await sql`CREATE INDEX live_trip_user ON live_trip (user_id) WHERE ended_at IS NULL`.execute(db);
    await sql`CREATE TABLE live_position (
      id INTEGER PRIMARY KEY,
      trip_id INTEGER NOT NULL,
      service_date TEXT NOT NULL,
      at INTEGER NOT NULL,
      received_at INTEGER NOT NULL,
      lat REAL NOT NULL,
      lon REAL NOT NULL,
      accuracy REAL,
      heading REAL
    )`.execute(db);
    await sql`CREATE INDEX live_position_received ON live_position (received_at)`.execute(db);
    await sql`CREATE INDEX live_position_trip ON live_position (trip_id, service_date, at)`.execute(db);
    await sql`CREATE TABLE live_observed (
      trip_id INTEGER NOT NULL,
      service_date TEXT NOT NULL,
      idx INTEGER NOT NULL,
      stop_id INTEGER NOT NULL,
      line_id INTEGER NOT NULL,
      planned_at INTEGER NOT NULL,
      observed_at INTEGER NOT NULL,
      PRIMARY KEY (trip_id, service_date, idx)
    ) WITHOUT ROWID`.execute(db);
    // The punctuality report reads a period by planned time.
    await sql`CREATE INDEX live_observed_planned ON live_observed (planned_at)`.execute(db);
  },
};

export const liveMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return { '2026-12-05-live-buses': liveBuses };
  },
};

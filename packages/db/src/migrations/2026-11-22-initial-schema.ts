import { type Kysely, sql } from 'kysely';

/** Frozen: never edit a migration that has shipped; add a new one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE stop (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL CHECK (length(trim(name)) > 0),
      coords TEXT,
      default_option INTEGER NOT NULL DEFAULT 0 CHECK (default_option IN (0, 1)),
      name_folded TEXT NOT NULL,
      name_sort TEXT NOT NULL
    )`,
    sql`CREATE INDEX stop_default ON stop (default_option, id)`,
    sql`CREATE TABLE holiday (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
      day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 31)
    )`,
    sql`CREATE TABLE yearly_rule (
      id INTEGER PRIMARY KEY,
      period_name TEXT NOT NULL,
      type_of_yearly_rule TEXT CHECK (type_of_yearly_rule IN ('Static dates', 'Formula pattern', 'Combo')),
      other_rule_id INTEGER REFERENCES yearly_rule (id)
    )`,
    sql`CREATE TABLE time_period (
      id INTEGER PRIMARY KEY,
      rule_id INTEGER NOT NULL REFERENCES yearly_rule (id) ON DELETE CASCADE,
      start_month INTEGER NOT NULL CHECK (start_month BETWEEN 1 AND 12),
      start_day INTEGER NOT NULL CHECK (start_day BETWEEN 1 AND 31),
      end_month INTEGER NOT NULL CHECK (end_month BETWEEN 1 AND 12),
      end_day INTEGER NOT NULL CHECK (end_day BETWEEN 1 AND 31)
    )`,
    sql`CREATE INDEX time_period_rule ON time_period (rule_id)`,
    sql`CREATE TABLE pattern_item (
      id INTEGER PRIMARY KEY,
      rule_id INTEGER NOT NULL REFERENCES yearly_rule (id) ON DELETE CASCADE,
      nth_occurence INTEGER NOT NULL CHECK (nth_occurence BETWEEN 1 AND 5),
      day_of_week INTEGER NOT NULL CHECK (day_of_week BETWEEN 1 AND 7)
    )`,
    sql`CREATE INDEX pattern_item_rule ON pattern_item (rule_id)`,
    sql`CREATE TABLE line (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      route_start TEXT,
      route_end TEXT,
      route_type TEXT NOT NULL CHECK (route_type IN ('City Bus', 'Regional Bus', 'Nationial Bus')),
      operator TEXT,
      anyk_station_platform TEXT,
      price TEXT,
      via TEXT,
      enabled_seasonal_yearly_rule_filter INTEGER NOT NULL DEFAULT 0
        CHECK (enabled_seasonal_yearly_rule_filter IN (0, 1))
    )`,
    sql`CREATE TABLE line_note (
      id INTEGER PRIMARY KEY,
      line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      note_key TEXT NOT NULL,
      note_value TEXT NOT NULL
    )`,
    sql`CREATE INDEX line_note_line ON line_note (line_id)`,
    sql`CREATE TABLE route (
      id INTEGER PRIMARY KEY,
      line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      route_notes TEXT,
      stop_count INTEGER NOT NULL DEFAULT 0
    )`,
    sql`CREATE INDEX route_line ON route (line_id)`,
    sql`CREATE TABLE route_stop (
      route_id INTEGER NOT NULL REFERENCES route (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 0),
      stop_id INTEGER NOT NULL REFERENCES stop (id),
      PRIMARY KEY (route_id, seq)
    ) WITHOUT ROWID`,
    // The departures query starts here: which routes pass this stop, and where.
    sql`CREATE INDEX route_stop_stop ON route_stop (stop_id, route_id, seq)`,
    sql`CREATE TABLE route_distance (
      route_id INTEGER NOT NULL REFERENCES route (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 0),
      meters INTEGER CHECK (meters IS NULL OR meters >= 0),
      PRIMARY KEY (route_id, seq)
    ) WITHOUT ROWID`,
    sql`CREATE TABLE schedule (
      id INTEGER PRIMARY KEY,
      line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      rule_id INTEGER NOT NULL REFERENCES yearly_rule (id),
      weekday_mask INTEGER NOT NULL CHECK (weekday_mask BETWEEN 0 AND 127),
      runs_on_public_holidays INTEGER NOT NULL CHECK (runs_on_public_holidays IN (0, 1)),
      time_constraints_description TEXT
    )`,
    sql`CREATE INDEX schedule_line ON schedule (line_id)`,
    sql`CREATE INDEX schedule_rule ON schedule (rule_id)`,
    sql`CREATE TABLE trip (
      id INTEGER PRIMARY KEY,
      schedule_id INTEGER NOT NULL REFERENCES schedule (id) ON DELETE CASCADE,
      route_id INTEGER NOT NULL REFERENCES route (id),
      bound_for TEXT NOT NULL CHECK (bound_for IN ('City bound', 'Out bound', 'One way')),
      route_dir_reversed INTEGER NOT NULL CHECK (route_dir_reversed IN (0, 1))
    )`,
    sql`CREATE INDEX trip_route ON trip (route_id, schedule_id)`,
    sql`CREATE INDEX trip_schedule ON trip (schedule_id)`,
    sql`CREATE TABLE trip_time (
      trip_id INTEGER NOT NULL REFERENCES trip (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 0),
      minute INTEGER CHECK (minute IS NULL OR minute BETWEEN 0 AND 1439),
      PRIMARY KEY (trip_id, seq)
    ) WITHOUT ROWID`,
    sql`CREATE TABLE app_user (
      id INTEGER PRIMARY KEY,
      username TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      roles TEXT NOT NULL DEFAULT '[]',
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_user',
    'trip_time',
    'trip',
    'schedule',
    'route_distance',
    'route_stop',
    'route',
    'line_note',
    'line',
    'pattern_item',
    'time_period',
    'yearly_rule',
    'holiday',
    'stop',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * Extra search names of a stop ('Autobusų stotis', 'Bus station' for Anykščių AS): searched
 * like its name by the one stop search, given by staff in the bus stops screen. Stored as one
 * text, the names separated by line breaks (a name can hold no line break, text-rules.ts);
 * '' = none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stop ADD COLUMN search_names TEXT NOT NULL DEFAULT ''`.execute(db);
}

// The database handle every use case receives. PGlite (embedded) and node-postgres both produce a
// Drizzle PgDatabase, so module code is written once against this type.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export type Database = PgDatabase<PgQueryResultHKT>;

/** A localized text held in the database: one entry per site language. */
export type LocalizedText = { es: string; en: string; pt: string };

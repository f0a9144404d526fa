// Whether a PostgreSQL server answers at `url` (connect and `select 1` within 2 s): the server tier and
// the bench both decide with it between the local server and a throwaway cluster or a skipped run.
import pg from "pg";

/** @param {string} url */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

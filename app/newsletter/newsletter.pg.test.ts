// The newsletter's scenarios (newsletter.db.test.ts) on a PostgreSQL server.
import { runScenariosOnPostgres } from "../../tests/setup/either-database.ts";

runScenariosOnPostgres();
await import("./newsletter.db.test.ts");

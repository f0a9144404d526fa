// `npm run staff:create -- <email> [--role admin|operator|agent]`: makes (or promotes) a staff account
// on this deployment's database and prints a one-time link to set its password (flows/first-admin.ts).
// On the embedded database, run it while the server is stopped: PGlite is one process's database.
import { pathOf } from "../lib/routing/localized-paths.ts";
import { createStaffFromCommandLine } from "../flows/first-admin.ts";
import { isAppError } from "../lib/errors.ts";
import { parseConfig, publicOriginOf } from "../lib/config.ts";
import { isStaffRole } from "../modules/identity/index.ts";
import { openDatabase } from "../server/db.ts";

export async function main(args: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const roleAt = args.indexOf("--role");
  const role = roleAt >= 0 ? args[roleAt + 1] : "admin";
  const email = args.find((arg, index) => !arg.startsWith("--") && (roleAt < 0 || index !== roleAt + 1));
  if (!email || !role || !isStaffRole(role)) {
    console.error("usage: npm run staff:create -- <email> [--role admin|operator|agent]");
    return 2;
  }
  const config = parseConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    await database.migrate();
    const made = await createStaffFromCommandLine(database.db, email, new Date(), role);
    const link = new URL(pathOf("forgot", made.language), publicOriginOf(config));
    link.searchParams.set("token", made.passwordToken);
    console.log(
      `${made.created ? "Created" : "Updated"} ${made.email} as ${role}${made.roleBefore ? ` (was ${made.roleBefore})` : ""}.`,
    );
    console.log(`Set the password within the hour: ${link.toString()}`);
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    console.error(`Refused: ${error.code}`);
    return 1;
  } finally {
    await database.close();
  }
}

import { eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { sites } from "./schema.ts";
import { limitLanguages, type SiteConfig } from "./site-config.ts";

export async function findSiteConfig(db: Database, code: string): Promise<SiteConfig> {
  const [row] = await db.select().from(sites).where(eq(sites.code, code)).limit(1);
  if (!row) throw new AppError("SERVICE_UNAVAILABLE", { message: `site ${code} is not configured` });
  return { code: row.code, name: row.name, languages: limitLanguages(row.languages), flags: row.flags };
}

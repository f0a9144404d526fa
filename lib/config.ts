// The environment is parsed once, at start; a bad value stops the process with a readable message.
import { z } from "zod";

/** An unset or empty variable is absent; a set one must be a URL. */
const optionalUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.url().optional(),
);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** PostgreSQL connection string. Absent: the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Which row of the `sites` table this process serves (languages, feature flags). */
  SITE_CODE: z.string().regex(/^[a-z0-9-]{2,32}$/).default("travesia"),
  /** Public origin used for canonical and hreflang links, e.g. https://www.travesia.mx */
  PUBLIC_ORIGIN: optionalUrl,
  /** Seed demo data at start (idempotent). Off in production once an operator owns the data. */
  SEED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  ConfigSchema,
  DEVELOPMENT_GUEST_ACCESS_SECRET,
  DEVELOPMENT_PREVIEW_SECRET,
  DEVELOPMENT_SANDBOX_PSP_SECRET_KEY,
  DEVELOPMENT_SANDBOX_PSP_WEBHOOK_SECRET,
  DEVELOPMENT_TICKET_SIGNING_SECRET,
  missingProductionSettings,
  parseConfig,
  PRODUCTION_SECRETS,
  publicOriginOf,
  siteOriginOf,
} from "./config.ts";

describe("parseConfig", () => {
  it("runs on nothing but NODE_ENV in development and tests: embedded defaults", () => {
    const config = parseConfig({ NODE_ENV: "development" });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: ".data",
      DATABASE_POOL_SIZE: 10,
      LOG_LEVEL: "info",
      SITE_CODE: "travesia",
      SEED: true,
      ENABLE_FAULT_ROUTES: false,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_ORIGIN).toBeUndefined();
  });

  it("reads set values with their types", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      PORT: "8080",
      DATABASE_URL: "postgres://app@db.internal:5432/travesia",
      DATABASE_POOL_SIZE: "25",
      SEED: "false",
      ENABLE_FAULT_ROUTES: "true",
      PUBLIC_ORIGIN: "https://www.travesia.mx",
      LOG_LEVEL: "warn",
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe("postgres://app@db.internal:5432/travesia");
    expect(config.DATABASE_POOL_SIZE).toBe(25);
    expect(config.SEED).toBe(false);
    expect(config.ENABLE_FAULT_ROUTES).toBe(true);
    expect(config.PUBLIC_ORIGIN).toBe("https://www.travesia.mx");
    expect(config.LOG_LEVEL).toBe("warn");
  });

  it("treats an empty URL variable as unset", () => {
    expect(parseConfig({ NODE_ENV: "test", DATABASE_URL: "", PUBLIC_ORIGIN: "  " }).DATABASE_URL).toBeUndefined();
  });

  it("ignores variables it does not know", () => {
    expect(() => parseConfig({ NODE_ENV: "test", HOME: "/root", SOMETHING_ELSE: "x" })).not.toThrow();
  });

  it("refuses bad values with a ConfigError that names every bad field", () => {
    let caught: unknown;
    try {
      parseConfig({
        NODE_ENV: "test",
        PORT: "eighty",
        LOG_LEVEL: "loud",
        DATABASE_URL: "not a url",
        SEED: "yes",
        SITE_CODE: "Bad Code!",
        SHUTDOWN_TIMEOUT_MS: "5",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const field of ["PORT", "LOG_LEVEL", "DATABASE_URL", "SEED", "SITE_CODE", "SHUTDOWN_TIMEOUT_MS"]) {
      expect(message).toMatch(new RegExp(`^  ${field}: `, "m"));
    }
    expect(message).not.toMatch(/DATA_DIR|HOST/);
  });

  it.each([
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "3.5"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "101"],
    ["NODE_ENV", "staging"],
    ["ENABLE_FAULT_ROUTES", "1"],
    ["PUBLIC_ORIGIN", "www.travesia.mx"],
    ["SANDBOX_PSP_WEBHOOKS_ENABLED", "yes"],
    ["SANDBOX_PSP_WEBHOOK_URL", "not a url"],
    ["UPLIFT_SCRIPT_URL", "http://cdn.example/up.js"],
    ["UPLIFT_SCRIPT_URL", "//cdn.example/up.js"],
  ])("refuses %s=%s", (name, value) => {
    expect(() => parseConfig({ NODE_ENV: "test", [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("runs jobs, keeps mail in the outbox and signs tickets with the development secret by default", () => {
    const config = parseConfig({ NODE_ENV: "test" });
    expect(config.JOBS_ENABLED).toBe(true);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe("Travesía <boletos@travesia.example>");
    expect(config.TICKET_SIGNING_SECRET).toBe(DEVELOPMENT_TICKET_SIGNING_SECRET);
    expect(parseConfig({ NODE_ENV: "test", JOBS_ENABLED: "false", SMTP_URL: "smtp://127.0.0.1:2525" })).toMatchObject({
      JOBS_ENABLED: false,
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    expect(parseConfig({ NODE_ENV: "test", SMTP_URL: " " }).SMTP_URL).toBeUndefined();
  });

  it("refuses an SMTP_URL that is not smtp(s) and a short ticket secret", () => {
    expect(() => parseConfig({ NODE_ENV: "test", SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ NODE_ENV: "test", TICKET_SIGNING_SECRET: "short" })).toThrow(/TICKET_SIGNING_SECRET/);
  });

  it("runs the sandbox's webhook delivery and keeps Uplift unloaded by default", () => {
    const config = parseConfig({ NODE_ENV: "test" });
    expect(config).toMatchObject({
      SANDBOX_PSP_WEBHOOKS_ENABLED: true,
      UPLIFT_API_KEY: "",
      UPLIFT_SCRIPT_URL: "/sandbox-uplift/v1/up.js",
      UPLIFT_CURRENCIES: ["USD", "CAD"],
    });
    expect(config.SANDBOX_PSP_WEBHOOK_URL).toBeUndefined();
    expect(() => parseConfig({ NODE_ENV: "test", UPLIFT_CURRENCIES: "USD,DOLLARS" })).toThrow(/UPLIFT_CURRENCIES/);
    expect(
      parseConfig({
        NODE_ENV: "test",
        SANDBOX_PSP_WEBHOOKS_ENABLED: "false",
        UPLIFT_API_KEY: " pk_live_1 ",
        UPLIFT_SCRIPT_URL: "https://cdn.uplift.example/up.js",
        UPLIFT_CURRENCIES: "usd, cad ,eur",
      }),
    ).toMatchObject({
      SANDBOX_PSP_WEBHOOKS_ENABLED: false,
      UPLIFT_API_KEY: "pk_live_1",
      UPLIFT_SCRIPT_URL: "https://cdn.uplift.example/up.js",
      UPLIFT_CURRENCIES: ["USD", "CAD", "EUR"],
    });
  });
});

/** Secrets of production's own: long, and none of them a development value. */
const OWN_SECRETS = {
  TICKET_SIGNING_SECRET: "a-ticket-signing-secret-of-the-operator-0001",
  SANDBOX_PSP_SECRET_KEY: "sk_live_operator_secret_key_0000000000001",
  SANDBOX_PSP_WEBHOOK_SECRET: "whsec_operator_webhook_signing_secret_0001",
  GUEST_ACCESS_SECRET: "an-operator-guest-access-secret-000000001",
  PERSONALIZATION_PREVIEW_SECRET: "an-operator-personalization-preview-secret-1",
  SEARCH_TOKEN_SECRET: "an-operator-search-token-secret-0000000001",
};

function refusalOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("the configuration was accepted");
}

describe("production's secrets", () => {
  it("refuses to start on nothing, naming every secret in one message", () => {
    const message = refusalOf({});
    for (const { name } of PRODUCTION_SECRETS) expect(message).toMatch(new RegExp(`^  ${name}: unset`, "m"));
    expect(PRODUCTION_SECRETS.map(({ name }) => name)).toEqual(Object.keys(OWN_SECRETS));
  });

  it.each([
    ["TICKET_SIGNING_SECRET", DEVELOPMENT_TICKET_SIGNING_SECRET],
    ["SANDBOX_PSP_SECRET_KEY", DEVELOPMENT_SANDBOX_PSP_SECRET_KEY],
    ["SANDBOX_PSP_WEBHOOK_SECRET", DEVELOPMENT_SANDBOX_PSP_WEBHOOK_SECRET],
    ["GUEST_ACCESS_SECRET", DEVELOPMENT_GUEST_ACCESS_SECRET],
    ["PERSONALIZATION_PREVIEW_SECRET", DEVELOPMENT_PREVIEW_SECRET],
  ])("refuses %s set to its public development value, and names only it", (name, value) => {
    const message = refusalOf({ NODE_ENV: "production", ...OWN_SECRETS, [name]: value });
    expect(message).toMatch(new RegExp(`^  ${name}: is the public development value`, "m"));
    expect(message.split("\n")).toHaveLength(2);
  });

  it.each(Object.keys(OWN_SECRETS))("refuses %s unset, blank or shorter than 32 characters", (name) => {
    const { [name as keyof typeof OWN_SECRETS]: _own, ...others } = OWN_SECRETS;
    expect(refusalOf({ NODE_ENV: "production", ...others })).toMatch(new RegExp(`^  ${name}: unset`, "m"));
    expect(refusalOf({ NODE_ENV: "production", ...others, [name]: "   " })).toMatch(
      new RegExp(`^  ${name}: unset`, "m"),
    );
    const short = refusalOf({ NODE_ENV: "production", ...others, [name]: "s3cr3t-but-only-31-characters.." });
    expect(short).toMatch(new RegExp(`^  ${name}: shorter than 32 characters$`, "m"));
    expect(short.split("\n")).toHaveLength(2);
  });

  it("lists the secrets beside the other bad values, one line each", () => {
    const message = refusalOf({
      ...OWN_SECRETS,
      PORT: "eighty",
      TICKET_SIGNING_SECRET: "short",
      GUEST_ACCESS_SECRET: DEVELOPMENT_GUEST_ACCESS_SECRET,
    });
    expect(message.split("\n").slice(1).sort()).toEqual([
      "  GUEST_ACCESS_SECRET: is the public development value: set a secret of your own",
      expect.stringMatching(/^ {2}PORT: /),
      "  TICKET_SIGNING_SECRET: shorter than 32 characters",
    ]);
  });

  it("starts in production on secrets of its own; development and tests keep the defaults", () => {
    expect(parseConfig({ NODE_ENV: "production", ...OWN_SECRETS })).toMatchObject(OWN_SECRETS);
    for (const NODE_ENV of ["development", "test"]) {
      expect(parseConfig({ NODE_ENV })).toMatchObject({
        TICKET_SIGNING_SECRET: DEVELOPMENT_TICKET_SIGNING_SECRET,
        GUEST_ACCESS_SECRET: DEVELOPMENT_GUEST_ACCESS_SECRET,
      });
    }
  });
});

describe("publicOriginOf", () => {
  it("is PUBLIC_ORIGIN's origin when set, else this development server on PORT", () => {
    expect(publicOriginOf(parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: "https://www.travesia.mx/" }))).toBe(
      "https://www.travesia.mx",
    );
    expect(publicOriginOf(parseConfig({ NODE_ENV: "test", PORT: "4520" }))).toBe("http://localhost:4520");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("reads addresses and CIDR blocks, and refuses anything else", () => {
    expect(
      parseConfig({ NODE_ENV: "test", TRUSTED_PROXIES: " 10.0.0.0/8, 192.0.2.7 ,fd00::/8" }).TRUSTED_PROXIES,
    ).toEqual(["10.0.0.0/8", "192.0.2.7", "fd00::/8"]);
    expect(parseConfig({ NODE_ENV: "test" }).TRUSTED_PROXIES).toEqual([]);
    for (const bad of ["proxy.internal", "10.0.0.0/33", "10.0.0.0/8/1", "::1/129"])
      expect(() => parseConfig({ NODE_ENV: "test", TRUSTED_PROXIES: bad }), bad).toThrow(ConfigError);
  });
});

describe("siteOriginOf", () => {
  it("never takes the request's host in production, and takes it in development only when nothing is configured", () => {
    expect(
      siteOriginOf(
        parseConfig({ ...OWN_SECRETS, PUBLIC_ORIGIN: "https://www.travesia.mx/" }),
        "http://evil.example/es/",
      ),
    ).toBe("https://www.travesia.mx");
    expect(siteOriginOf(parseConfig({ ...OWN_SECRETS, PORT: "3000" }), "http://evil.example/es/")).toBe(
      "http://localhost:3000",
    );
    expect(siteOriginOf(parseConfig({ NODE_ENV: "development" }), "http://127.0.0.1:5173/es/")).toBe(
      "http://127.0.0.1:5173",
    );
    expect(missingProductionSettings(parseConfig({ ...OWN_SECRETS }))).toEqual(["PUBLIC_ORIGIN"]);
    expect(
      missingProductionSettings(parseConfig({ ...OWN_SECRETS, PUBLIC_ORIGIN: "https://www.travesia.mx" })),
    ).toEqual([]);
    expect(missingProductionSettings(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
  });
});

describe("the README's settings table", () => {
  it("lists every variable the configuration reads, so no behaviour hides behind an unlisted setting", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const table = readme.split("\n").filter((line) => line.startsWith("| `"));
    const unlisted = Object.keys(ConfigSchema.shape).filter(
      (name) => !table.some((line) => line.split("|")[1]!.includes(`\`${name}\``)),
    );
    expect(unlisted).toEqual([]);
  });
});

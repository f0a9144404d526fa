import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { WEBHOOK_TOLERANCE_SECONDS, signWebhook, verifyWebhook } from "./webhook-signature.ts";

const SECRET = "whsec_test_secret_0123456789abcdefghij";
const BODY = '{"id":"evt_1","type":"payment.captured","data":{"amountMinor":125000}}';
const SENT = 1_900_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

describe("signWebhook", () => {
  it("signs timestamp.body with HMAC-SHA256, in the t=…,v1=… form", () => {
    // Known answer computed independently: printf '1900000000.{body}' | openssl dgst -sha256 -hmac SECRET
    const header = signWebhook({ secret: SECRET, rawBody: BODY, timestamp: SENT });
    expect(header).toBe("t=1900000000,v1=85b8e36fb61a6f0f43988348e007d6e982599c2278efca7b5bfb94e5fc06d9f7");
    expect(signWebhook({ secret: SECRET, rawBody: BODY, timestamp: SENT + 1 })).not.toBe(header);
    expect(signWebhook({ secret: `${SECRET}x`, rawBody: BODY, timestamp: SENT })).not.toBe(header);
  });
});

describe("verifyWebhook", () => {
  const header = signWebhook({ secret: SECRET, rawBody: BODY, timestamp: SENT });
  const verify = (overrides: Partial<Parameters<typeof verifyWebhook>[0]>) =>
    codeOf(() => verifyWebhook({ secret: SECRET, rawBody: BODY, header, now: at(SENT), ...overrides }));

  it("accepts a genuine delivery and returns its timestamp", () => {
    expect(verifyWebhook({ secret: SECRET, rawBody: BODY, header, now: at(SENT + 10) })).toEqual({ timestamp: SENT });
  });

  it("accepts up to the tolerance either way, and refuses one second beyond", () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(verify({ now: at(SENT + 300) })).toBeNull();
    expect(verify({ now: at(SENT - 300) })).toBeNull();
    expect(verify({ now: at(SENT + 301) })).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
    expect(verify({ now: at(SENT - 301) })).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
    expect(verify({ now: at(SENT + 30), toleranceSeconds: 29 })).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
  });

  it("refuses an old delivery replayed later, though its signature is genuine", () => {
    expect(verify({ now: at(SENT + 3600) })).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
  });

  it("refuses a tampered body, a wrong secret, or a timestamp moved to look fresh", () => {
    expect(verify({ rawBody: BODY.replace("125000", "1") })).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(verify({ rawBody: `${BODY} ` })).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(verify({ secret: "whsec_another_secret_0123456789abcdef" })).toBe("WEBHOOK_SIGNATURE_INVALID");
    const moved = header.replace(`t=${SENT}`, `t=${SENT + 3600}`);
    expect(verify({ header: moved, now: at(SENT + 3600) })).toBe("WEBHOOK_SIGNATURE_INVALID");
  });

  it("refuses missing and malformed headers", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "v1=abc",
      `t=${SENT}`,
      `t=soon,v1=${"a".repeat(64)}`,
      `t=${SENT},v1=${"g".repeat(64)}`,
      `t=${SENT},v1=${"a".repeat(63)}`,
      "t=1=2,v1=x",
    ]) {
      expect(verify({ header: bad }), String(bad)).toBe("WEBHOOK_SIGNATURE_INVALID");
    }
  });

  it("accepts any of several v1 values (secret rotation) and ignores unknown schemes", () => {
    const old = signWebhook({ secret: "whsec_old_secret_0123456789abcdefghij", rawBody: BODY, timestamp: SENT }).split(
      ",",
    )[1];
    const current = header.split(",")[1];
    expect(verify({ header: `t=${SENT},${old},${current}` })).toBeNull();
    expect(verify({ header: `t=${SENT},v0=zzz,${current}` })).toBeNull();
    expect(verify({ header: `t=${SENT},${old}` })).toBe("WEBHOOK_SIGNATURE_INVALID");
  });
});

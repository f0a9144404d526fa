import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  signStandardWebhook,
  verifyStandardWebhook,
  type SignedHeaders,
} from "./standard-webhooks.ts";

// The example of the Standard Webhooks specification: the same inputs must give its signature.
const SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const SPEC_TIMESTAMP = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';
const SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

const headersOf = (values: Record<string, string> | SignedHeaders) => new Headers({ ...values });

describe("Standard Webhooks signatures", () => {
  it("match the Standard Webhooks specification's example", () => {
    const headers = signStandardWebhook({
      secret: SPEC_SECRET,
      id: SPEC_ID,
      timestamp: SPEC_TIMESTAMP,
      body: SPEC_BODY,
    });
    expect(headers["webhook-signature"]).toBe(SPEC_SIGNATURE);
  });

  it("verify a genuine delivery, also among several signatures (a secret being rotated)", () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const signed = signStandardWebhook({ secret, id: "msg_1", timestamp, body: "{}" });
    const rotated = { ...signed, "webhook-signature": `v1,AAAA ${signed["webhook-signature"]}` };
    expect(verifyStandardWebhook({ secret, body: "{}", headers: headersOf(rotated), now })).toEqual({
      id: "msg_1",
      timestamp,
    });
  });

  it.each([
    ["another body", { body: "{ }" }, "WEBHOOK_SIGNATURE_INVALID"],
    ["another secret", { secret: newWebhookSecret() }, "WEBHOOK_SIGNATURE_INVALID"],
    ["a timestamp 6 minutes off", { now: new Date(Date.now() + 6 * 60_000) }, "WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE"],
  ])("refuse %s", (_name, change, code) => {
    const secret = newWebhookSecret();
    const now = new Date();
    const signed = signStandardWebhook({
      secret,
      id: "msg_2",
      timestamp: Math.floor(now.getTime() / 1000),
      body: "{}",
    });
    expect(() => verifyStandardWebhook({ secret, body: "{}", headers: headersOf(signed), now, ...change })).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it("refuse missing headers and an id changed after signing", () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const signed = signStandardWebhook({
      secret,
      id: "msg_3",
      timestamp: Math.floor(now.getTime() / 1000),
      body: "{}",
    });
    expect(() => verifyStandardWebhook({ secret, body: "{}", headers: headersOf({}), now })).toThrow(
      expect.objectContaining({ code: "WEBHOOK_SIGNATURE_INVALID" }),
    );
    expect(() =>
      verifyStandardWebhook({ secret, body: "{}", headers: headersOf({ ...signed, "webhook-id": "msg_4" }), now }),
    ).toThrow(expect.objectContaining({ code: "WEBHOOK_SIGNATURE_INVALID" }));
  });
});

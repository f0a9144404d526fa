import { describe, expect, it } from "vitest";
import { parseConfig } from "../lib/config.ts";
import {
  DELIVERY_BACKOFF_SECONDS,
  MAX_DELIVERY_ATTEMPTS,
  isDeliveredStatus,
  nextAttemptAfter,
  webhookTargetOf,
} from "./delivery.ts";

const NOW = new Date("2031-03-10T15:00:00Z");

describe("the retry schedule", () => {
  it("waits 1 s, 5 s, 30 s, 2 min, 10 min, then longer, and gives up after the 8th attempt", () => {
    const waits = [];
    for (let attempts = 1; attempts <= MAX_DELIVERY_ATTEMPTS; attempts += 1) {
      const next = nextAttemptAfter(attempts, NOW);
      waits.push(next === null ? null : (next.getTime() - NOW.getTime()) / 1000);
    }
    expect(waits).toEqual([1, 5, 30, 120, 600, 1800, 3600, null]);
    expect(DELIVERY_BACKOFF_SECONDS).toHaveLength(MAX_DELIVERY_ATTEMPTS - 1);
  });

  it("counts only a 2xx answer as delivered", () => {
    expect([200, 201, 204, 299].map(isDeliveredStatus)).toEqual([true, true, true, true]);
    expect([null, 199, 301, 400, 404, 500, 503].map(isDeliveredStatus)).toEqual(Array(7).fill(false));
  });
});

describe("the delivery target", () => {
  it("is our own receiver over loopback unless SANDBOX_PSP_WEBHOOK_URL says otherwise", () => {
    expect(webhookTargetOf(parseConfig({ NODE_ENV: "test", PORT: "4210" })).url).toBe(
      "http://127.0.0.1:4210/api/payments/webhook",
    );
    const config = parseConfig({
      NODE_ENV: "test",
      SANDBOX_PSP_WEBHOOK_URL: "https://merchant.example/hooks/psp",
      SANDBOX_PSP_WEBHOOK_SECRET: "whsec_a_secret_of_at_least_thirty_two_chars",
    });
    expect(webhookTargetOf(config)).toEqual({
      url: "https://merchant.example/hooks/psp",
      secret: "whsec_a_secret_of_at_least_thirty_two_chars",
    });
  });
});

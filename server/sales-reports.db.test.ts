// The console's staff API over HTTP (ADR 0039): a refund with an Idempotency-Key (a retry is
// the same refund), refusals as coded errors, and the sales report as JSON and as a CSV for Excel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { addToCart } from "../flows/cart.ts";
import type { BookingRow } from "../modules/bookings/index.ts";
import { findDaySailings, materializeSailings } from "../modules/inventory/index.ts";
import { bootCheckout, buyWithCard, GUEST_TEST_SECRET, type CheckoutHarness } from "../tests/factories/checkout.ts";

const DAY = "2031-05-12";
const NOW = new Date("2031-05-10T16:00:00Z");
const TOKEN = "admin-token-for-the-sales-report-tests-0123456789";

let harness: CheckoutHarness;
let booking: BookingRow;

beforeAll(async () => {
  harness = await bootCheckout(NOW, { ADMIN_API_TOKEN: TOKEN });
  const db = harness.runtime.database.db;
  await materializeSailings(db, { from: DAY, to: DAY, now: NOW });
  const [sailing] = await findDaySailings(db, [CROSSING_TO_ISLA], DAY, NOW);
  const { sessionId } = await addToCart(
    db,
    {
      sessionId: null,
      currency: "MXN",
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "one_way",
        date: DAY,
        returnDate: null,
        outboundSailingId: sailing!.id,
        inboundSailingId: null,
        category: "tourist",
        passengers: { adult: 2, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "es", now: NOW, holdSeconds: 900 },
  );
  booking = await buyWithCard(
    { db, provider: harness.provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: 900 },
    harness.provider,
    sessionId,
  );
});
afterAll(() => harness.runtime.database.close());

const auth = { Authorization: `Bearer ${TOKEN}` };

async function refund(body: unknown, key: string | null) {
  const response = await harness.app.request(`/api/admin/bookings/${booking.reference}/refunds`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error?: { code: string; issues?: { code: string }[] };
      refund?: { id: string; amountMinor: number; status: string };
      replayed?: boolean;
    },
  };
}

describe("POST /api/admin/bookings/{reference}/refunds", () => {
  it("refunds once per Idempotency-Key, and refuses with codes", async () => {
    expect(
      (await harness.app.request(`/api/admin/bookings/${booking.reference}/refunds`, { method: "POST", body: "{}" }))
        .status,
    ).toBe(401);
    const first = await refund({ amount: "30" }, "api-refund-0001");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ refund: { amountMinor: 3_000, status: "succeeded" }, replayed: false });
    const again = await refund({ amount: "30" }, "api-refund-0001");
    expect(again.body).toMatchObject({ refund: { id: first.body.refund!.id }, replayed: true });
    expect((await refund({ amount: "30" }, null)).status).toBe(400);
    const over = await refund({ amount: "100000" }, "api-refund-0002");
    expect([over.status, over.body.error?.code, over.body.error?.issues?.[0]?.code]).toEqual([
      422,
      "REFUND_EXCEEDS_PAID",
      `left:${booking.totalMinor - 3_000}`,
    ]);
  });
});

describe("the sales report", () => {
  it("as JSON nets the refund on the day it was given", async () => {
    const response = await harness.app.request("/api/admin/reports/sales?from=2031-05-10&to=2031-05-10&language=en", {
      headers: auth,
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      rows: { currency: string; grossMinor: number; refundedMinor: number; netMinor: number; netMxnMinor: number }[];
    };
    expect(report.rows).toEqual([
      expect.objectContaining({
        currency: "MXN",
        grossMinor: booking.totalMinor,
        refundedMinor: 3_000,
        netMinor: booking.totalMinor - 3_000,
        netMxnMinor: booking.totalMinor - 3_000,
      }),
    ]);
  });

  it("as CSV has a BOM, the header in the language asked, CRLF and plain decimals", async () => {
    const response = await harness.app.request(
      "/api/admin/reports/sales.csv?from=2031-05-01&to=2031-05-31&language=es",
      { headers: auth },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="travesia-sales-2031-05-01-2031-05-31.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe(
      "Día,Producto,Moneda,Reservas,Ventas,Reembolsos,Neto,Ventas (MXN),Reembolsos (MXN),Neto (MXN)",
    );
    const total = (booking.totalMinor / 100).toFixed(2);
    const net = ((booking.totalMinor - 3_000) / 100).toFixed(2);
    expect(lines[1]).toMatch(new RegExp(`^2031-05-10,[^,]+,MXN,1,${total},30\\.00,${net},${total},30\\.00,${net}$`));
    expect(lines.at(-1)).toBe("");
  });

  it("refuses a range that is not one", async () => {
    for (const query of [
      "from=2031-05-10&to=2031-05-01",
      "from=2030-01-01&to=2031-05-01",
      "from=2031-02-30&to=2031-03-01",
    ]) {
      const response = await harness.app.request(`/api/admin/reports/sales.csv?${query}`, { headers: auth });
      expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([
        400,
        "INVALID_DATE",
      ]);
    }
  });
});

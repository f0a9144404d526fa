import { describe, expect, it } from "vitest";
import { cursorText, readBookingQuery, readCursor } from "./console-queries.ts";

describe("readBookingQuery", () => {
  it.each([
    ["", { kind: "latest" }],
    ["   ", { kind: "latest" }],
    ["7k2m9q", { kind: "reference", reference: "7K2M9Q", name: "7k2m9q" }],
    ["Andres", { kind: "reference", reference: "ANDRES", name: "andres" }],
    ["Ana.Perez@Example.COM ", { kind: "email", email: "ana.perez@example.com" }],
    ["ana@", { kind: "email", email: "ana@" }],
    ["Lucía Hernández", { kind: "name", name: "lucía hernández" }],
    ["Poot", { kind: "name", name: "poot" }],
  ])("%j → %j", (text, query) => {
    expect(readBookingQuery(text)).toEqual(query);
  });

  it("reads at most 120 characters", () => {
    const query = readBookingQuery("x".repeat(500));
    expect(query.kind === "name" && query.name.length).toBe(120);
  });
});

describe("the search cursor", () => {
  it("reads back what it wrote", () => {
    const cursor = { createdAt: new Date("2026-11-21T15:04:05.678Z"), id: "0b6e9900-1234-4abc-8def-0123456789ab" };
    expect(readCursor(cursorText(cursor))).toEqual(cursor);
  });

  it.each([
    "",
    "garbage",
    "2026-11-21T15:04:05.678Z_not-a-uuid",
    "2026-13-45T99:99:99.999Z_0b6e9900-1234-4abc-8def-0123456789ab",
    null,
    undefined,
  ])("refuses %j", (text) => {
    expect(readCursor(text)).toBeNull();
  });
});

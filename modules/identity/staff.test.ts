import { describe, expect, it } from "vitest";
import { canStaff, isStaffRole, permissionsOf, STAFF_PERMISSIONS } from "./staff.ts";

describe("staff permissions", () => {
  it("gives the admin every permission and nobody else staff.manage or integrations", () => {
    expect(permissionsOf("admin")).toEqual([...STAFF_PERMISSIONS]);
    for (const role of ["operator", "agent"] as const) {
      expect(canStaff(role, "staff.manage")).toBe(false);
      expect(canStaff(role, "integrations")).toBe(false);
    }
  });

  it.each([
    ["operator", "refunds", true],
    ["operator", "timetable", true],
    ["agent", "boarding", true],
    ["agent", "walkup", true],
    ["agent", "bookings.read", true],
    ["agent", "refunds", false],
    ["agent", "closures", false],
    ["agent", "reports", false],
  ] as const)("%s may %s: %s", (role, permission, allowed) => {
    expect(canStaff(role, permission)).toBe(allowed);
  });

  it("refuses everything to a visitor", () => {
    for (const permission of STAFF_PERMISSIONS) expect(canStaff(null, permission)).toBe(false);
    expect(permissionsOf(null)).toEqual([]);
  });

  it("knows its roles", () => {
    expect(isStaffRole("agent")).toBe(true);
    expect(isStaffRole("root")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

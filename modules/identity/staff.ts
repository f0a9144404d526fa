// Who of the operator's staff may do what (ADR 0036). Three roles: the admin runs the whole
// console and grants roles; the operator runs the crossing (timetable, closures, fares, bookings,
// refunds, reports, boarding); the agent works at the pier (boarding, walk-up sales, finding a booking).
// Pure: the edges ask `canStaff` with the role they resolved and refuse with FORBIDDEN.

export const STAFF_ROLES = ["admin", "operator", "agent"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Timetable rules, the sailings they generate and vessel capacities. */
  "timetable",
  /** Closing or reopening a sailing or a day (weather, port authority) and rebooking its holders. */
  "closures",
  /** Fares, presale discounts, exchange rates, complements and their texts. */
  "pricing",
  /** Content slots of the personalization service. */
  "content",
  /** Finding bookings and reading their history. */
  "bookings.read",
  /** Changing a sold booking: the buyer's details, sending its tickets again, moving it. */
  "bookings.manage",
  /** Full and partial refunds through the payment provider. */
  "refunds",
  /** Sales reports and their CSV export. */
  "reports",
  /** The scanner, the day's signed ticket list and the live manifest. */
  "boarding",
  /** Selling at the booth through the same inventory. */
  "walkup",
  /** Outgoing webhook subscriptions and the public feeds' settings. */
  "integrations",
  /** Reading the audit log. */
  "audit.read",
  /** Granting and removing staff roles. */
  "staff.manage",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTS: Record<StaffRole, ReadonlySet<StaffPermission>> = {
  admin: new Set(STAFF_PERMISSIONS),
  operator: new Set<StaffPermission>([
    "timetable",
    "closures",
    "pricing",
    "content",
    "bookings.read",
    "bookings.manage",
    "refunds",
    "reports",
    "boarding",
    "walkup",
    "audit.read",
  ]),
  agent: new Set<StaffPermission>(["bookings.read", "boarding", "walkup"]),
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** True when a role (null: not staff) holds a permission. */
export function canStaff(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role ? GRANTS[role].has(permission) : false;
}

/** The permissions a role holds, in catalogue order (the console shows only these sections). */
export function permissionsOf(role: StaffRole | null | undefined): StaffPermission[] {
  return role ? STAFF_PERMISSIONS.filter((permission) => GRANTS[role].has(permission)) : [];
}

// The operator adds, changes and retires piers and crossings (ADR 0063). Each is one audited
// transaction (flows/staff-change.ts) under the timetable's lock, so no rule can start sailing a
// crossing while it is being retired. Retiring never deletes: sailings, bookings and the feed's
// history keep pointing at the record, which only stops being offered.
import { AppError } from "../lib/errors.ts";
import {
  assertPortRetirable,
  codeIssues,
  crossingIssues,
  findCrossingRecord,
  findCrossingRecords,
  findPortRecord,
  findTakenFutureSailingsOfCrossing,
  findTimetableRules,
  insertCrossing,
  insertPort,
  localDateOf,
  lockTimetable,
  portIssues,
  rulesUsingCrossing,
  updateCrossing,
  updatePort,
  type CrossingRecord,
  type PortInput,
  type PortRecord,
} from "../modules/inventory/index.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

function trimmedPort(input: PortInput): PortInput {
  const trim = (text: PortInput["name"]) => ({ es: text.es.trim(), en: text.en.trim(), pt: text.pt.trim() });
  return { name: trim(input.name), place: trim(input.place), latitude: input.latitude, longitude: input.longitude };
}

/** A new pier, in service; its code is unique and never changes (the feed and the URLs name it). */
export async function createPort(deps: StaffDeps, raw: PortInput & { code: string }): Promise<PortRecord> {
  return runAuditedChange(deps, { action: "port.create", entityType: "port", entityId: null }, async (tx) => {
    const code = raw.code.trim().toLowerCase();
    const input = trimmedPort(raw);
    const issues = [...codeIssues(code), ...portIssues(input)];
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    await lockTimetable(tx);
    const port = await insertPort(tx, code, input);
    return { result: port, before: null, after: port, entityId: String(port.id) };
  });
}

/** Renames a pier, moves its coordinates, or retires it (refused while a crossing in service uses it). */
export async function changePort(
  deps: StaffDeps,
  id: number,
  raw: PortInput & { active: boolean },
): Promise<PortRecord> {
  return runAuditedChange(deps, { action: "port.update", entityType: "port", entityId: String(id) }, async (tx) => {
    const input = trimmedPort(raw);
    const issues = portIssues(input);
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    await lockTimetable(tx);
    const before = await findPortRecord(tx, id, { lock: true });
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "port.id", code: "unknown_port" }] });
    if (before.active && !raw.active) assertPortRetirable(await findCrossingRecords(tx), id);
    const port = await updatePort(tx, id, { ...input, active: raw.active });
    return { result: port, before, after: port };
  });
}

/**
 * A new crossing between two piers in service. It starts out of service: the public pages list it only
 * once the operator has given it rules and put it in service, never as an empty timetable.
 */
export async function createCrossing(
  deps: StaffDeps,
  raw: { code: string; fromPortId: number; toPortId: number; durationMinutes: number; sortOrder: number },
): Promise<CrossingRecord> {
  return runAuditedChange(deps, { action: "crossing.create", entityType: "crossing", entityId: null }, async (tx) => {
    const code = raw.code.trim().toLowerCase();
    const issues = [
      ...codeIssues(code),
      ...crossingIssues(raw),
      ...(raw.fromPortId === raw.toPortId ? [{ path: "toPortId", code: "same_as_from" }] : []),
    ];
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    await lockTimetable(tx);
    const [from, to] = await Promise.all([findPortRecord(tx, raw.fromPortId), findPortRecord(tx, raw.toPortId)]);
    const portIssuesFound = [
      ...(from?.active ? [] : [{ path: "fromPortId", code: from ? "port_retired" : "unknown_port" }]),
      ...(to?.active ? [] : [{ path: "toPortId", code: to ? "port_retired" : "unknown_port" }]),
    ];
    if (portIssuesFound.length > 0) throw new AppError("INVALID_REQUEST", { issues: portIssuesFound });
    const crossing = await insertCrossing(tx, {
      code,
      fromPortId: raw.fromPortId,
      toPortId: raw.toPortId,
      durationMinutes: raw.durationMinutes,
      sortOrder: raw.sortOrder,
      active: false,
    });
    return { result: crossing, before: null, after: crossing, entityId: String(crossing.id) };
  });
}

/**
 * Changes a crossing's duration or order, puts it in service (both piers must be in service) or
 * retires it. Retiring is refused while a rule in force sails it or a sailing not yet departed has
 * seats taken on it: the issues name each rule (`rule.<id>` → in_force) and sailing (`taken:<n>`).
 */
export async function changeCrossing(
  deps: StaffDeps,
  id: number,
  raw: { durationMinutes: number; sortOrder: number; active: boolean },
): Promise<CrossingRecord> {
  return runAuditedChange(
    deps,
    { action: "crossing.update", entityType: "crossing", entityId: String(id) },
    async (tx) => {
      const issues = crossingIssues(raw);
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      await lockTimetable(tx);
      const before = await findCrossingRecord(tx, id, { lock: true });
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "crossing.id", code: "unknown_crossing" }] });
      if (!before.active && raw.active) {
        const [from, to] = await Promise.all([
          findPortRecord(tx, before.fromPortId),
          findPortRecord(tx, before.toPortId),
        ]);
        const retired = [from, to]
          .filter((port) => port && !port.active)
          .map((port) => ({ path: `port.${port!.code}`, code: "port_retired" }));
        if (retired.length > 0) throw new AppError("INVALID_REQUEST", { issues: retired });
      }
      if (before.active && !raw.active) {
        const rules = rulesUsingCrossing(await findTimetableRules(tx), id, localDateOf(deps.now));
        const taken = await findTakenFutureSailingsOfCrossing(tx, id, deps.now);
        if (rules.length > 0 || taken.length > 0) {
          throw new AppError("RECORD_IN_USE", {
            issues: [
              ...rules.map((rule) => ({ path: `rule.${rule.id}`, code: "in_force" })),
              ...taken.map((load) => ({ path: `sailing.${load.sailingId}`, code: `taken:${load.taken}` })),
            ],
          });
        }
      }
      const crossing = await updateCrossing(tx, id, {
        durationMinutes: raw.durationMinutes,
        sortOrder: raw.sortOrder,
        active: raw.active,
      });
      return { result: crossing, before, after: crossing };
    },
  );
}

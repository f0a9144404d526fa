export { auditEntries } from "./schema.ts";
export {
  findAuditEntries,
  recordChange,
  recordRefusal,
  SYSTEM_ACTOR,
  type AuditActor,
  type AuditEntry,
  type AuditInput,
  type AuditQuery,
} from "./audit.ts";

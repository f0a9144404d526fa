export { auditEntries } from "./schema.ts";
export {
  findAuditEntries,
  recordChange,
  recordRefusal,
  type AuditActor,
  type AuditEntry,
  type AuditInput,
  type AuditQuery,
} from "./audit.ts";

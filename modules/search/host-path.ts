// The host-path header of the search service: every
// call names the page it is made from, as host plus path ("www.travesia.mx/es/busqueda/"). The host
// must be this site's, which keeps other sites from spending our search; the path gives the language.
import { AppError } from "../../lib/errors.ts";
import { languageOfPath, type Language } from "../../lib/language.ts";

export const HOST_PATH_HEADER = "X-Host-Path";

const HOST_PATH = /^([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?)(\/[\x21-\x7e]{0,1024})?$/i;

export interface HostPath {
  host: string;
  path: string;
  language: Language;
}

/**
 * Reads the header: absent or malformed → INVALID_HOST_PATH (400); a host that is none of
 * `allowedHosts` (compared without case) → HOST_NOT_ALLOWED (403).
 */
export function readHostPath(value: string | undefined | null, allowedHosts: readonly string[]): HostPath {
  const issue = (code: string) =>
    new AppError("INVALID_HOST_PATH", { issues: [{ path: `header.${HOST_PATH_HEADER.toLowerCase()}`, code }] });
  if (value === undefined || value === null || value.trim() === "") throw issue("required");
  const match = HOST_PATH.exec(value.trim());
  if (!match?.[1]) throw issue("invalid");
  const host = match[1].toLowerCase();
  if (!allowedHosts.some((allowed) => allowed.toLowerCase() === host)) throw new AppError("HOST_NOT_ALLOWED");
  const path = match[2] ?? "/";
  return { host, path, language: languageOfPath(path) };
}

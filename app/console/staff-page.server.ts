// The console pages' gate (ADR 0036): a console loader or action starts with
// `requireStaffPage`. Nobody signed in goes to the sign-in page and comes back; a person whose role
// lacks the page's permission gets a 403 the console layout shows (and the attempt is audited). The
// refusal carries its own words: when an action throws it, React Router renders the layout's boundary
// without running the layout's loader (only routes above a boundary load after an action throws).
import { data, type RouterContextProvider } from "react-router";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { isAppError } from "../../lib/errors.ts";
import type { StaffPermission } from "../../modules/identity/index.ts";
import { PRIVATE_NO_STORE, toSignIn } from "../account/account.server.ts";
import {
  fieldText,
  requestContext,
  servicesContext,
  authorizeStaff,
  resolveCaller,
  type StaffActor,
} from "../../server/edge/index.ts";
import { CONSOLE_CATALOGUES } from "../../lib/i18n/console/catalogues.server.ts";

export { PRIVATE_NO_STORE };

export interface ConsoleArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The refusal a console page throws: the layout's error boundary shows it in the console's words. */
export interface ConsoleRefusal {
  code: "FORBIDDEN";
  /** A staff member whose role lacks the permission (else a person with no role at all). */
  staff: boolean;
  /** The refusal in the page's language, for a boundary rendered without the layout's data. */
  words: { console: string; title: string; body: string };
}

export async function requireStaffPage(
  { request, context }: ConsoleArgs,
  permission: StaffPermission | null,
): Promise<StaffActor> {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const caller = await resolveCaller(services, { cookie: request.headers.get("Cookie") });
  const language = languageOfPath(url.pathname);
  if (caller.kind === "anonymous") throw toSignIn(context, language, `${url.pathname}${url.search}`, []);
  try {
    return await authorizeStaff(services, caller, permission, {
      action: `${request.method} ${url.pathname}`,
      requestId: context.get(requestContext).requestId,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "FORBIDDEN")
      throw data<ConsoleRefusal>(refusalOf(caller.kind === "staff", language), {
        status: 403,
        headers: PRIVATE_NO_STORE,
      });
    throw error;
  }
}

function refusalOf(staff: boolean, language: Language): ConsoleRefusal {
  const messages = CONSOLE_CATALOGUES[language];
  const words = staff
    ? { title: messages["console.forbidden.title"], body: messages["console.forbidden.body"] }
    : { title: messages["console.notStaff.title"], body: messages["console.notStaff.body"] };
  return { code: "FORBIDDEN", staff, words: { console: messages["console.name"], ...words } };
}

/** A console form's field, trimmed and bounded: what a staff member typed, never more than `max`. */
export function formText(form: FormData, name: string, max = 200): string {
  return fieldText(form, name, max);
}

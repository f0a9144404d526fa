// The account mails as a job (ADR 0027): the job makes the link's token when it sends, so no queued
// row ever holds a usable token, and a refusing mail server means a retry with a fresh link.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import type { Language } from "../lib/language.ts";
import {
  findAccount,
  issueAccountToken,
  renderAccountEmail,
  type AccountEmailPurpose,
} from "../modules/identity/index.ts";
import type { JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";

const PayloadSchema = z.object({ userId: z.uuid(), purpose: z.enum(["confirm_email", "reset_password"]) });

export interface AccountEmailDeps {
  db: Database;
  mailer: Mailer;
  siteOrigin: string;
  /** The page a link opens, per purpose and language (the confirm page, or the forgot page's reset form). */
  linkPathOf: (purpose: AccountEmailPurpose, language: Language) => string;
}

export async function sendAccountEmail(
  deps: AccountEmailDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { userId, purpose } = PayloadSchema.parse(payload);
  const account = await findAccount(deps.db, userId);
  if (!account || !account.active || (purpose === "confirm_email" && account.confirmed)) {
    context.logger.info({ userId, purpose }, "account mail no longer needed");
    return;
  }
  const token = await issueAccountToken(deps.db, userId, purpose, context.now);
  const link = new URL(deps.linkPathOf(purpose, account.language), deps.siteOrigin);
  link.searchParams.set("token", token);
  const mail = renderAccountEmail(purpose, account.language, account.firstName, link.toString());
  await deps.mailer.send({
    to: account.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language: account.language,
    tag: `account-${purpose}`,
  });
}

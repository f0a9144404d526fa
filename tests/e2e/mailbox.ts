// What the e2e app's real SMTP server received (tests/setup/e2e-smtp.mjs), for journeys that follow
// a link in a mail: polls until a mail to `to` whose subject matches arrives.
import { expect } from "@playwright/test";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const MAILBOX_ORIGIN = process.env.E2E_MAILBOX_ORIGIN ?? "http://127.0.0.1:3213";

export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${MAILBOX_ORIGIN}/messages?to=${encodeURIComponent(to)}`);
        const mails = (await answer.json()) as ReceivedMail[];
        found = mails.reverse().find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: timeoutMs, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `origin` and carries a token. */
export function tokenLinkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\?token=[0-9a-f]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no token link in "${mail.subject}"`);
  return link;
}

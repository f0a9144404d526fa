// The benches' mail server: the bench servers send through it (SMTP_URL), so a bench can follow a link
// it was mailed (the account confirmation) the way a person would, on either backend.
import { startMailSink } from "../setup/mail-sink.mjs";

export async function startMailbox() {
  const sink = await startMailSink();
  return {
    url: sink.url,
    /** The first token link mailed to `to`, waiting for it up to `timeoutMs`. */
    async linkMailedTo(/** @type {string} */ to, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        for (const mail of sink.mailsTo(to)) {
          const link = /https?:\/\/\S+\?token=[0-9a-f]+/.exec(mail.text)?.[0];
          if (link) return link;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no link mailed to ${to} within ${timeoutMs} ms`);
    },
    close: sink.close,
  };
}

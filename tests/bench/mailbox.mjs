// The benches' mail server: the bench servers send through it (SMTP_URL), so a bench can follow a link
// it was mailed (the account confirmation) the way a person would, on either backend.
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/** @returns {Promise<{ url: string; linkMailedTo: (to: string, timeoutMs?: number) => Promise<string>; close: () => Promise<void> }>} */
export async function startMailbox() {
  /** @type {{ to: string[]; text: string }[]} */
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()), text: email.text ?? "" });
            callback();
          },
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const port = /** @type {import("node:net").AddressInfo} */ (server.server.address()).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async linkMailedTo(to, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mail = messages.find((message) => message.to.includes(to.toLowerCase()));
        const link = mail ? /https?:\/\/\S+\?token=[0-9a-f]+/.exec(mail.text)?.[0] : undefined;
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no link mailed to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

// One real SMTP server for the scripts that run outside Vitest (the e2e mail server, the benches, the
// load run): it accepts every message on a loopback port and keeps what a test reads of it. The
// Vitest tiers have tests/setup/smtp-sink.ts, which also keeps attachments and raw bytes.
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * @typedef {{ to: string[]; subject: string; text: string; html: string; hasPdf: boolean; receivedAt: number }} SunkMail
 * @param {{ port?: number; maxBytes?: number }} [options]
 */
export async function startMailSink({ port = 0, maxBytes = 20 * 1024 * 1024 } = {}) {
  /** @type {SunkMail[]} */
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: maxBytes,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
              hasPdf: (email.attachments ?? []).some((attachment) => attachment.mimeType === "application/pdf"),
              receivedAt: performance.now(),
            });
            callback();
          },
          (error) => callback(error),
        );
      });
    },
  });
  // A sender killed mid-message (the two-nodes bench SIGKILLs a node) resets its connection; that ends
  // the one conversation, not the sink, which an unheard 'error' event would bring down.
  server.on("error", () => {});
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const listening = /** @type {import("node:net").AddressInfo} */ (server.server.address()).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    /** @param {string} to */
    mailsTo: (to) => messages.filter((message) => message.to.includes(to.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

// Development only: the mail the embedded default kept instead of sending (no SMTP_URL), at
// /dev/outbox. Mounted by app.ts when NODE_ENV is not production.
import { Hono } from "hono";
import { escapeHtml } from "../lib/html.ts";
import type { Database } from "../lib/db.ts";
import { findOutboxMessage, listOutbox } from "../modules/mail/index.ts";

const PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a2e}table{border-collapse:collapse}td,th{padding:.35rem .75rem;border-bottom:1px solid #ddd;text-align:left}";

export function devOutboxRouter(db: Database) {
  const router = new Hono();
  router.get("/dev/outbox", async (c) => {
    const messages = await listOutbox(db, 200);
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.to)}</td>` +
          `<td><a href="/dev/outbox/${message.id}">${escapeHtml(message.subject)}</a></td>` +
          `<td>${escapeHtml(message.language)}</td><td>${escapeHtml(message.tag)}</td>` +
          `<td><a href="/dev/outbox/${message.id}.eml">.eml</a></td></tr>`,
      )
      .join("");
    c.header("Cache-Control", "no-store");
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Outbox</title><style>${PAGE_STYLE}</style>` +
        `<h1>Outbox (${messages.length})</h1>` +
        (messages.length === 0
          ? "<p>No mail yet. Mail is kept here because SMTP_URL is unset.</p>"
          : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Lang</th><th>Tag</th><th>Raw</th></tr></thead><tbody>${rows}</tbody></table>`),
    );
  });
  router.get("/dev/outbox/:file", async (c) => {
    const match = /^(\d{1,15})(\.eml)?$/.exec(c.req.param("file"));
    const message = match ? await findOutboxMessage(db, Number(match[1])) : null;
    c.header("Cache-Control", "no-store");
    if (!match || !message) return c.text("No such message", 404);
    if (match[2]) {
      c.header("Content-Disposition", `attachment; filename="message-${message.id}.eml"`);
      return c.body(message.raw, 200, { "Content-Type": "message/rfc822" });
    }
    // The mail's own HTML, shown as a mail client would: no scripts, no forms, nothing of this origin.
    c.header("Content-Security-Policy", "sandbox; default-src 'none'; img-src data: https:; style-src 'unsafe-inline'");
    return c.html(message.html);
  });
  return router;
}

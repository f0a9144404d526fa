// Both ways a message leaves: into the outbox (no SMTP_URL, the embedded default) keeping the whole
// MIME message with its attachment, and over real SMTP to a sink that parses what arrived.
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/setup/smtp-sink.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { createMailer, findOutboxMessage, listOutbox, type MailMessage } from "./index.ts";

let database: DatabaseHandle;
let sink: SmtpSink;
const FROM = "Travesía <boletos@travesia.example>";
// Not valid PDF, but binary: every byte value must survive the MIME round trip.
const attachmentBytes = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 37) % 256));

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: "ana.núñez@example.com",
    subject: "Tus boletos Travesía · reserva 7K2M9Q",
    text: "Hola Ana, tu reserva está confirmada.",
    html: "<p>Hola Ana, tu reserva está <strong>confirmada</strong>.</p>",
    attachments: [{ filename: "boletos-7K2M9Q.pdf", contentType: "application/pdf", content: attachmentBytes }],
    language: "es",
    tag: "booking-confirmation",
    ...overrides,
  };
}

beforeAll(async () => {
  database = await openSnapshot();
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink?.close();
  await database?.close();
});

describe("the outbox mailer (no SMTP_URL)", () => {
  it("keeps the message with its fields and the raw MIME message, attachment included", async () => {
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM }, database.db);
    expect(mailer.transport).toBe("outbox");
    const sent = await mailer.send(message());
    expect(sent.outboxId).not.toBeNull();
    const row = await findOutboxMessage(database.db, sent.outboxId!);
    expect(row).toMatchObject({
      to: "ana.núñez@example.com",
      from: FROM,
      subject: "Tus boletos Travesía · reserva 7K2M9Q",
      language: "es",
      tag: "booking-confirmation",
    });
    expect(row!.html).toContain("<strong>confirmada</strong>");
    expect(row!.raw).toContain("\r\n");

    const parsed = await PostalMime.parse(row!.raw);
    expect(parsed.subject).toBe("Tus boletos Travesía · reserva 7K2M9Q");
    expect(parsed.text?.trim()).toBe("Hola Ana, tu reserva está confirmada.");
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]!.filename).toBe("boletos-7K2M9Q.pdf");
    expect(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer).equals(attachmentBytes)).toBe(true);
    mailer.close();
  });

  it("lists the newest first", async () => {
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM }, database.db);
    await mailer.send(message({ subject: "first", attachments: [] }));
    await mailer.send(message({ subject: "second", attachments: [] }));
    const listed = await listOutbox(database.db);
    expect(listed.slice(0, 2).map((row) => row.subject)).toEqual(["second", "first"]);
    expect(await findOutboxMessage(database.db, 999_999)).toBeNull();
  });
});

describe("the SMTP mailer (SMTP_URL set)", () => {
  it("delivers to the server, attachment byte for byte, and keeps nothing in the outbox", async () => {
    const mailer = createMailer({ SMTP_URL: sink.url, MAIL_FROM: FROM }, database.db);
    expect(mailer.transport).toBe("smtp");
    const before = (await listOutbox(database.db)).length;
    const sent = await mailer.send(
      message({ to: "buyer@example.com", subject: "Your Travesía tickets · booking 7K2M9Q", language: "en" }),
    );
    expect(sent.outboxId).toBeNull();
    const mail = await sink.waitFor((received) => received.subject === "Your Travesía tickets · booking 7K2M9Q");
    expect(mail.recipients).toEqual(["buyer@example.com"]);
    expect(mail.from).toBe("boletos@travesia.example");
    expect(mail.headers["content-language"]).toBe("en");
    expect(mail.html).toContain("<strong>confirmada</strong>");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "boletos-7K2M9Q.pdf", contentType: "application/pdf" });
    expect(mail.attachments[0]!.content.equals(attachmentBytes)).toBe(true);
    expect((await listOutbox(database.db)).length).toBe(before);
    mailer.close();
  });

  it("throws when the server is unreachable, so the job that sends can retry", async () => {
    const mailer = createMailer({ SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: FROM }, database.db);
    await expect(mailer.send(message())).rejects.toThrow();
    mailer.close();
  });
});

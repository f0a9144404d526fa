// Playwright's mail server: a real SMTP server (smtp-server) the e2e app sends through (SMTP_URL), and
// an HTTP side for the tests to read what arrived: GET /messages?to=<address> → [{ to, subject, text,
// html }], newest last; GET /healthz for Playwright's readiness check. Ports: SMTP_PORT, HTTP_PORT.
import http from "node:http";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.HTTP_PORT);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
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
          });
          callback();
        },
        (error) => callback(error),
      );
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (url.pathname === "/healthz") return response.end("ok");
  if (url.pathname !== "/messages") {
    response.statusCode = 404;
    return response.end();
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify(to ? messages.filter((message) => message.to.includes(to)) : messages));
});
api.listen(httpPort, "127.0.0.1");

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    smtp.close(() => api.close(() => process.exit(0)));
  });
}

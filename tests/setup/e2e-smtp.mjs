// Playwright's mail server: a real SMTP server (tests/setup/mail-sink.mjs) the e2e app sends through
// (SMTP_URL), and an HTTP side for the tests to read what arrived: GET /messages?to=<address> →
// [{ to, subject, text, html }], oldest first; GET /healthz for Playwright's readiness check.
// Ports: SMTP_PORT, HTTP_PORT.
import http from "node:http";
import { startMailSink } from "./mail-sink.mjs";

const httpPort = Number(process.env.HTTP_PORT);
const sink = await startMailSink({ port: Number(process.env.SMTP_PORT) });

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (url.pathname === "/healthz") return response.end("ok");
  if (url.pathname !== "/messages") {
    response.statusCode = 404;
    return response.end();
  }
  const to = url.searchParams.get("to");
  const found = to ? sink.mailsTo(to) : sink.messages;
  response.setHeader("Content-Type", "application/json");
  response.end(
    JSON.stringify(found.map(({ to: recipients, subject, text, html }) => ({ to: recipients, subject, text, html }))),
  );
});
api.listen(httpPort, "127.0.0.1");

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    sink.close().then(() => api.close(() => process.exit(0)));
  });
}

// Request bodies over their route class's limit (server/body-limit.ts, ADR 0048), against the production
// build: answered 413 with a coded error (a page's in its language) before the body is read, whether
// the size is declared (an honest or a lying Content-Length) or the body is chunked without one. The server's resident memory shows it never held the body.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

/** What a client streams at most: far past every limit (the largest is 1 MiB). */
const STREAM_CAP_BYTES = 96 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 0x61);
const METRICS_TOKEN = "body-limit-test-metrics-token-0123456789";

let testDb: TestDatabase;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "3",
    LOG_LEVEL: "warn",
    METRICS_TOKEN,
  });
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Body bytes the socket took before the server answered or closed it. */
  sent: number;
}

/** Whether `raw` holds a whole answer: its head and the body its Content-Length or chunked framing says. */
function isComplete(raw: string): boolean {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = raw.slice(0, end);
  const body = raw.slice(end + 4);
  const length = /^content-length: (\d+)$/im.exec(head)?.[1];
  if (length !== undefined) return Buffer.byteLength(body) >= Number(length);
  return /^transfer-encoding: chunked$/im.test(head) ? body.endsWith("0\r\n\r\n") : false;
}

/**
 * Sends `head`, then streams the body (chunked when `chunked`) until the server answers or closes,
 * or STREAM_CAP_BYTES are sent; resolves with the answer and how much was sent.
 */
function sendOversized(head: string, options: { chunked: boolean; streamBytes?: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.origin);
    const socket = net.connect(Number(url.port), url.hostname);
    let sent = 0;
    let answer = "";
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      const [rawHead = "", ...rest] = answer.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(rawHead)?.[1] ?? 0);
      resolve({ status, head: rawHead, body: rest.join("\r\n\r\n"), sent });
    };
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => {
      answer += data;
      if (isComplete(answer)) {
        finish();
        socket.destroy();
      }
    });
    socket.on("close", finish);
    socket.on("error", () => finish());
    const cap = options.streamBytes ?? STREAM_CAP_BYTES;
    const pump = () => {
      while (!closed && !socket.destroyed && sent < cap && answer.length === 0) {
        const framed = options.chunked
          ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")])
          : CHUNK;
        sent += CHUNK.length;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      // Answered (or everything sent): wait for the server to close; a server that keeps reading never answers.
      if (sent >= cap && !socket.destroyed) setTimeout(() => socket.destroy(), 10_000);
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("timeout", () => reject(new Error("no answer")));
  });
}

async function residentBytes(): Promise<number> {
  const metrics = await (
    await fetch(`${server.origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1]);
}

const loginHead = (framing: string) =>
  `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;

describe("a body over its route class's limit", () => {
  it("chunked without Content-Length to POST /login: 413 PAYLOAD_TOO_LARGE at the limit, the rest unread", async () => {
    const before = await residentBytes();
    const answer = await sendOversized(loginHead("Transfer-Encoding: chunked"), { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('"code":"PAYLOAD_TOO_LARGE"');
    // The limit is 64 KiB; socket buffers on both ends take a few MiB more before the close arrives.
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    expect((await residentBytes()) - before).toBeLessThan(48 * 1024 * 1024);
  });

  it("declaring 600 MB that never comes (a lying Content-Length): 413 at once, before any body byte is awaited", async () => {
    const answer = await sendOversized(loginHead(`Content-Length: ${600 * 1024 * 1024}`), {
      chunked: false,
      streamBytes: 0,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('"PAYLOAD_TOO_LARGE"');
    // No body byte was sent: an answer at all shows the server did not wait for the 600 MB.
  });

  it("declaring 600 MB and streaming them to a page's form: 413 in the page's language, the rest unread", async () => {
    const head = `POST /es/carrito/mi-reserva/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${600 * 1024 * 1024}\r\n\r\n`;
    const answer = await sendOversized(head, { chunked: false });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('lang="es"');
    expect(answer.body).toContain("Solicitud demasiado grande");
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it("a body longer than its Content-Length: the server reads the declared bytes only and drops the connection", async () => {
    const before = await residentBytes();
    const answer = await sendOversized(loginHead("Content-Length: 20"), { chunked: false });
    // The bytes after the declared 20 read as a malformed next request: the server answers 400 and
    // closes while this client is still writing, so its kernel resets the connection, and a reset
    // discards an answer this client had received but not yet read (seen on a loaded machine). Either
    // way the server stopped reading long before the 16 MB this client would send to one that kept on.
    if (answer.status !== 0) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    expect((await residentBytes()) - before).toBeLessThan(48 * 1024 * 1024);
  });

  it("lets a body within the limit through: a scanner's sync of 500 scans, a wrong password", async () => {
    const wrong = await fetch(`${server.origin}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Username: "nadie@example.com", Password: "x".repeat(4_000) }),
    });
    expect(wrong.status).toBe(401);
    const scans = Array.from({ length: 500 }, (_, index) => ({
      id: crypto.randomUUID(),
      sailingId: 1,
      payload: `TRV1.AAAAAA-A${index}.${"A".repeat(400)}`,
      scannedAt: new Date().toISOString(),
      offline: true,
      deviceOutcome: "boarded",
    }));
    const sync = await fetch(`${server.origin}/api/boarding/scans`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deviceId: "device-test", scans }),
    });
    expect(sync.status).not.toBe(413);
  });
});

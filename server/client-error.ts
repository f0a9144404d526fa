// Requests Node refuses before they reach the app (oversized headers, malformed request lines) still
// get a clear 4xx — in the three languages, since the path could not be read.
import type { Duplex } from "node:stream";

const BODY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head><body>
<h1 lang="en">Request refused: the request headers are too large or malformed.</h1>
<p lang="es">Solicitud rechazada: los encabezados son demasiado grandes o no son válidos.</p>
<p lang="pt">Solicitação recusada: os cabeçalhos são grandes demais ou inválidos.</p>
</body></html>`;

export function badRequestForClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\nConnection: close\r\n\r\n${BODY}`,
  );
}

import { describe, expect, it } from "vitest";
import { clientErrorPage, languageOfRawRequest } from "./client-error.ts";
import { escapeHtml } from "../lib/html.ts";
import { internalErrorPage } from "./internal-error-page.ts";

describe("internalErrorPage", () => {
  it("is titled Internal Error in the path's language, with the server note and a link home", () => {
    const page = internalErrorPage("es", 500, "req-123");
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<title>Error interno</title>");
    expect(page).toContain("Ocurrió un error 500 en el servidor");
    expect(page).toContain("Referencia: req-123");
    expect(page).toContain('href="/es/"');
    expect(page).toContain('action="/es/busqueda/"');
  });

  it("calls a 400 a bad request, the request's and not the server's, in each language", () => {
    const page = internalErrorPage("pt", 400);
    expect(page).toContain("<title>Solicitação inválida</title>");
    expect(page).toContain("Erro 400: o problema está na solicitação, não no nosso servidor.");
    expect(page).not.toContain("no servidor</p>");
    expect(internalErrorPage("es", 400)).toContain(
      "Error 400: el problema está en la solicitud, no en nuestro servidor.",
    );
    expect(internalErrorPage("en", 400)).toContain("Error 400: the problem is in the request, not on our server.");
    expect(internalErrorPage("en", 400)).not.toContain("occurred on server");
    expect(clientErrorPage(431, "en")).toContain("Error 431: the problem is in the request");
  });

  it("has no script and escapes what it is given", () => {
    const page = internalErrorPage("en", 500, '<script>alert("x")</script>');
    expect(page).not.toMatch(/<script/i);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
});

describe("clientErrorPage", () => {
  it("answers in the language of a readable request line", () => {
    expect(languageOfRawRequest(Buffer.from("GET /pt/carrito/ HTTP/1.1\r\nHost: x\r\n"))).toBe("pt");
    expect(languageOfRawRequest(Buffer.from("GET /fr/ HTTP/1.1\r\n"))).toBeNull();
    expect(languageOfRawRequest(Buffer.from("\u0000\u0001garbage"))).toBeNull();
    expect(languageOfRawRequest(undefined)).toBeNull();
    const page = clientErrorPage(431, "pt");
    expect(page).toContain('<html lang="pt">');
    expect(page).toContain("<title>Solicitação grande demais</title>");
  });

  it("answers in all three languages, English first, when the path is unknown", () => {
    const page = clientErrorPage(431, null);
    expect(page).toContain("<title>Request too large · Solicitud demasiado grande · Solicitação grande demais</title>");
    for (const language of ["en", "es", "pt"]) expect(page).toContain(`<section lang="${language}"`);
    expect(page.match(/<h1/g)).toHaveLength(1);
  });
});

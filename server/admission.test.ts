import { describe, expect, it } from "vitest";
import { busyAnswer } from "./admission.ts";

const refusal = (url: string, requestId = "req-1") => {
  const answer = busyAnswer(
    { path: new URL(url).pathname, url, acceptLanguage: undefined, requestId },
    () => 0.5, // the same Retry-After for every refusal below
  );
  return { ...answer, body: Buffer.concat(answer.body).toString() };
};

describe("busyAnswer", () => {
  it("links each refused page back to its own path and query, escaped", () => {
    const first = refusal('http://front/es/rutas-horarios/?date=2026-12-20&note="<b>');
    const second = refusal("http://front/es/rutas-horarios/?date=2026-12-21");

    expect(first.body).toContain('href="/es/rutas-horarios/?date=2026-12-20&#38;note=%22%3Cb%3E"');
    expect(second.body).toContain('href="/es/rutas-horarios/?date=2026-12-21"');
    expect(second.body).not.toContain("2026-12-20");
    expect(first.body).not.toContain("\u0000");
    expect(first.body).toContain('<html lang="es"');
    expect(first.body).toContain(`<meta http-equiv="refresh" content="${first.headers["Retry-After"]}">`);
  });

  it("answers the API with its own request id in a coded body", () => {
    const first = JSON.parse(refusal("http://front/api/sailings?language=pt", "req-a").body);
    const second = JSON.parse(refusal("http://front/api/sailings?language=pt", "req-b").body);

    expect(first).toEqual({ error: { code: "SERVER_BUSY", retryAfter: 4, requestId: "req-a" } });
    expect(second.error.requestId).toBe("req-b");
  });
});

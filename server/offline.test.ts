import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../lib/language.ts";
import { OFFLINE_PATHS, offlinePage, offlineRoutes } from "./offline.ts";

describe("offline pages", () => {
  it("says 'Sin conexión' in Spanish, in sentence case, and has no script", () => {
    const page = offlinePage("es");
    expect(page).toContain("<title>Sin conexión</title>");
    expect(page).toContain("Lo sentimos, este contenido no puede mostrarse sin conexión");
    expect(page).toContain('href="" data-testid="offline-retry">Reintentar</a>');
    expect(page).not.toMatch(/<script/i);
  });

  it("are served at /offline/{lang}.html and nowhere else", async () => {
    const app = offlineRoutes();
    for (const language of LANGUAGES) {
      const response = await app.request(`/offline/${language}.html`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<html lang="${language}">`);
    }
    expect((await app.request("/offline/fr.html")).status).toBe(404);
    expect((await app.request("/offline/es.htm")).status).toBe(404);
  });

  it("are exactly the pages the service worker keeps", () => {
    const worker = readFileSync(new URL("../public/sw.js", import.meta.url), "utf8");
    const languages = /const LANGUAGES = (\[[^\]]*\]);/.exec(worker)?.[1];
    expect(JSON.parse(languages ?? "null")).toEqual([...LANGUAGES]);
    expect(worker).toContain("`/offline/${language}.html`");
    expect(OFFLINE_PATHS).toEqual(["/offline/es.html", "/offline/en.html", "/offline/pt.html"]);
  });
});

import { describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { LANGUAGES } from "../language.ts";
import { ESSENTIAL } from "./messages/essential.ts";
import { isPageLive } from "../routing/localized-paths.ts";
import { errorCopyOf, relatedLinksOf, searchActionOf, statusOfError } from "./error-copy.ts";

describe("errorCopyOf", () => {
  it("titles a 500 'Internal Error' in every language", () => {
    const { title } = errorCopyOf(500);
    expect(LANGUAGES.map((language) => ESSENTIAL[language][title])).toEqual([
      "Error interno",
      "Internal Error",
      "Erro interno",
    ]);
  });

  it.each([
    [400, "error.badRequestTitle"],
    [404, "error.notFoundTitle"],
    [405, "error.title"],
    [503, "error.title"],
  ] as const)("gives %i its own title", (status, title) => {
    expect(errorCopyOf(status).title).toBe(title);
  });
});

describe("the note under an error", () => {
  it.each([400, 404, 405, 413, 431])("puts a %i on the request", (status) => {
    expect(errorCopyOf(status).note).toBe("error.inRequest");
  });

  it.each([500, 503])("puts a %i on the server", (status) => {
    expect(errorCopyOf(status).note).toBe("error.onServer");
  });
});

describe("statusOfError", () => {
  it("reads the status of a thrown response and calls anything else a 500", () => {
    expect(statusOfError(new ErrorResponse(404, "Not Found", null))).toBe(404);
    expect(statusOfError(new ErrorResponse(405, "Method Not Allowed", null, true))).toBe(405);
    expect(statusOfError(new ErrorResponse(200, "OK", null))).toBe(500);
    expect(statusOfError(new Error("boom"))).toBe(500);
    expect(statusOfError("boom")).toBe(500);
    expect(statusOfError(null)).toBe(500);
  });
});

describe("relatedLinksOf", () => {
  it("starts with the way home and lists only pages that exist, in the page's language", () => {
    for (const language of LANGUAGES) {
      const links = relatedLinksOf(language);
      expect(links[0]).toEqual({ pageId: "home", href: `/${language}/`, label: "error.backHome" });
      for (const link of links) {
        expect(isPageLive(link.pageId)).toBe(true);
        expect(link.href.startsWith(`/${language}/`)).toBe(true);
      }
    }
  });
});

describe("searchActionOf", () => {
  it("is the search page of the language", () => {
    expect(LANGUAGES.map(searchActionOf)).toEqual(["/es/busqueda/", "/en/search/", "/pt/busca/"]);
  });
});

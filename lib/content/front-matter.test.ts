import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "./front-matter.ts";

describe("parseFrontMatter", () => {
  it("reads plain, quoted and boolean values and returns the body after the fence", () => {
    const { data, body } = parseFrontMatter(
      [
        "---",
        "title: Ferry a Isla Mujeres",
        'metaTitle: "Ferry: muelle y tarifas"',
        "toc: false",
        "# a comment",
        "---",
        "Hola.",
      ].join("\n"),
    );
    expect(data).toEqual({ title: "Ferry a Isla Mujeres", metaTitle: "Ferry: muelle y tarifas", toc: false });
    expect(body).toBe("Hola.");
  });

  it("keeps colons inside values and accepts Windows line ends and a BOM", () => {
    const { data } = parseFrontMatter("\uFEFF---\r\ndescription: Horario: 9:00–20:00\r\n---\r\n");
    expect(data["description"]).toBe("Horario: 9:00–20:00");
  });

  it.each([
    ["no opening fence", "title: x\n---\n"],
    ["no closing fence", "---\ntitle: x\n"],
    ["a line without a key", "---\njust text\n---\n"],
    ["a nested key", "---\n  title: x\n---\n"],
    ["a repeated key", "---\ntitle: a\ntitle: b\n---\n"],
  ])("refuses %s", (_case, source) => {
    expect(() => parseFrontMatter(source)).toThrow(FrontMatterError);
  });
});

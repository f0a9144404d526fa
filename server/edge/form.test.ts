import { describe, expect, it } from "vitest";
import { fieldText, formField, formValuesOf, readForm } from "./form.ts";

function formOf(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("formValuesOf", () => {
  it("trims and bounds text, keeps a raw field as typed, and reads an absent or file field as empty", () => {
    const form = formOf({ email: "  ana@example.com  ", password: " secret ", long: "abcdef", file: new Blob(["x"]) });
    const values = formValuesOf(form, {
      email: formField.text(254),
      password: formField.raw(4),
      long: formField.text(3),
      file: formField.text(),
      missing: formField.text(),
    });
    expect(values).toEqual({ email: "ana@example.com", password: " sec", long: "abc", file: "", missing: "" });
  });

  it("reads blank optional text as null, ids of up to 15 digits, and a choice or its fallback", () => {
    const form = formOf({
      date: "   ",
      line: " L1 ",
      out: " 42 ",
      back: "4x",
      big: "1234567890123456",
      trip: " open ",
      category: "vip",
    });
    const values = formValuesOf(form, {
      date: formField.optional(),
      line: formField.optional(),
      out: formField.id(),
      back: formField.id(),
      big: formField.id(),
      trip: formField.choice(["one_way", "round_trip", "open"], "one_way"),
      category: formField.choice(["tourist", "resident"], "tourist"),
    });
    expect(values).toEqual({
      date: null,
      line: "L1",
      out: 42,
      back: null,
      big: null,
      trip: "open",
      category: "tourist",
    });
  });

  it("reads a URL's query the same way", () => {
    expect(formValuesOf(new URLSearchParams("token= abc &x=1"), { token: formField.text(2) })).toEqual({ token: "ab" });
    expect(fieldText(new URLSearchParams("q=%20hola%20"), "q")).toBe("hola");
  });
});

describe("readForm", () => {
  it("reads a body that is not a form as an empty form", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await readForm(request, { intent: formField.text(20), line: formField.optional() })).toEqual({
      intent: "",
      line: null,
    });
  });
});

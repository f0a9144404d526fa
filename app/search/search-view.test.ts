// The results page's pure parts: grouping by type in rank order, snippets cut into marked runs.
import { describe, expect, it } from "vitest";
import { groupResults, snippetRuns, type ResultView } from "./search-view.ts";

const result = (position: number, type: ResultView["type"]): ResultView => ({
  id: `${type}-${position}`,
  position,
  type,
  title: `${type} ${position}`,
  url: `/en/${position}/`,
  context: null,
  snippet: "",
  highlights: [],
});

describe("groupResults", () => {
  it("orders groups by their best result and keeps the overall rank inside each", () => {
    const groups = groupResults([
      result(3, "faq"),
      result(1, "page"),
      result(2, "faq"),
      result(4, "product"),
      result(5, "page"),
    ]);
    expect(groups.map((group) => group.type)).toEqual(["page", "faq", "product"]);
    expect(groups[1]?.results.map((item) => item.position)).toEqual([2, 3]);
  });

  it("has no groups for no results", () => {
    expect(groupResults([])).toEqual([]);
  });
});

describe("snippetRuns", () => {
  it("cuts the snippet into plain and highlighted runs", () => {
    expect(
      snippetRuns("Isla Mujeres y Cancún", [
        [5, 12],
        [15, 21],
      ]),
    ).toEqual([
      { text: "Isla ", highlighted: false },
      { text: "Mujeres", highlighted: true },
      { text: " y ", highlighted: false },
      { text: "Cancún", highlighted: true },
    ]);
  });

  it("ignores ranges that overlap, are empty or fall outside", () => {
    expect(
      snippetRuns("abcdef", [
        [0, 3],
        [2, 4],
        [4, 4],
        [5, 99],
      ]),
    ).toEqual([
      { text: "abc", highlighted: true },
      { text: "def", highlighted: false },
    ]);
  });

  it("returns markup as text: the page writes runs as React text, never as HTML", () => {
    expect(
      snippetRuns("<b>x</b>", [[3, 4]])
        .map((run) => run.text)
        .join(""),
    ).toBe("<b>x</b>");
  });
});

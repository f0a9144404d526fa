import { expect, test } from "vitest";
import { ALWAYS_SHOWN_ABOVE, nextScrollState, SCROLL_TOLERANCE, type ScrollState } from "./header-visibility.ts";

const run = (positions: number[], start: ScrollState = { hidden: false, anchorY: 0 }) =>
  positions.reduce((state, y) => nextScrollState(state, y), start);

test("scrolling down past the top hides the header", () => {
  expect(run([50, 200, 400]).hidden).toBe(true);
});

test("scrolling up shows it again at once", () => {
  expect(run([200, 400, 380]).hidden).toBe(false);
});

test("near the top it always shows, even scrolling down", () => {
  expect(run([20, 40, ALWAYS_SHOWN_ABOVE]).hidden).toBe(false);
});

test("moves smaller than the tolerance change nothing", () => {
  const hidden = run([200, 400]);
  expect(run([400 - SCROLL_TOLERANCE + 1], hidden)).toEqual(hidden);
  const shown = run([400, 300]);
  expect(run([300 + SCROLL_TOLERANCE - 1], shown)).toEqual(shown);
});

test("slow scrolling in small steps still adds up against the last move that counted", () => {
  const steps = Array.from({ length: 5 }, (_, index) => 303 + index * 3);
  expect(run(steps, { hidden: false, anchorY: 300 }).hidden).toBe(true);
});

// The store badges show "<top line> <store name>" and are named by the full phrase: the two must agree
// in every language, or screen-reader and voice-control users hear something they cannot see.
import { expect, test } from "vitest";
import { en } from "../../../lib/i18n/messages/en.ts";
import { es } from "../../../lib/i18n/messages/es.ts";
import { pt } from "../../../lib/i18n/messages/pt.ts";

test.each([
  ["en", en],
  ["es", es],
  ["pt", pt],
] as const)("the %s badge names match their visible text", (_language, messages) => {
  expect(messages["appBanner.appStore"]).toBe(`${messages["appBanner.appStoreTop"]} App Store`);
  expect(messages["appBanner.googlePlay"]).toBe(`${messages["appBanner.googlePlayTop"]} Google Play`);
});

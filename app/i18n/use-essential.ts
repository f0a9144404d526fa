// Strings that work even without page data: the error screen's and the search box's.
import { ESSENTIAL, type EssentialKey } from "../../lib/i18n/messages/essential.ts";
import { interpolate, type Params } from "./translate.ts";
import { useLanguage } from "./use-translate.ts";

export function useEssential(): (key: EssentialKey, params?: Params) => string {
  const messages = ESSENTIAL[useLanguage()];
  return (key, params) => interpolate(messages[key], params);
}

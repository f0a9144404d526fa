// Hooks that give components the visitor's language and its strings.
import { useLocation, useRouteLoaderData } from "react-router";
import { languageOfPath, type Language } from "../../lib/language.ts";
import type { loader as rootLoader } from "../root.tsx";
import { createTranslate, type Translate } from "./translate.ts";

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

export function useLanguage(): Language {
  const root = useRootData();
  const location = useLocation();
  return root?.language ?? languageOfPath(location.pathname);
}

/** Page strings. Only for components rendered inside the app shell, where root data exists. */
export function useTranslate(): Translate {
  const root = useRootData();
  if (!root) throw new Error("useTranslate used outside the app shell");
  return createTranslate(root.messages, root.language);
}

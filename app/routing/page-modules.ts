// Which pages exist: page id → route module. Adding a page = writing its module and one line here.
import type { PageId } from "./pages.ts";

export const PAGE_MODULES: Partial<Record<PageId, string>> = {
  home: "routes/home.tsx",
};

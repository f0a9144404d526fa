export { sites } from "./schema.ts";
export { findSiteConfig } from "./queries.ts";
export { isFlagOn, limitLanguages, type SiteConfig } from "./site-config.ts";

export { sites } from "./schema.ts";
export { findSiteConfig } from "./queries.ts";
export {
  SITE_CONFIG_BOUND_MS,
  SITE_FLAGS,
  isFlagOn,
  limitLanguages,
  type SiteConfig,
  type SiteFlag,
} from "./site-config.ts";
